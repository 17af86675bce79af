/**
 * `mcp-migrate scan`: settings (command line over config file), the scan, baselines, the
 * report on the terminal and/or in a file, and the exit code.
 */
import path from 'node:path';
import { Option, type Command } from 'commander';
import { BaselineError, readBaseline, toBaseline, withBaseline, type BaselineFile } from '../baseline.js';
import { ConfigError, findConfig, type LoadedConfig } from '../config.js';
import type { ScanReport } from '../model.js';
import { createProgress } from '../progress.js';
import { analysisFailures, unscannedSources, isBlocking, render, type FailOn, type FormatName, type RenderOptions } from '../reporters/index.js';
import { JOB_SUMMARY_MAX_BYTES } from '../reporters/markdown.js';
import { RULE_METAS } from '../rules/index.js';
import { scan } from '../scan.js';
import { reportRoot, UsageError } from '../pipeline/load.js';
import { defaultCacheDirectory } from '../pipeline/scan-cache.js';
import { VERSION } from '../version.js';
import { describeWriteError, isStdout, writeFileSafely } from '../write-file.js';
import { OutputSpecError, appendJobSummary, completeReportFiles, jobSummaryRoom, parseOutputSpecs, type OutputTarget } from './outputs.js';
import { EXIT, addOptions, fileSelectionOptions, globalOptions, reportOptions, useColor, type CommandContext, type GlobalFlags, type Io } from './shared.js';

/**
 * Rule pages ship in the package (`files` includes docs/), so the versioned unpkg copy is a link
 * that works from any repository's SARIF alerts and Markdown report; relative links would point
 * into the scanned repository, where the pages do not exist.
 */
export const DEFAULT_DOCS_BASE_URL = `https://unpkg.com/mcp-migrate@${VERSION}/`;

/**
 * The same threshold as the verdict line (`isBlocking`), so the two can never disagree. A failure
 * of the analysis on part of the code is a crash in the contract's sense (exit 2): a gate must not
 * pass on findings that may be missing.
 */
export function exitCodeFor(report: ScanReport, failOn: FailOn): number {
  if (analysisFailures(report) > 0 || unscannedSources(report).length > 0) return EXIT.error;
  return report.findings.some((f) => isBlocking(f.severity, failOn)) ? EXIT.findings : EXIT.ok;
}

interface ScanFlags extends GlobalFlags {
  config?: string;
  format: FormatName;
  output?: string[];
  markdownMax?: number;
  failOn?: FailOn;
  baseline?: string;
  writeBaseline?: string;
  include?: string[];
  exclude?: string[];
  testFiles?: string[];
  includeTests?: boolean;
  gitignore: boolean;
  maxFileSize: number;
  docsBaseUrl?: string;
  cache?: boolean;
  cacheLocation?: string;
}

const SCAN_EXAMPLES = `
Examples:
  $ mcp-migrate scan                                  scan the current directory
  $ mcp-migrate scan src/server packages/mcp          scan several paths
  $ mcp-migrate scan --format markdown --output MIGRATION.md
                                                      reviewer report to a file, summary on the terminal
  $ mcp-migrate scan --format sarif --output mcp-migrate.sarif --fail-on none
                                                      code-scanning upload without failing the job
  $ mcp-migrate scan --format github --fail-on warning
                                                      PR annotations; fail on warnings too
  $ mcp-migrate scan -f github --output sarif:mcp-migrate.sarif --output markdown:MIGRATION.md
                                                      one scan, several reports (terminal unchanged)
  $ mcp-migrate scan --output gitlab:gl-code-quality-report.json
                                                      GitLab Code Quality report
  $ mcp-migrate scan -f markdown --markdown-max 65536 > comment.md
                                                      a report that fits a pull-request comment
  $ mcp-migrate scan --write-baseline .mcp-migrate-baseline.json
  $ mcp-migrate scan --baseline .mcp-migrate-baseline.json
                                                      fail only on findings not in the baseline
  $ mcp-migrate scan --exclude "**/generated/**" --include "packages/mcp-*/**"
  $ mcp-migrate scan -f json -q; echo $?               machine-readable only the exit code (0/1/2)
  $ mcp-migrate scan -f sarif -o - | gzip > r.sarif.gz the report on standard output
  $ mcp-migrate scan --no-gitignore --max-file-size 4096
                                                      also scan ignored files, and files up to 4 MiB
  $ NO_COLOR=1 mcp-migrate scan                        plain text (also --no-color; --color forces it)

Settings: --config <file>, else the nearest mcp-migrate.config.json (or "mcp-migrate" in package.json;
see \`mcp-migrate init\`) from the scanned root, then the working directory, up to the repository root;
command-line options win over it.
Silence a reviewed site: // mcp-migrate-disable-next-line <ruleId> -- <reason>

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage error (including
nothing to scan, an unreadable path or a bad config file) or crash.`;

export function registerScanCommand(program: Command, { io, setExit }: CommandContext): void {
  const command = program
    .command('scan')
    .description('Report every reliance on sessions, the handshake and deprecated features. Never writes source files.')
    .argument('[paths...]', 'files or directories to scan (default: the current directory)');
  addOptions(command, reportOptions());
  addOptions(command, fileSelectionOptions());
  addOptions(command, [
    new Option('--baseline <file>', 'only findings not in this baseline count (matched by content, robust to line shifts)').helpGroup('Baselines:'),
    new Option('--write-baseline <file>', 'accept all current findings: write them to a baseline file (the run then exits 0)').helpGroup('Baselines:'),
    new Option('--cache', 'reuse the last result when the analysed files, the resolution of their imports, the settings and this build are all the same (off by default)').helpGroup('Cache:'),
    new Option('--cache-location <dir>', 'directory of the cache (default: node_modules/.cache/mcp-migrate in the working directory); implies --cache').helpGroup('Cache:'),
  ]);
  addOptions(command, globalOptions());
  command.addHelpText('after', SCAN_EXAMPLES).action(async (paths: string[], _flags: unknown, self: Command) => {
    setExit(await runScan(paths, self.optsWithGlobals<ScanFlags>(), io));
  });
}

/** Prints `mcp-migrate: <message>` and returns exit code 2. */
function usageError(io: Io, message: string): number {
  io.stderr(`mcp-migrate: ${message}\n`);
  return EXIT.error;
}

async function runScan(paths: string[], flags: ScanFlags, io: Io): Promise<number> {
  const color = useColor(io, flags.color);
  let loaded: LoadedConfig;
  try {
    loaded = findConfig({ root: reportRoot(paths.length ? paths : ['.'], io.cwd).root, cwd: io.cwd, file: flags.config }, new Set(RULE_METAS.map((m) => m.id)));
  } catch (error) {
    if (error instanceof ConfigError) return usageError(io, error.message);
    throw error;
  }
  const { config } = loaded;
  const failOn: FailOn = flags.failOn ?? config.failOn ?? 'error';

  let baseline: BaselineFile | undefined;
  if (flags.baseline) {
    try {
      baseline = readBaseline(path.resolve(io.cwd, flags.baseline));
    } catch (error) {
      if (error instanceof BaselineError) return usageError(io, error.message);
      throw error;
    }
  }
  const progress = createProgress({ enabled: io.isTTY && !flags.quiet, write: io.stderr });
  const include = flags.include ?? config.include;
  let report: ScanReport;
  try {
    report = await scan({
      paths,
      cwd: io.cwd,
      include,
      includeOrigin: flags.include ? '--include' : `"include" of ${loaded.source}`,
      exclude: flags.exclude ?? config.exclude,
      testFiles: flags.testFiles ?? config.testFiles,
      includeTests: flags.includeTests ?? config.includeTests ?? false,
      ruleSettings: config.rules,
      respectGitignore: flags.gitignore,
      maxFileBytes: flags.maxFileSize * 1024,
      onProgress: progress.update,
      cacheDirectory: flags.cacheLocation ? path.resolve(io.cwd, flags.cacheLocation) : flags.cache ? defaultCacheDirectory(io.cwd) : undefined,
    });
  } catch (error) {
    progress.done();
    if (error instanceof UsageError) return usageError(io, error.message);
    throw error;
  }
  progress.done();

  // The new baseline holds every current finding, including those an old --baseline excuses, and
  // the run is then judged against it: writing a baseline accepts what is there today (exit 0).
  if (flags.writeBaseline) {
    const written = toBaseline(report.findings);
    if (!writeOutput(io, flags.writeBaseline, `${JSON.stringify(written, null, 2)}\n`)) return EXIT.error;
    baseline = written;
  }
  if (baseline) report = withBaseline(report, baseline);

  const options: RenderOptions = {
    rules: RULE_METAS,
    color,
    failOn,
    docsBaseUrl: flags.docsBaseUrl ?? config.docsBaseUrl ?? DEFAULT_DOCS_BASE_URL,
    width: io.columns,
    markdownMaxBytes: flags.markdownMax,
  };
  const written = writeReports(report, flags, options, io);
  if (written !== EXIT.ok) return written;
  return exitCodeFor(report, failOn);
}

/**
 * Every report of the run: the `--output` files, the job summary (on GitHub Actions, with the
 * github format), then the terminal. Returns EXIT.error when a file cannot be written.
 */
function writeReports(report: ScanReport, flags: ScanFlags, options: RenderOptions, io: Io): number {
  let targets: OutputTarget[];
  try {
    targets = parseOutputSpecs(flags.output, flags.format);
  } catch (error) {
    if (error instanceof OutputSpecError) return usageError(io, error.message);
    throw error;
  }
  // Annotations stop at 10 of a kind: on GitHub Actions they come with the whole report in the job summary.
  const summaryFile = io.env.GITHUB_STEP_SUMMARY && [flags.format, ...targets.map((t) => t.format)].includes('github') ? io.env.GITHUB_STEP_SUMMARY : undefined;
  const files = completeReportFiles(targets, flags.markdownMax !== undefined);
  const fullReportAt = [...files, ...(summaryFile ? ['the job summary'] : [])];
  const fileOptions: RenderOptions = { ...options, color: false, width: undefined, fullReportAt };

  for (const target of targets.filter((t) => !isStdout(t.file))) {
    if (!writeOutput(io, target.file, render(target.format, report, fileOptions))) return EXIT.error;
  }
  if (summaryFile) writeJobSummary(report, summaryFile, { ...fileOptions, fullReportAt: files }, io);

  const toStdout = targets.find((t) => isStdout(t.file));
  if (toStdout) {
    // `-o -` asks for the report on standard output: it is the output, so --quiet does not hide it.
    io.stdout(render(toStdout.format, report, { ...options, fullReportAt, color: toStdout.format === 'text' && options.color }));
  } else if (!flags.quiet) {
    // A bare `--output <file>` has always meant: the report in --format to the file, the text summary here.
    const terminalFormat = targets.some((t) => !t.prefixed) ? 'text' : flags.format;
    io.stdout(render(terminalFormat, report, { ...options, fullReportAt }));
  }
  return EXIT.ok;
}

/** The Markdown report appended to the step's summary, within what is left of GitHub's 1 MiB. */
function writeJobSummary(report: ScanReport, summaryFile: string, options: RenderOptions, io: Io): void {
  const room = jobSummaryRoom(path.resolve(io.cwd, summaryFile), JOB_SUMMARY_MAX_BYTES);
  // Below a few KiB not even the summary table fits: better no summary than a broken one.
  if (room < 4096) {
    io.stderr(`mcp-migrate: no job summary written: ${summaryFile} has only ${Math.max(room, 0)} bytes left of GitHub's 1 MiB\n`);
    return;
  }
  try {
    appendJobSummary(io.cwd, summaryFile, render('markdown', report, { ...options, markdownMaxBytes: room }));
  } catch (error) {
    // The summary is a courtesy: the gate (annotations, exit code) stands without it.
    io.stderr(`mcp-migrate: cannot write the job summary ${summaryFile}: ${describeWriteError(error)}\n`);
  }
}

/**
 * A file the user asked for could not be written (no such folder, no permission, a directory,
 * a full device): a usage error with a plain message, not a crash. `-` is standard output.
 */
export function writeOutput(io: Io, target: string, content: string): boolean {
  if (isStdout(target)) {
    io.stdout(content);
    return true;
  }
  try {
    writeFileSafely(path.resolve(io.cwd, target), content);
    return true;
  } catch (error) {
    io.stderr(`mcp-migrate: cannot write ${target}: ${describeWriteError(error)}\n`);
    return false;
  }
}
