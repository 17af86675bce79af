/**
 * The `apply` and `transforms` commands. Exit codes per design.md: 0 done;
 * 1 markers or findings left at or above --fail-on, or --check with changes pending; 2 usage
 * error (a dirty tree included) or crash.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { isBlocking, type FailOn } from '../reporters/index.js';
import { isLeftOutOfAnalysis } from '../reporters/verdict.js';
import { isSourceFileName } from '../discovery/extensions.js';
import { BaselineError, readBaseline, type BaselineFile } from '../baseline.js';
import { ConfigError, findConfig, type Config } from '../config.js';
import { RULE_METAS } from '../rules/index.js';
import { reportRoot, UsageError } from '../pipeline/load.js';
import { TRANSFORMS } from '../transforms/catalog.js';
import { parseDuration } from '../transforms/kit/duration.js';
import { DEFAULT_HANDLE_MAX_AGE, DEFAULT_HANDLE_TTL, DEFAULT_TRANSFORM_OPTIONS } from '../transforms/kit/plan.js';
import { createProgress } from '../progress.js';
import { OutputSpecError, parseOutputSpecs, type OutputTarget } from './outputs.js';
import { EXIT, addOptions, collect, fileSelectionOptions, globalOptions, useColor, type CommandContext, type GlobalFlags, type Io } from './shared.js';
import { writeOutput } from './scan.js';
import { isStdout } from '../write-file.js';
// apply/ (ts-morph, the official codemod) is loaded when `apply` runs, not on every start.
import type { ApplyResult } from '../apply/apply.js';

interface ApplyFlags extends GlobalFlags {
  config?: string;
  dryRun?: boolean;
  check?: boolean;
  transforms?: string;
  allowDirty?: boolean;
  report?: string;
  format: 'text' | 'json';
  output?: string[];
  failOn?: FailOn;
  baseline?: string;
  testFiles?: string[];
  includeTests?: boolean;
  handleTtl: number;
  handleMaxAge: number;
  target: '2026-07-28' | 'stateless-v1';
  store: 'memory' | 'redis';
  modernOnly?: boolean;
  include?: string[];
  exclude?: string[];
  gitignore: boolean;
  maxFileSize: number;
  typecheck: boolean;
  holdBack: boolean;
}

/** What `apply --output` writes: the summary, the JSON record, and this run's section of the migration report. */
const APPLY_OUTPUT_FORMATS = ['text', 'json', 'markdown'] as const;

const APPLY_EXAMPLES = `
Examples:
  $ mcp-migrate apply --dry-run                       show the diff, write nothing
  $ mcp-migrate apply                                 migrate, write MIGRATION.md
  $ mcp-migrate apply --check                         CI: exit 1 while anything would still change
  $ mcp-migrate apply --transforms session-state-to-handles --handle-ttl 2h
  $ mcp-migrate apply --target stateless-v1             stay on SDK 1.x (no move to v2)
  $ mcp-migrate apply --store redis                   carts and handles in Redis: any instance serves any call
  $ mcp-migrate apply --format json > migration.json
  $ mcp-migrate apply --check --output json:apply.json --output markdown:apply.md
                                                      CI: the verdict, a JSON record and a Markdown section

Reads mcp-migrate.config.json (or "mcp-migrate" in package.json) and suppression comments as
\`scan\` does, so the two agree on what blocks. Refuses files with uncommitted changes unless --allow-dirty. Exit codes: 0 done, 1 markers or
findings left at or above --fail-on (or --check with changes pending), 2 usage error or crash.`;

function parseTtl(value: string): number {
  const ms = parseDuration(value);
  if (ms === undefined) throw new InvalidArgumentError('expected a duration such as 90s, 30m, 24h or 7d (a bare number is hours)');
  return ms;
}

export function registerApplyCommand(program: Command, { io, setExit }: CommandContext): void {
  const command = program
    .command('apply')
    .description('Rewrite what can be rewritten safely (session state → handles), mark the rest, and write a migration report.')
    .argument('[paths...]', 'directories to migrate, or files, each of which stands for its folder: a migration changes a helper and its callers together (default: the current directory)')
    .option('--dry-run', 'print the unified diff on standard output (the summary on standard error), write nothing')
    .option('--check', 'write nothing; exit 1 if any file would change (for CI)')
    .option('--transforms <names>', `comma-separated subset to run (${TRANSFORMS.map((t) => t.name).join(', ')})`)
    .option('--allow-dirty', 'change files even if they have uncommitted changes')
    .option('--report <file>', 'where to write the migration report (default: MIGRATION.md in the migrated root)')
    .addOption(new Option('-f, --format <format>', 'terminal output format').choices(['text', 'json']).default('text'))
    .addOption(new Option('-o, --output <[format:]file>', `also write this run's report to a file, in <format> (${APPLY_OUTPUT_FORMATS.join(', ')}) or else in --format; repeatable`).argParser(collect))
    .addOption(new Option('--fail-on <severity>', 'lowest severity of what is left that makes the exit code 1 (default: "failOn" of the config file, else error)').choices(['error', 'warning', 'info', 'none']))
    .option('--baseline <file>', 'only what is left and not in this baseline (written by `scan --write-baseline`) counts')
    .addOption(new Option('--handle-ttl <duration>', 'idle lifetime of generated handles: 90s, 30m, 24h, 7d').argParser(parseTtl).default(DEFAULT_TRANSFORM_OPTIONS.ttlMs, DEFAULT_HANDLE_TTL))
    .addOption(new Option('--handle-max-age <duration>', 'absolute lifetime of generated handles, however often used').argParser(parseTtl).default(DEFAULT_TRANSFORM_OPTIONS.maxAgeMs, DEFAULT_HANDLE_MAX_AGE))
    .addOption(new Option('--target <target>', 'where the migration ends: 2026-07-28 (SDK v2, createMcpHandler) or stateless-v1 (SDK 1.x, a transport per request)').choices(['2026-07-28', 'stateless-v1']).default('2026-07-28'))
    .addOption(new Option('--store <backend>', 'where handle state lives: memory (your store, in this process) or redis (a generated Redis store, REDIS_URL)').choices(['memory', 'redis']).default('memory'))
    .option('--modern-only', "serve 2026-07-28 clients only (createMcpHandler/serveStdio legacy: 'reject'); by default 2025-era clients stay served")
    .option('--no-typecheck', 'do not type-check the migrated code before writing (by default new type errors are reported and make the exit code 1)')
    .option('--no-hold-back', 'make the SDK v2 move even when the type check predicts it adds type errors (by default the move is held back: apply migrates on --target stateless-v1, code and package.json stay on SDK 1.x, and names the errors the move would bring)');
  addOptions(command, fileSelectionOptions());
  addOptions(command, globalOptions());
  command.addHelpText('after', APPLY_EXAMPLES).action(async (paths: string[], _flags: unknown, self: Command) => {
    setExit(await runApplyCommand(paths, self.optsWithGlobals<ApplyFlags>(), io));
  });
}

export function registerTransformsCommand(program: Command, { io, setExit }: CommandContext): void {
  const command = program.command('transforms').description('List the transforms apply runs, with what each rewrites and marks.');
  addOptions(command, globalOptions());
  command.action((_flags: unknown, self: Command) => {
    const lines: string[] = [];
    const rules = (ids: readonly string[]): string => (ids.length ? ids.join(', ') : 'none');
    for (const t of TRANSFORMS) {
      lines.push(`${t.name}\n  ${t.summary}\n${t.details.map((d) => `  - ${d}`).join('\n')}\n  rewrites: ${rules(t.rewrites)}\n  marks: ${rules(t.marks)}`);
    }
    if (!self.optsWithGlobals<GlobalFlags>().quiet) io.stdout(`${lines.join('\n\n')}\n`);
    setExit(EXIT.ok);
  });
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Why the migration report cannot be written at `target` (before anything is), or undefined when it can. */
function reportTargetProblem(target: string): string | undefined {
  // A source file apply may migrate: the report would be written into code.
  if (isSourceFileName(path.basename(target))) return `the migration report would be written to ${target}, a source file name (--report takes a Markdown file, such as MIGRATION.md)`;
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return `the migration report path ${target} cannot be read (${(error as NodeJS.ErrnoException).code})`;
  }
  if (stat && !stat.isFile()) return `the migration report path ${target} is not a regular file (${stat.isDirectory() ? 'a directory' : stat.isFIFO() ? 'a FIFO' : 'a special file'})`;
  if (!stat) {
    const dir = path.dirname(target);
    let parent: fs.Stats | undefined;
    try {
      parent = fs.statSync(dir);
    } catch {
      /* reported below */
    }
    if (!parent?.isDirectory()) return `the migration report cannot be written to ${target}: its folder ${dir} does not exist`;
  }
  try {
    fs.accessSync(stat ? target : path.dirname(target), fs.constants.W_OK);
  } catch {
    return `the migration report cannot be written to ${target}: permission denied`;
  }
  return undefined;
}

/**
 * Where the paths given are all files: the changed files that are none of them (review 40 R40-10: `apply src/server.ts`
 * also rewrote the serving entry beside it, which the summary did not say). Empty when a directory was given.
 */
function changedBeyondNamedFiles(result: ApplyResult, paths: readonly string[], cwd: string): string[] {
  if (paths.length === 0) return [];
  const named = paths.map((p) => path.resolve(cwd, p));
  if (named.some((p) => !fs.existsSync(p) || fs.statSync(p).isDirectory())) return [];
  return result.changes.filter((c) => !named.includes(path.resolve(c.file))).map((c) => path.relative(cwd, c.file).split(path.sep).join('/'));
}

function reportPath(result: ApplyResult, flags: ApplyFlags, io: Io): string {
  return flags.report ? path.resolve(io.cwd, flags.report) : path.join(result.root, 'MIGRATION.md');
}

async function runApplyCommand(paths: string[], flags: ApplyFlags, io: Io): Promise<number> {
  const color = useColor(io, flags.color);
  const noWrite = Boolean(flags.dryRun || flags.check);
  // SDK 1.x serves 2025-era clients only: there is nothing --modern-only could remove (review 40 R40-3).
  if (flags.modernOnly && flags.target === 'stateless-v1') {
    io.stderr('mcp-migrate: --modern-only removes what serves 2025-era clients, and a --target stateless-v1 server (SDK 1.x) serves only those: give one or the other\n');
    return EXIT.error;
  }
  // The same settings as `scan` (command line over config file), so the two agree on what blocks.
  let config: Config;
  let baseline: BaselineFile | undefined;
  try {
    config = findConfig({ root: reportRoot(paths.length ? paths : ['.'], io.cwd).root, cwd: io.cwd, file: flags.config }, new Set(RULE_METAS.map((m) => m.id))).config;
    if (flags.baseline) baseline = readBaseline(path.resolve(io.cwd, flags.baseline));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BaselineError) {
      io.stderr(`mcp-migrate: ${error.message}\n`);
      return EXIT.error;
    }
    throw error;
  }
  const failOn: FailOn = flags.failOn ?? config.failOn ?? 'error';
  let targets: OutputTarget[];
  try {
    targets = parseOutputSpecs(flags.output, flags.format, APPLY_OUTPUT_FORMATS);
  } catch (error) {
    if (error instanceof OutputSpecError) {
      io.stderr(`mcp-migrate: ${error.message}\n`);
      return EXIT.error;
    }
    throw error;
  }
  // Where the migration report goes is checked before any source is written: a run that rewrote every file and then
  // hung on a FIFO, failed on a directory, or appended Markdown to a source file would leave a tree nobody can trust
  // (review 40 R40-8, R40-9).
  if (flags.report !== undefined && isStdout(flags.report)) {
    io.stderr('mcp-migrate: --report takes a file: MIGRATION.md keeps what earlier runs wrote there (for this run\'s report on standard output, use -o markdown:-)\n');
    return EXIT.error;
  }
  if (!noWrite) {
    const problem = reportTargetProblem(flags.report ? path.resolve(io.cwd, flags.report) : path.join(reportRoot(paths.length ? paths : ['.'], io.cwd).root, 'MIGRATION.md'));
    if (problem) {
      io.stderr(`mcp-migrate: ${problem}; nothing was written.\n`);
      return EXIT.error;
    }
  }
  const progress = createProgress({ enabled: io.isTTY && !flags.quiet, write: io.stderr });
  const [{ runApply }, { mergeMigrationReport, renderDiff, renderJson, renderMarkdown, renderSummary }] = await Promise.all([import('../apply/apply.js'), import('../apply/report.js')]);
  let result: ApplyResult;
  try {
    result = await runApply({
      paths,
      cwd: io.cwd,
      include: flags.include ?? config.include,
      exclude: flags.exclude ?? config.exclude,
      respectGitignore: flags.gitignore,
      maxFileBytes: flags.maxFileSize * 1024,
      transforms: flags.transforms?.split(',').map((s) => s.trim()).filter(Boolean),
      dryRun: noWrite,
      allowDirty: flags.allowDirty,
      typecheck: flags.typecheck,
      holdBack: flags.holdBack,
      transformOptions: { ttlMs: flags.handleTtl, maxAgeMs: flags.handleMaxAge, target: flags.target, store: flags.store, modernOnly: Boolean(flags.modernOnly) },
      onProgress: progress.update,
      gate: { ruleSettings: config.rules, testFiles: flags.testFiles ?? config.testFiles, includeTests: flags.includeTests ?? config.includeTests ?? false, baseline },
    });
  } catch (error) {
    progress.done();
    if (error instanceof UsageError) {
      io.stderr(`mcp-migrate: ${error.message}\n`);
      return EXIT.error;
    }
    throw error;
  }
  progress.done();

  // A run that changes nothing keeps the existing report: a second run changes nothing at all.
  // Earlier runs' sections are kept: the report is the record of the whole migration.
  if (result.written && result.changes.length > 0) {
    const target = reportPath(result, flags, io);
    if (!writeOutput(io, target, mergeMigrationReport(readIfExists(target), result))) return EXIT.error;
  }

  const renderAs = { text: () => renderSummary(result, false), json: () => renderJson(result), markdown: () => renderMarkdown(result) };
  for (const target of targets) {
    if (!writeOutput(io, target.file, renderAs[target.format as (typeof APPLY_OUTPUT_FORMATS)[number]]())) return EXIT.error;
  }

  // `<format>:-` put its report on standard output: it replaces the terminal report.
  if (!flags.quiet && !targets.some((t) => isStdout(t.file))) {
    if (flags.format === 'json') io.stdout(renderJson(result));
    else {
      // The diff alone on standard output (`apply --dry-run > migration.patch`), the summary beside it.
      if (flags.dryRun) {
        // Paths from the working directory, as `git apply` and `patch -p1` read them there.
        io.stdout(renderDiff(result, color, io.cwd));
        io.stderr(renderSummary(result, color));
      } else io.stdout(renderSummary(result, color));
      const beyond = changedBeyondNamedFiles(result, paths, io.cwd);
      if (beyond.length > 0) (flags.dryRun ? io.stderr : io.stdout)(`note: a file named on the command line stands for its folder (a helper changes with its callers): ${beyond.length} other file${beyond.length === 1 ? '' : 's'} changed too (${beyond.slice(0, 5).join(', ')}${beyond.length > 5 ? ', …' : ''})\n`);
      if (result.written && result.changes.length > 0) io.stdout(`Migration report: ${path.relative(io.cwd, reportPath(result, flags, io))}\n`);
    }
  }
  if (result.failures.length > 0 || result.skippedChanged.length > 0) return EXIT.error;
  // Part of the code was not analysed (nested past what the parser follows, MCP code over the size limit, unreadable):
  // what it holds was neither migrated nor judged, as with scan (exit 2).
  if (result.gate.diagnostics.some(isLeftOutOfAnalysis)) return EXIT.error;
  if (flags.check && result.changes.length > 0) return EXIT.findings;
  // New type errors break the user's build, and a held-back SDK move leaves the migration undone (held by the type
  // check, or left on SDK v1 until the user acts: review 40b S40-8): they fail the run like a marker left, unless --fail-on none.
  if ((result.typeCheck.errors.length > 0 || result.heldBack || result.heldOnV1.length > 0) && failOn !== 'none') return EXIT.findings;
  const blocking = result.gate.gated.some((f) => isBlocking(f.severity, failOn));
  return blocking ? EXIT.findings : EXIT.ok;
}

