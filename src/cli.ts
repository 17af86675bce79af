/**
 * The command line: parse options, run a command, print, choose the exit code.
 * Everything else lives in scan.ts (the work) and reporters/ (the output).
 *
 * Exit codes (contract): 0 nothing at or above --fail-on; 1 findings at or above it;
 * 2 usage error, unreadable input or crash. --quiet never changes the exit code.
 */
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { BaselineError, readBaseline, withBaseline, writeBaseline } from './baseline.js';
import type { ScanReport } from './model.js';
import { FORMATS, analysisFailures, isBlocking, render, type FailOn, type FormatName } from './reporters/index.js';
import { RULE_METAS } from './rules/index.js';
import { scan, UsageError } from './scan.js';
import { VERSION } from './version.js';
import { createProgress } from './progress.js';
import { writeFileAtomic } from './write-file.js';
import { registerApplyCommands } from './apply/command.js';

export const EXIT = { ok: 0, findings: 1, error: 2 } as const;

/**
 * Rule pages ship in the package (`files` includes docs/), so the versioned unpkg copy is a link
 * that works from any repository's SARIF alerts and Markdown report; relative links would point
 * into the scanned repository, where the pages do not exist.
 */
export const DEFAULT_DOCS_BASE_URL = `https://unpkg.com/mcp-migrate@${VERSION}/`;

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * The same threshold as the verdict line (`isBlocking`), so the two can never disagree. A failure
 * of the analysis on part of the code is a crash in the contract's sense (exit 2): a gate must not
 * pass on findings that may be missing.
 */
export function exitCodeFor(report: ScanReport, failOn: FailOn): number {
  if (analysisFailures(report) > 0) return EXIT.error;
  return report.findings.some((f) => isBlocking(f.severity, failOn)) ? EXIT.findings : EXIT.ok;
}

/**
 * An explicit --color / --no-color wins; then NO_COLOR (https://no-color.org) turns colour off and
 * FORCE_COLOR (other than 0/false) on; otherwise colour only on a terminal.
 */
export function useColor(io: Io, flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return io.isTTY;
}

function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

interface ScanFlags {
  format: FormatName;
  output?: string;
  failOn: FailOn;
  baseline?: string;
  writeBaseline?: string;
  include?: string[];
  exclude?: string[];
  gitignore: boolean;
  maxFileSize: number;
  quiet?: boolean;
  color?: boolean;
  docsBaseUrl?: string;
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
  $ mcp-migrate scan --write-baseline .mcp-migrate-baseline.json
  $ mcp-migrate scan --baseline .mcp-migrate-baseline.json
                                                      fail only on findings not in the baseline
  $ mcp-migrate scan --exclude "**/*.test.ts" --include "packages/mcp-*/**"
  $ mcp-migrate scan -f json -q; echo $?               machine-readable only the exit code (0/1/2)
  $ mcp-migrate scan --no-gitignore --max-file-size 4096
                                                      also scan ignored files, and files up to 4 MiB
  $ NO_COLOR=1 mcp-migrate scan                        plain text (also --no-color; --color forces it)

Exit codes: 0 nothing at or above --fail-on, 1 findings at or above it, 2 usage error or crash.`;

export function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const program = new Command('mcp-migrate')
    .description('Find and migrate MCP servers that rely on protocol sessions, the initialize handshake or deprecated features (MCP 2026-07-28).')
    .version(VERSION)
    .showHelpAfterError()
    .addHelpText(
      'after',
      `
Examples:
  $ npx mcp-migrate scan                       what in this repo relies on sessions, the handshake or deprecated features
  $ npx mcp-migrate scan --format markdown -o MIGRATION.md
  $ npx mcp-migrate rules                      every rule with its category, severity and fix availability
  $ npx mcp-migrate scan --help                all scan options

Docs: docs/rules/<rule-id>.md for every rule; exit codes: 0 ok, 1 findings at or above --fail-on, 2 usage error or crash.`,
    )
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();

  program
    .command('scan')
    .description('Report every reliance on sessions, the handshake and deprecated features. Never writes source files.')
    .argument('[paths...]', 'files or directories to scan (default: the current directory)')
    .addOption(new Option('-f, --format <format>', 'output format').choices([...FORMATS]).default('text'))
    .option('-o, --output <file>', 'write the report (in --format) to a file; the terminal still shows the text report')
    .addOption(new Option('--fail-on <severity>', 'lowest severity that makes the exit code 1').choices(['error', 'warning', 'info', 'none']).default('error'))
    .option('--baseline <file>', 'only findings not in this baseline count (matched by content, robust to line shifts)')
    .option('--write-baseline <file>', 'accept all current findings: write them to a baseline file (the run then exits 0)')
    .option('--include <glob>', 'only scan files matching the glob (repeatable)', collect)
    .option('--exclude <glob>', 'skip files matching the glob (repeatable)', collect)
    .option('--no-gitignore', 'do not honour .gitignore files (.mcp-migrateignore still applies)')
    .option('--max-file-size <kib>', 'skip files larger than this many KiB', parsePositiveInt, 1024)
    .option('-q, --quiet', 'print nothing but errors (the exit code is unchanged)')
    .option('--color', 'force colour')
    .option('--no-color', 'disable colour (also NO_COLOR=1)')
    .option('--docs-base-url <url>', 'base of rule doc links in markdown/sarif (default: the published package on unpkg)')
    .addHelpText('after', SCAN_EXAMPLES)
    .action(async (paths: string[], flags: ScanFlags) => {
      setExit(await runScan(paths, flags, io));
    });

  program
    .command('rules')
    .description('List every rule: id, category, severity, fix availability and summary.')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText('after', '\nExamples:\n  $ mcp-migrate rules\n  $ mcp-migrate rules -f json | jq \'.[] | select(.fix == "auto") | .id\'')
    .action((flags: { format: 'text' | 'json' }) => {
      io.stdout(renderRules(flags.format));
      setExit(EXIT.ok);
    });

  registerApplyCommands(program, { stdout: io.stdout, stderr: io.stderr, cwd: io.cwd, color: (flag) => useColor(io, flag) }, setExit);

  return program;
}

export function renderRules(format: 'text' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(RULE_METAS.map(({ messages: _m, ...meta }) => ({ ...meta, docs: `docs/rules/${meta.id}.md` })), null, 2)}\n`;
  const idWidth = Math.max(...RULE_METAS.map((m) => m.id.length));
  const lines = RULE_METAS.map((m) => `${m.id.padEnd(idWidth)}  ${m.category.padEnd(18)}  ${m.severity.padEnd(8)}  ${m.fix.padEnd(8)}  ${m.summary}`);
  const header = `${'rule'.padEnd(idWidth)}  ${'category'.padEnd(18)}  ${'severity'.padEnd(8)}  ${'fix'.padEnd(8)}  summary`;
  return `${header}\n${lines.join('\n')}\n\nfix: auto = apply rewrites it; assisted = apply rewrites it and leaves a marker to review; manual = needs a person.\n`;
}

async function runScan(paths: string[], flags: ScanFlags, io: Io): Promise<number> {
  const color = useColor(io, flags.color);
  let baseline;
  if (flags.baseline) {
    try {
      baseline = readBaseline(path.resolve(io.cwd, flags.baseline));
    } catch (error) {
      if (error instanceof BaselineError) {
        io.stderr(`mcp-migrate: ${error.message}\n`);
        return EXIT.error;
      }
      throw error;
    }
  }
  const progress = createProgress({ enabled: io.isTTY && !flags.quiet, write: io.stderr });
  let report: ScanReport;
  try {
    report = await scan({
      paths,
      cwd: io.cwd,
      include: flags.include,
      exclude: flags.exclude,
      respectGitignore: flags.gitignore,
      maxFileBytes: flags.maxFileSize * 1024,
      onProgress: progress.update,
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

  // The new baseline holds every current finding, including those an old --baseline excuses, and
  // the run is then judged against it: writing a baseline accepts what is there today (exit 0).
  if (flags.writeBaseline) {
    const file = path.resolve(io.cwd, flags.writeBaseline);
    if (!writeOutput(io, file, (target) => writeBaseline(target, report.findings))) return EXIT.error;
    baseline = readBaseline(file);
  }
  if (baseline) report = withBaseline(report, baseline);

  const options = { rules: RULE_METAS, color, failOn: flags.failOn, docsBaseUrl: flags.docsBaseUrl ?? DEFAULT_DOCS_BASE_URL };
  if (flags.output) {
    const text = render(flags.format, report, { ...options, color: false });
    if (!writeOutput(io, path.resolve(io.cwd, flags.output), (file) => writeFileAtomic(file, text))) return EXIT.error;
    if (!flags.quiet) io.stdout(render('text', report, options));
  } else if (!flags.quiet) {
    io.stdout(render(flags.format, report, options));
  }
  return exitCodeFor(report, flags.failOn);
}

/** A file the user asked for could not be written (no such folder, no permission): a usage error, not a crash. */
function writeOutput(io: Io, target: string, write: (target: string) => void): boolean {
  try {
    write(target);
    return true;
  } catch (error) {
    io.stderr(`mcp-migrate: cannot write ${target}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
    return false;
  }
}

/** Entry point used by bin/mcp-migrate.js; returns the exit code instead of exiting (testable). */
export async function main(argv: string[], io: Io): Promise<number> {
  let code: number = EXIT.ok;
  const program = buildProgram(io, (c) => {
    code = c;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit through here with code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.error;
    }
    io.stderr(`mcp-migrate: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.error;
  }
  return code;
}

export function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
  };
}

