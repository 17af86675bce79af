/**
 * What commands share: the I/O seam, exit codes, colour choice and the option groups every
 * command (and `apply`, later) adds, so options mean the same everywhere.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { FAIL_ON_VALUES } from '../config.js';
import { FORMATS } from '../reporters/formats.js';

export const EXIT = { ok: 0, findings: 1, error: 2 } as const;

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Terminal width for wrapping text output; undefined when not a terminal (no wrapping). */
  columns?: number;
  /**
   * What standard output can show, by chalk's own detection (0 none … 3 truecolor: a terminal, TERM,
   * TERM=dumb, FORCE_COLOR, CI): set by processIo(). Without it, colour follows isTTY and FORCE_COLOR.
   */
  colorLevel?: number;
}

/** What every command's action gets: where to print and how to report its exit code. */
export interface CommandContext {
  io: Io;
  setExit: (code: number) => void;
}

/** Adds one command to the program. */
export type CommandRegistrar = (program: Command, context: CommandContext) => void;

/**
 * An explicit --color / --no-color wins; then NO_COLOR (https://no-color.org, which chalk leaves to
 * its users) turns colour off; then chalk's detection decides (`io.colorLevel`). An Io made without
 * it (tests, embedders): FORCE_COLOR (other than 0/false) on, otherwise colour only on a terminal.
 */
export function useColor(io: Io, flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  if (io.colorLevel !== undefined) return io.colorLevel > 0;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return io.isTTY;
}

export function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive integer');
  return n;
}

export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Flags of `globalOptions()`. */
export interface GlobalFlags {
  quiet?: boolean;
  color?: boolean;
}

/** Accepted by every command, and by the program before the command: output volume and colour. */
export function globalOptions(): Option[] {
  const group = 'Global options:';
  return [
    new Option('-q, --quiet', 'print nothing but errors (the exit code is unchanged)').helpGroup(group),
    new Option('--color', 'force colour').helpGroup(group),
    new Option('--no-color', 'disable colour (also NO_COLOR=1)').helpGroup(group),
  ];
}

/** Where the settings come from: every command that reads them (scan, apply, rules). */
export function configOptions(): Option[] {
  return [
    new Option('-c, --config <file>', 'read the settings from this file (default: the nearest mcp-migrate.config.json or package.json "mcp-migrate" from the scanned root, then from the working directory, up to the repository root)').helpGroup(
      'Configuration:',
    ),
  ];
}

/** Which files a command looks at (scan, apply), and the settings file that may choose them. */
export function fileSelectionOptions(): Option[] {
  const group = 'File selection:';
  return [
    ...configOptions(),
    new Option('--include <glob>', 'only scan files matching the glob (repeatable; replaces the config file\'s "include")').argParser(collect).helpGroup(group),
    new Option('--exclude <glob>', 'skip files matching the glob (repeatable; replaces the config file\'s "exclude")').argParser(collect).helpGroup(group),
    new Option('--no-gitignore', 'do not honour .gitignore files (.mcp-migrateignore still applies)').helpGroup(group),
    new Option('--max-file-size <kib>', 'skip files larger than this many KiB').argParser(parsePositiveInt).default(1024).helpGroup(group),
    new Option('--test-files <glob>', 'test files (repeatable; default **/*.test.*, **/*.spec.*, **/test/**, **/tests/**, **/__tests__/**)').argParser(collect).helpGroup(group),
    new Option('--include-tests', 'put findings in test files in the gate (default: their own group, outside it)').helpGroup(group),
  ];
}

/** How a command reports (scan, and apply's report later). */
export function reportOptions(): Option[] {
  const group = 'Report:';
  return [
    new Option('-f, --format <format>', 'output format').choices([...FORMATS]).default('text').helpGroup(group),
    new Option('-o, --output <[format:]file>', `also write the report to a file, in <format> (${FORMATS.join(', ')}) or else in --format; repeatable ("-" or /dev/stdout: standard output); the terminal report is unchanged (the text report after a bare <file>)`)
      .argParser(collect)
      .helpGroup(group),
    new Option('--markdown-max <bytes>', 'cut Markdown output to this size with a note saying where the full report is (65536 fits a pull-request comment)').argParser(parsePositiveInt).helpGroup(group),
    new Option('--fail-on <severity>', 'lowest severity that makes the exit code 1 (default: "failOn" of the config file, else error)').choices([...FAIL_ON_VALUES]).helpGroup(group),
    new Option('--docs-base-url <url>', 'base of rule doc links in markdown/sarif (default: the published package on unpkg)').helpGroup(group),
  ];
}

export function addOptions(command: Command, options: readonly Option[]): Command {
  for (const option of options) command.addOption(option);
  return command;
}

