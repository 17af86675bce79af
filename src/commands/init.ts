/**
 * `mcp-migrate init [dir]`: writes a starter mcp-migrate.config.json (every setting with its
 * default, explained in "$comment" keys). Never overwrites a configuration.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { CONFIG_FILE_NAME, PACKAGE_JSON_KEY, starterConfig } from '../config.js';
import { EXIT, addOptions, globalOptions, type CommandContext, type GlobalFlags } from './shared.js';
import { writeOutput } from './scan.js';
import { parseJson } from '../json-text.js';

export function registerInitCommand(program: Command, { io, setExit }: CommandContext): void {
  const command = program
    .command('init')
    .description(`Write a starter ${CONFIG_FILE_NAME} (plain JSON; explanations in "$comment" keys).`)
    .argument('[dir]', 'the project root (default: the current directory)')
    .option('--force', `overwrite an existing ${CONFIG_FILE_NAME}`);
  addOptions(command, globalOptions());
  command.addHelpText('after', '\nExamples:\n  $ mcp-migrate init\n  $ mcp-migrate init packages/mcp-server').action((dir: string | undefined, _flags: unknown, self: Command) => {
    setExit(runInit(dir ?? '.', self.optsWithGlobals<GlobalFlags & { force?: boolean }>(), io));
  });
}

function runInit(dir: string, flags: GlobalFlags & { force?: boolean }, io: CommandContext['io']): number {
  const root = path.resolve(io.cwd, dir);
  const target = path.join(root, CONFIG_FILE_NAME);
  const shown = path.join(dir, CONFIG_FILE_NAME);
  const fail = (message: string): number => {
    io.stderr(`mcp-migrate: ${message}\n`);
    return EXIT.error;
  };
  if (!isDirectory(root)) return fail(`${dir} is not a directory`);
  if (fs.existsSync(target) && !flags.force) return fail(`${shown} already exists; edit it, or pass --force to replace it`);
  if (packageJsonConfigures(root)) {
    return fail(`the "${PACKAGE_JSON_KEY}" key of ${path.join(dir, 'package.json')} already configures mcp-migrate; a second configuration would be ambiguous`);
  }
  if (!writeOutput(io, target, starterConfig())) return EXIT.error;
  if (!flags.quiet) io.stdout(`Wrote ${shown}: every setting with its default, explained in "$comment" keys.\n`);
  return EXIT.ok;
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function packageJsonConfigures(root: string): boolean {
  try {
    const pkg = parseJson(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    return pkg !== null && typeof pkg === 'object' && PACKAGE_JSON_KEY in pkg;
  } catch {
    return false;
  }
}
