/**
 * `scan`: discovery → prefilter → semantic analysis → result model. Never writes anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { markerFindings, runEngine } from './rules/engine.js';
import { loadConfigForFile } from './discovery/tsconfig.js';
import { selectCandidates } from './analysis/candidates.js';
import { discoverFiles } from './discovery/discover.js';
import { readSourceFile } from './discovery/read.js';
import { createModuleResolver } from './discovery/resolve.js';
import { withBaseline, type BaselineFile } from './baseline.js';
import { RULES } from './rules/index.js';
import type { Rule } from './rules/rule.js';
import { SCHEMA_VERSION, compareDiagnostics, summarize, type FileDiagnostic, type ScanReport } from './model.js';
import { VERSION } from './version.js';
import type { RuleSetting } from './config.js';
import { SOURCE_EXTENSIONS, isSourceFileName } from './discovery/extensions.js';
import { gateFindings } from './gate.js';

export interface ScanOptions {
  /** Files or directories, relative to `cwd` or absolute. */
  paths: string[];
  cwd?: string;
  include?: string[];
  exclude?: string[];
  /** How to name `include` in the "nothing to scan" error (`--include`, or the config file). */
  includeOrigin?: string;
  maxFileBytes?: number;
  respectGitignore?: boolean;
  baseline?: BaselineFile;
  rules?: readonly Rule[];
  /** Per-rule severity from the configuration; `off` rules are not run. */
  ruleSettings?: Readonly<Record<string, RuleSetting>>;
  /** Globs of test files (default DEFAULT_TEST_FILE_GLOBS). */
  testFiles?: readonly string[];
  /** Keep findings in test files in the gate (default: their own group, outside it). */
  includeTests?: boolean;
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
  // A gate must never pass on nothing: an input that cannot be read, or no file at all, is a
  // usage error (exit 2), as ESLint does for a pattern that matches nothing.
  const unreadableInputs = inputFailures(discovery.diagnostics, paths, cwd, root);
  if (unreadableInputs.length) throw new UsageError(unreadableInputs.map((d) => d.message).join('\n'));
  if (discovery.files.length === 0) throw new UsageError(nothingToScan(paths, cwd, options));

  const total = discovery.files.length;
  let read = 0;
  const readWithProgress: typeof readSourceFile = (file) => {
    if (++read % 500 === 0) options.onProgress?.('reading', Math.min(read, total), total);
    return readSourceFile(file);
  };
  const { resolve, workspacePackageDir } = createModuleResolver();
  const candidates = selectCandidates(discovery.files, readWithProgress, resolve, workspacePackageDir);
  // A file named on the command line that cannot be read is an input failure too.
  const unreadableFiles = inputFailures(candidates.diagnostics, paths, cwd, root);
  if (unreadableFiles.length) throw new UsageError(unreadableFiles.map((d) => d.message).join('\n'));
  options.onProgress?.('analysing', candidates.texts.size, candidates.texts.size);

  const relative = (abs: string): string => path.relative(root, abs).split(path.sep).join('/');
  const allRules = options.rules ?? RULES;
  const settings = options.ruleSettings ?? {};
  const rules = allRules.filter((rule) => settings[rule.meta.id] !== 'off');
  const engine = runEngine({ files: candidates.texts, contextFiles: candidates.contextTexts, resolve, packageModules: candidates.packageModules, rules, relative });
  // Markers in files the analysis never loaded (no SDK import): still findings, so CI stays red.
  for (const [file, text] of candidates.markerTexts) {
    if (!candidates.texts.has(file)) engine.findings.push(...markerFindings(file, text, rules, relative));
  }

  const texts = new Map([...candidates.texts].map(([abs, text]) => [relative(abs), text]));
  const knownRuleIds = new Set(allRules.map((rule) => rule.meta.id));
  const { gated, suppressed, testFindings, diagnostics: suppressionDiagnostics } = gateFindings(engine.findings, texts, knownRuleIds, {
    ruleSettings: settings,
    testFiles: options.testFiles,
    includeTests: options.includeTests,
  });

  const diagnostics = [
    ...discovery.diagnostics,
    ...candidates.diagnostics,
    ...engine.diagnostics,
    ...suppressionDiagnostics,
    ...configDiagnostics(candidates.texts.keys(), root),
  ].sort(compareDiagnostics);
  const summary = summarize(gated, discovery.files.length, engine.filesAnalyzed);
  if (suppressed.length) summary.suppressed = suppressed.length;
  if (testFindings.length) summary.testFindings = testFindings.length;
  const report: ScanReport = {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'mcp-migrate', version: VERSION },
    command: 'scan',
    root: label,
    summary,
    findings: gated,
    ...(suppressed.length ? { suppressed } : {}),
    ...(testFindings.length ? { testFindings } : {}),
    diagnostics,
    durationMs: Math.round(performance.now() - started),
  };
  return options.baseline ? withBaseline(report, options.baseline) : report;
}

/** Diagnostics about the inputs themselves (the root, a named file or directory): nothing of them was read. */
function inputFailures(diagnostics: readonly FileDiagnostic[], paths: readonly string[], cwd: string, root: string): FileDiagnostic[] {
  const inputs = new Set(paths.map((p) => path.relative(root, path.resolve(cwd, p)).split(path.sep).join('/') || '.'));
  return diagnostics.filter((d) => (d.kind === 'not-found' || d.kind === 'unreadable' || d.kind === 'symlink-loop') && inputs.has(d.file || '.'))
    .map((d) => (d.kind === 'not-found' ? d : { ...d, message: `cannot read ${d.file === '.' ? paths.join(' ') : d.file}: ${d.message}` }));
}

/** What matched nothing, in words: the include globs, a file that is not source, or an empty tree. */
function nothingToScan(paths: readonly string[], cwd: string, options: ScanOptions): string {
  const where = paths.join(' ');
  const extensions = SOURCE_EXTENSIONS.join(' ');
  const notSource = paths.filter((p) => {
    try {
      return fs.statSync(path.resolve(cwd, p)).isFile() && !isSourceFileName(path.basename(p));
    } catch {
      return false;
    }
  });
  if (notSource.length === paths.length) return `nothing to scan: ${notSource.join(', ')} ${notSource.length === 1 ? 'is not a source file' : 'are not source files'} (${extensions})`;
  if (options.include?.length) {
    const globs = options.include.map((g) => `"${g}"`).join(', ');
    return `nothing to scan: ${options.includeOrigin ?? '--include'} ${globs} matched no source file (${extensions}) in ${where}`;
  }
  return `nothing to scan: no source files (${extensions}) in ${where} that are not ignored (.gitignore, .mcp-migrateignore) or excluded`;
}

/** Problems in the tsconfig files that govern analysed files (a missing `extends` base, bad JSON). */
function configDiagnostics(files: Iterable<string>, root: string): FileDiagnostic[] {
  const seen = new Map<string, FileDiagnostic>();
  for (const file of files) {
    for (const d of loadConfigForFile(file, root)?.diagnostics ?? []) seen.set(`${d.file}\0${d.message}`, d);
  }
  return [...seen.values()];
}
