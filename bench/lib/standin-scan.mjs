#!/usr/bin/env node
// A STAND-IN for `mcp-migrate scan`, used only to debug the bench harness before the real CLI exists:
//   MCP_MIGRATE_CMD="node bench/lib/standin-scan.mjs" npm run bench
// It walks the given paths (skipping node_modules, dist, coverage, tmp and dot-dirs), keeps files that
// import an MCP SDK package (word prefilter on import specifiers), and reports regex "findings" in the
// JSON contract shape. Its numbers mean nothing about mcp-migrate.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
if (args[0] !== 'scan') { console.error('stand-in only supports: scan <paths...> --format json'); process.exit(2); }
const paths = [];
for (let i = 1; i < args.length; i++) {
  if (args[i] === '--format' || args[i] === '--fail-on') { i++; continue; }
  if (args[i].startsWith('-')) continue;
  paths.push(args[i]);
}
if (paths.length === 0) paths.push('.');
const root = paths.length === 1 ? paths[0] : '.';
const SKIP = new Set(['node_modules', 'dist', 'coverage', 'tmp']);
const SRC = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*)['"]@modelcontextprotocol\/(?:sdk\/(?!client)|server|node|express)/;
const RULES = [
  [/sessionIdGenerator\s*:/, 'session-transport/session-id-generator', 'session-transport'],
  [/['"]mcp-session-id['"]/i, 'session-transport/session-header', 'session-transport'],
  [/\bisInitializeRequest\(/, 'session-transport/initialize-routing', 'session-transport'],
  [/\b(?:extra|ctx)\.sessionId\b/, 'session-state/session-id-read', 'session-state'],
  [/\.createMessage\(/, 'deprecated-feature/sampling', 'deprecated-feature'],
  [/\.listRoots\(/, 'deprecated-feature/roots', 'deprecated-feature'],
  [/\.sendLoggingMessage\(/, 'deprecated-feature/logging', 'deprecated-feature'],
];
const files = [];
function walk(abs) {
  let st;
  try { st = fs.lstatSync(abs); } catch { return; }
  if (st.isSymbolicLink()) return;
  if (st.isFile()) { if (SRC.test(abs) && !abs.endsWith('.d.ts')) files.push(abs); return; }
  if (!st.isDirectory()) return;
  for (const name of fs.readdirSync(abs).sort()) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    walk(path.join(abs, name));
  }
}
for (const p of paths) walk(path.resolve(p));
const findings = [];
let analyzed = 0;
for (const abs of files) {
  const text = fs.readFileSync(abs, 'utf8');
  if (!IMPORT.test(text)) continue;
  analyzed++;
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const [re, ruleId, category] of RULES) {
      const m = re.exec(line);
      if (!m) continue;
      findings.push({ ruleId, category, severity: 'error', file: path.relative(path.resolve(root), abs).split(path.sep).join('/'),
        line: i + 1, column: m.index + 1, endLine: i + 1, endColumn: m.index + 1 + m[0].length, message: 'stand-in', fix: 'manual',
        docs: `docs/rules/${ruleId}.md`, fingerprint: 'x' });
    }
  });
}
findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
const byCategory = {};
for (const f of findings) byCategory[f.category] = (byCategory[f.category] ?? 0) + 1;
process.stdout.write(JSON.stringify({ schemaVersion: 1, tool: { name: 'mcp-migrate', version: '0.0.0-standin' }, command: 'scan', root,
  summary: { filesScanned: files.length, filesAnalyzed: analyzed, findings: findings.length, byCategory, bySeverity: { error: findings.length } },
  findings, diagnostics: [] }, null, 2) + '\n');
