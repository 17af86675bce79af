/**
 * `scan`: discovery → prefilter → semantic analysis → result model. Never writes anything.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigForFile } from './discovery/tsconfig.js';
import { withBaseline, type BaselineFile } from './baseline.js';
import { RULES } from './rules/index.js';
import type { Rule } from './rules/rule.js';
import { SCHEMA_VERSION, compareDiagnostics, summarize, type FileDiagnostic, type ScanReport } from './model.js';
import { VERSION } from './version.js';
import type { RuleSetting } from './config.js';
import { SOURCE_EXTENSIONS, isSourceFileName } from './discovery/extensions.js';
import { UsageError, discoverSources, readSources } from './pipeline/load.js';
import { judge } from './pipeline/judge.js';
import { ScanCache, type CachedJudgement } from './pipeline/scan-cache.js';

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
  /**
   * Directory of the scan cache (`--cache`): the judgement of a scan of the same inputs with the same build
   * and settings is read from it instead of analysing again, and a fresh one is written to it. Off when unset.
   * Custom `rules` are keyed by their ids only: change an id (or leave the cache off) when their code changes.
   */
  cacheDirectory?: string;
}

export async function scan(options: ScanOptions): Promise<ScanReport> {
  const started = performance.now();
  const cwd = options.cwd ?? process.cwd();
  const paths = options.paths.length ? options.paths : ['.'];
  const discovered = await discoverSources({ ...options, paths, cwd });
  const { root, label, discovery } = discovered;
  // A gate must never pass on nothing: an input that cannot be read, or no file at all, is a
  // usage error (exit 2), as ESLint does for a pattern that matches nothing.
  const unreadableInputs = inputFailures(discovery.diagnostics, paths, cwd, root);
  if (unreadableInputs.length) throw new UsageError(unreadableInputs.map((d) => d.message).join('\n'));
  if (discovery.files.length === 0) throw new UsageError(nothingToScan(paths, cwd, options, discovery.diagnostics));

  const sources = readSources(discovered, options);
  // A file named on the command line that cannot be read is an input failure too (discovery's own were thrown above).
  const unreadableFiles = inputFailures(sources.diagnostics, paths, cwd, root);
  if (unreadableFiles.length) throw new UsageError(unreadableFiles.map((d) => d.message).join('\n'));
  options.onProgress?.('analysing', sources.files.size, sources.files.size);

  const allRules = options.rules ?? RULES;
  const settings = options.ruleSettings ?? {};
  const rules = allRules.filter((rule) => settings[rule.meta.id] !== 'off');
  const gateSettings = { ruleSettings: settings, testFiles: options.testFiles, includeTests: options.includeTests };
  const judgeSources = (resolve: typeof sources.resolve, dependencyMajor: typeof sources.dependencyMajor): CachedJudgement => {
    const { engine, gate } = judge({
      sources: { files: sources.files, contextFiles: sources.contextFiles, resolve, packageModules: sources.packageModules, dependencyMajor, relative: sources.relative },
      rules,
      knownRuleIds: new Set(allRules.map((rule) => rule.meta.id)),
      markerTexts: sources.markerTexts,
      gate: gateSettings,
    });
    return { gate, engineDiagnostics: engine.diagnostics, filesAnalyzed: engine.filesAnalyzed };
  };
  let judged: CachedJudgement;
  if (options.cacheDirectory) {
    const cache = new ScanCache(options.cacheDirectory, {
      files: sources.files,
      contextFiles: sources.contextFiles,
      packageModules: sources.packageModules,
      markerTexts: sources.markerTexts,
      settings: { root, rules: rules.map((rule) => rule.meta.id), known: allRules.map((rule) => rule.meta.id), gate: gateSettings },
    });
    const kept = cache.lookup(sources.resolve, sources.dependencyMajor);
    if (kept) judged = kept;
    else {
      const recording = cache.recording(sources.resolve, sources.dependencyMajor);
      judged = judgeSources(recording.resolve, recording.dependencyMajor);
      cache.save(judged, recording.resolutions, recording.majors);
    }
  } else judged = judgeSources(sources.resolve, sources.dependencyMajor);
  const { gated, suppressed, testFindings, diagnostics: suppressionDiagnostics } = judged.gate;
  const engine = { diagnostics: judged.engineDiagnostics, filesAnalyzed: judged.filesAnalyzed };

  const diagnostics = [...sources.diagnostics, ...engine.diagnostics, ...suppressionDiagnostics, ...configDiagnostics(sources.files.keys(), root)].sort(compareDiagnostics);
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
function nothingToScan(paths: readonly string[], cwd: string, options: ScanOptions, diagnostics: readonly FileDiagnostic[] = []): string {
  const where = paths.join(' ');
  const extensions = SOURCE_EXTENSIONS.join(' ');
  // Source files found and left out for their size (review 40 R40-5: named on the command line, the message said it
  // was ignored or excluded).
  const tooLarge = diagnostics.filter((d) => d.kind === 'too-large');
  if (tooLarge.length > 0) return `nothing to scan: ${tooLarge.map((d) => d.file).join(', ')} ${tooLarge.length === 1 ? 'is' : 'are'} over the --max-file-size limit (${tooLarge[0]!.message}); raise --max-file-size to scan ${tooLarge.length === 1 ? 'it' : 'them'}`;
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
