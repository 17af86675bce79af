/**
 * The command line: parse options, run a command, print, choose the exit code.
 * The work lives in scan.ts, config.ts and reporters/; each command's action is in commands/.
 *
 * Exit codes (contract): 0 nothing at or above --fail-on; 1 findings at or above it;
 * 2 usage error, unreadable input or crash. --quiet never changes the exit code.
 *
 * Options come in groups shared by commands (`globalOptions()` on every command), so a new
 * command (`apply`) is one `register…` function added to COMMANDS.
 */
import { Command, CommanderError } from 'commander';
import { VERSION } from './version.js';
import { EXIT, addOptions, globalOptions, type CommandContext, type CommandRegistrar, type Io } from './commands/shared.js';
import { registerScanCommand } from './commands/scan.js';
import { registerRulesCommand } from './commands/rules.js';
import { registerInitCommand } from './commands/init.js';
import { registerApplyCommand, registerTransformsCommand } from './commands/apply.js';
import { registerVerifyCommand } from './commands/verify.js';

export { exitCodeFor, DEFAULT_DOCS_BASE_URL } from './commands/scan.js';
export { renderRules } from './commands/rules.js';
export { EXIT, addOptions, fileSelectionOptions, globalOptions, reportOptions, useColor } from './commands/shared.js';
export type { CommandContext, CommandRegistrar, GlobalFlags, Io } from './commands/shared.js';

/** Every command, in help order. */
const COMMANDS: readonly CommandRegistrar[] = [registerScanCommand, registerApplyCommand, registerTransformsCommand, registerVerifyCommand, registerRulesCommand, registerInitCommand];

export function buildProgram(io: Io, setExit: (code: number) => void): Command {
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
  for (const register of COMMANDS) register(program, context);
  return program;
}

/** `error: unknown option '--formt'\n(Did you mean --format?)\n` → one line, the suggestion kept. */
export function oneLineError(message: string): string {
  return `${message.trim().replace(/\s*\n\s*/g, ' ')}\n`;
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
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
  };
}
