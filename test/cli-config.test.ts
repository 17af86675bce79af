/**
 * Settings on the command line, as ESLint and knip users expect them: `--config <file>`, the
 * configuration found above the scanned directory, `rules <id>` for one rule's doc, suggestions for
 * a misspelt rule id, and every default in the help said once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_METAS } from '../src/rules/index.js';
import { runCli } from './support/run-cli.js';
import { tempTree } from './support/temp-tree.js';

const SESSIONFUL = `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';
export const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
`;
const RULE = 'session-transport/session-id-generator';

describe('where the settings come from', () => {
  it('--config names the file; without it the nearest one above the scanned directory applies, globs and all', async () => {
    const repo = tempTree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'mcp-migrate.config.json': JSON.stringify({ rules: { [RULE]: 'warning' }, exclude: ['packages/server/src/legacy/**'] }),
      'ci/strict.json': JSON.stringify({ rules: { [RULE]: 'off' } }),
      'packages/server/src/server.ts': SESSIONFUL,
      'packages/server/src/legacy/old.ts': SESSIONFUL,
    });
    const server = path.join(repo, 'packages/server');
    const found = await runCli(['scan', '-f', 'json', '--fail-on', 'none'], { cwd: server });
    const findings = (JSON.parse(found.stdout) as { findings: Array<{ file: string; severity: string }> }).findings;
    expect(findings.map((f) => [f.file, f.severity])).toEqual([['src/server.ts', 'warning']]); // the rule's setting, and src/legacy excluded
    const named = await runCli(['scan', server, '-f', 'json', '--config', 'ci/strict.json'], { cwd: repo });
    expect(JSON.parse(named.stdout).findings).toEqual([]);
    expect(named.code).toBe(0);
  });

  it('a broken configuration is a usage error that says where, line:column', async () => {
    const dir = tempTree({ 'mcp-migrate.config.json': '{\n  "failOn": "error",\n}\n', 'src/server.ts': SESSIONFUL });
    const result = await runCli(['scan', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-migrate: mcp-migrate.config.json:3:1: not valid JSON (unexpected "}"); comments go in "$comment" keys\n');
  });

  it('a misspelt rule id gets the rule it was probably meant to be', async () => {
    const dir = tempTree({ 'mcp-migrate.config.json': JSON.stringify({ rules: { 'session-transport/session-id-generater': 'off' } }), 'src/server.ts': SESSIONFUL });
    const result = await runCli(['scan', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`unknown rule "session-transport/session-id-generater" (did you mean "${RULE}"?)`);
  });
});

describe('rules <id>', () => {
  it('prints the rule\'s doc page as it ships', async () => {
    const result = await runCli(['rules', RULE]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(fs.readFileSync(path.resolve(import.meta.dirname, '..', 'docs/rules', `${RULE}.md`), 'utf8'));
    const json = JSON.parse((await runCli(['rules', RULE, '-f', 'json'])).stdout) as { id: string; doc: string; severity: string };
    expect(json).toMatchObject({ id: RULE, severity: RULE_METAS.find((m) => m.id === RULE)!.severity });
    expect(json.doc).toBe(result.stdout);
  });

  it('refuses an unknown id with a suggestion', async () => {
    const result = await runCli(['rules', 'session-state/keyed-stor']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-migrate: unknown rule "session-state/keyed-stor" (did you mean "session-state/keyed-store"?) (`mcp-migrate rules` lists them)\n');
  });
});

describe('help', () => {
  /** Each option of a help text with its whole (wrapped) description. */
  const optionEntries = (help: string): string[] => {
    const entries: string[] = [];
    for (const line of help.split('\n')) {
      if (/^ {2}-/.test(line)) entries.push(line.trim());
      else if (/^ {10,}\S/.test(line) && entries.length) entries[entries.length - 1] += ` ${line.trim()}`;
      else if (!/^\s/.test(line)) entries.push(''); // a heading ends the entry before it
    }
    return entries.filter(Boolean);
  };

  it.each(['scan', 'apply', 'rules', 'init', 'transforms'])('`%s --help` says each default once', async (command) => {
    const result = await runCli([command, '--help'], { columns: 80 });
    expect(result.code).toBe(0);
    const entries = optionEntries(result.stdout);
    expect(entries.length).toBeGreaterThan(2);
    for (const entry of entries) expect(entry.match(/\bdefault\b/gi)?.length ?? 0, entry).toBeLessThanOrEqual(1);
    if (command === 'apply') expect(entries.find((e) => e.startsWith('--handle-ttl'))).toMatch(/\(default: 24h\)$/);
  });
});
