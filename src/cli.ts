/**
 * The command line: parse options, run a command, print, choose the exit code.
 * The work lives in scan.ts, config.ts and reporters/; each command's action is in commands/.
 *
 * Exit codes (contract): 0 nothing at or above --fail-on; 1 findings at or above it;
 * 2 usage error, unreadable input or crash. --quiet never changes the exit code.
 *
 * Options come in groups shared by commands (`globalOptions()` on every command), so a new
 * command is one `register…` function in commands/ and one entry in COMMANDS.
 */
import { supportsColor } from 'chalk';
import { Command, CommanderError } from 'commander';
import { VERSION } from './version.js';
import { EXIT, addOptions, globalOptions, type CommandContext, type CommandRegistrar, type Io } from './commands/shared.js';
import { timingReport } from './timing.js';

export { EXIT, addOptions, fileSelectionOptions, globalOptions, reportOptions, useColor } from './commands/shared.js';
export type { CommandContext, CommandRegistrar, GlobalFlags, Io } from './commands/shared.js';

/**
 * Every command, in help order. A command's module (and the analysis behind it: TypeScript's
 * compiler, the rules, the transforms) is loaded only when that command runs or shows its help;
 * the others are listed from this table, so `--version`, `--help` and a mistyped command start
 * in the time Node takes to start.
 */
interface LazyCommand {
  name: string;
  /** Its arguments as the command declares them, for the command list. */
  args?: string;
  /** Its line in the command list. */
  summary: string;
  load: () => Promise<CommandRegistrar>;
}

const COMMANDS: readonly LazyCommand[] = [
  { name: 'scan', args: '[paths...]', summary: 'Report every reliance on sessions, the handshake and deprecated features. Never writes source files.', load: async () => (await import('./commands/scan.js')).registerScanCommand },
  { name: 'apply', args: '[paths...]', summary: 'Rewrite what can be rewritten safely (session state → handles), mark the rest, and write a migration report.', load: async () => (await import('./commands/apply.js')).registerApplyCommand },
  { name: 'transforms', summary: 'List the transforms apply runs, with what each rewrites and marks.', load: async () => (await import('./commands/apply.js')).registerTransformsCommand },
  { name: 'verify', args: '[command...]', summary: "Prove a migrated server's handles at turn depth 30, behind round-robin, with faults injected.", load: async () => (await import('./commands/verify.js')).registerVerifyCommand },
  { name: 'rules', args: '[rule-id]', summary: 'List every rule (id, category, effective severity, fix availability, summary), or print one rule\'s doc.', load: async () => (await import('./commands/rules.js')).registerRulesCommand },
  { name: 'init', args: '[dir]', summary: 'Write a starter mcp-migrate.config.json (plain JSON; explanations in "$comment" keys).', load: async () => (await import('./commands/init.js')).registerInitCommand },
];

/** The command `argv` runs (`help <command>` included), if it names one: the only module to load. */
function requestedCommand(argv: readonly string[]): LazyCommand | undefined {
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const name = words[0] === 'help' ? words[1] : words[0];
  return COMMANDS.find((command) => command.name === name);
}

export async function buildProgram(io: Io, setExit: (code: number) => void, argv: readonly string[] = []): Promise<Command> {
  const program = new Command('mcp-migrate')
    .description('Find and migrate MCP servers that rely on protocol sessions, the initialize handshake or deprecated features (MCP 2026-07-28).')
    .version(VERSION)
    .addHelpText(
      'after',
      `
Examples:
  $ npx mcp-migrate scan                       what in this repo relies on sessions, the handshake or deprecated features
  $ npx mcp-migrate scan --format markdown -o MIGRATION.md
  $ npx mcp-migrate rules                      every rule with its category, effective severity and fix availability
  $ npx mcp-migrate init                       write a starter mcp-migrate.config.json
  $ npx mcp-migrate scan --help                all scan options

Docs: docs/rules/<rule-id>.md for every rule; exit codes: 0 ok, 1 findings at or above --fail-on, 2 usage error or crash.`,
    )
    // A usage error is one line, with commander's suggestion on it (as the official codemod does),
    // not the whole help after it: `--help` is one word away.
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: (message, write) => write(oneLineError(message)) })
    .exitOverride();

  // Also before the command (`mcp-migrate --no-color rules`); actions read optsWithGlobals().
  addOptions(program, globalOptions());
  const context: CommandContext = { io, setExit };
  const requested = requestedCommand(argv);
  for (const command of COMMANDS) {
    if (command === requested) {
      (await command.load())(program, context);
      program.commands.at(-1)!.summary(command.summary);
    } else {
      // Listed, not loaded: enough for the command list and for commander's "did you mean".
      const stub = program.command(command.name).summary(command.summary);
      if (command.args) stub.argument(command.args);
      addOptions(stub, globalOptions());
    }
  }
  return program;
}

/** `error: unknown option '--formt'\n(Did you mean --format?)\n` → one line, the suggestion kept. */
export function oneLineError(message: string): string {
  return `${message.trim().replace(/\s*\n\s*/g, ' ')}\n`;
}

/** Entry point used by bin/mcp-migrate.js; returns the exit code instead of exiting (testable). */
export async function main(argv: string[], io: Io): Promise<number> {
  let code: number = EXIT.ok;
  const program = await buildProgram(
    io,
    (c) => {
      code = c;
    },
    argv,
  );
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit through here with code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.error;
    }
    // Code nested past what the parser's recursion holds (a long ternary chain, deep JSX in generated code) that the
    // bracket count before parsing did not catch (review 40b S40-5): said as such, not as a crash of mcp-migrate.
    if (error instanceof RangeError && /Maximum call stack size exceeded/.test(error.message)) {
      io.stderr('mcp-migrate: some code nests deeper than the analysis can follow (the stack ran out while parsing or analysing it; generated code?): exclude such files (--exclude, .mcp-migrateignore) and run again; nothing was written\n');
      return EXIT.error;
    }
    io.stderr(`mcp-migrate: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.error;
  }
  const timing = timingReport();
  if (timing) io.stderr(timing);
  return code;
}

export function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTTY: Boolean(process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    colorLevel: supportsColor ? supportsColor.level : 0,
  };
}
