/**
 * `scan`: discovery → prefilter → semantic analysis → result model. Never writes anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { runEngine, type RawFinding } from './analysis/engine.js';
import { loadConfigForFile } from './discovery/tsconfig.js';
import { selectCandidates } from './analysis/candidates.js';
import { discoverFiles } from './discovery/discover.js';
import { readSourceFile } from './discovery/read.js';
import { createModuleResolver } from './discovery/resolve.js';
import { fingerprint, withBaseline, type BaselineFile } from './baseline.js';
import { RULES } from './rules/index.js';
import type { Rule } from './rules/rule.js';
import { SCHEMA_VERSION, compareDiagnostics, compareFindings, ruleDocPath, summarize, type FileDiagnostic, type Finding, type ScanReport } from './model.js';
import { VERSION } from './version.js';

export interface ScanOptions {
  /** Files or directories, relative to `cwd` or absolute. */
  paths: string[];
  cwd?: string;
  include?: string[];
  exclude?: string[];
  maxFileBytes?: number;
  respectGitignore?: boolean;
  baseline?: BaselineFile;
  rules?: readonly Rule[];
  /** Called with coarse progress (phase names) for long scans. */
  onProgress?: (phase: string, done: number, total: number) => void;
}

export class UsageError extends Error {}

/** The report root: a single directory argument, else the working directory. */
export function reportRoot(paths: readonly string[], cwd: string): { root: string; label: string } {
  if (paths.length === 1) {
    const abs = path.resolve(cwd, paths[0]!);
    try {
      if (fs.statSync(abs).isDirectory()) return { root: abs, label: paths[0]! };
    } catch {
      /* reported by discovery as not-found */
    }
  }
  return { root: cwd, label: '.' };
}

export async function scan(options: ScanOptions): Promise<ScanReport> {
  const started = performance.now();
  const cwd = options.cwd ?? process.cwd();
  const paths = options.paths.length ? options.paths : ['.'];
  const { root, label } = reportRoot(paths, cwd);
  const discovery = await discoverFiles(paths.map((p) => path.resolve(cwd, p)), {
    root,
    include: options.include,
    exclude: options.exclude,
    maxFileBytes: options.maxFileBytes,
    respectGitignore: options.respectGitignore,
  });
  const missing = discovery.diagnostics.filter((d) => d.kind === 'not-found');
  if (missing.length) throw new UsageError(missing.map((d) => d.message).join('\n'));

  const total = discovery.files.length;
  let read = 0;
  const readWithProgress: typeof readSourceFile = (file) => {
    if (++read % 500 === 0) options.onProgress?.('reading', Math.min(read, total), total);
    return readSourceFile(file);
  };
  const { resolve } = createModuleResolver();
  const candidates = selectCandidates(discovery.files, readWithProgress, resolve);
  options.onProgress?.('analysing', candidates.texts.size, candidates.texts.size);

  const relative = (abs: string): string => path.relative(root, abs).split(path.sep).join('/');
  const engine = runEngine({ files: candidates.texts, resolve, rules: options.rules ?? RULES, relative });

  const findings = toFindings(engine.findings);
  const diagnostics = [
    ...discovery.diagnostics,
    ...candidates.diagnostics,
    ...engine.diagnostics,
    ...configDiagnostics(candidates.texts.keys(), root),
  ].sort(compareDiagnostics);
  const report: ScanReport = {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'mcp-migrate', version: VERSION },
    command: 'scan',
    root: label,
    summary: summarize(findings, discovery.files.length, engine.filesAnalyzed),
    findings,
    diagnostics,
    durationMs: Math.round(performance.now() - started),
  };
  return options.baseline ? withBaseline(report, options.baseline) : report;
}

/** Rule metadata, doc path and a baseline fingerprint for each raw finding, in report order. */
function toFindings(raws: readonly RawFinding[]): Finding[] {
  const findings = raws.map((raw) => {
    const { meta } = raw.rule;
    const finding: Finding = {
      ruleId: meta.id,
      category: meta.category,
      severity: raw.severity ?? meta.severity,
      file: raw.file,
      line: raw.line,
      column: raw.column,
      endLine: raw.endLine,
      endColumn: raw.endColumn,
      message: raw.message,
      fix: meta.fix,
      docs: ruleDocPath(meta.id),
      fingerprint: '',
    };
    if (raw.chain) finding.chain = raw.chain;
    return { finding, lineText: raw.lineText };
  });
  findings.sort((a, b) => compareFindings(a.finding, b.finding));
  // The nth identical (rule, file, line text) gets occurrence n: fingerprints survive line shifts.
  const occurrences = new Map<string, number>();
  for (const { finding, lineText } of findings) {
    const key = `${finding.ruleId}\0${finding.file}\0${lineText.replace(/\s+/g, ' ').trim()}`;
    const occurrence = occurrences.get(key) ?? 0;
    occurrences.set(key, occurrence + 1);
    finding.fingerprint = fingerprint(finding.ruleId, finding.file, lineText, occurrence);
  }
  return findings.map(({ finding }) => finding);
}

/** Problems in the tsconfig files that govern analysed files (a missing `extends` base, bad JSON). */
function configDiagnostics(files: Iterable<string>, root: string): FileDiagnostic[] {
  const seen = new Map<string, FileDiagnostic>();
  for (const file of files) {
    for (const d of loadConfigForFile(file, root)?.diagnostics ?? []) seen.set(`${d.file}\0${d.message}`, d);
  }
  return [...seen.values()];
}
