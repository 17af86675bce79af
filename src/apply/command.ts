/**
 * The `apply` and `transforms` commands (registered by cli.ts). Exit codes per design.md: 0 done;
 * 1 markers or findings left at or above --fail-on, or --check with changes pending; 2 usage
 * error (a dirty tree included) or crash.
 */
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { isBlocking, type FailOn } from '../reporters/index.js';
import { UsageError } from '../scan.js';
import { TRANSFORMS } from '../transforms/catalog.js';
import { writeFileAtomic } from '../write-file.js';
import { runApply, type ApplyResult } from './apply.js';
import { renderDiff, renderJson, renderMarkdown, renderSummary } from './report.js';

interface ApplyFlags {
  dryRun?: boolean;
  check?: boolean;
  transforms?: string;
  allowDirty?: boolean;
  report?: string;
  format: 'text' | 'json';
  failOn: FailOn;
  handleTtl: number;
  include?: string[];
  exclude?: string[];
  gitignore: boolean;
  quiet?: boolean;
  color?: boolean;
}

export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  color: (flag: boolean | undefined) => boolean;
}

const APPLY_EXAMPLES = `
Examples:
  $ mcp-migrate apply --dry-run                       show the diff, write nothing
  $ mcp-migrate apply                                 migrate, write MIGRATION.md
  $ mcp-migrate apply --check                         CI: exit 1 while anything would still change
  $ mcp-migrate apply --transforms session-state-to-handles --handle-ttl 2
  $ mcp-migrate apply --format json > migration.json

Refuses files with uncommitted changes unless --allow-dirty. Exit codes: 0 done, 1 markers or
findings left at or above --fail-on (or --check with changes pending), 2 usage error or crash.`;

function parseHours(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number of hours');
  return n;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function registerApplyCommands(program: Command, io: CommandIo, setExit: (code: number) => void): void {
  program
    .command('apply')
    .description('Rewrite what can be rewritten safely (session state → handles), mark the rest, and write a migration report.')
    .argument('[paths...]', 'files or directories to migrate (default: the current directory)')
    .option('--dry-run', 'print the unified diff, write nothing')
    .option('--check', 'write nothing; exit 1 if any file would change (for CI)')
    .option('--transforms <names>', `comma-separated subset to run (${TRANSFORMS.map((t) => t.name).join(', ')})`)
    .option('--allow-dirty', 'change files even if they have uncommitted changes')
    .option('--report <file>', 'where to write the migration report (default: MIGRATION.md in the migrated root)')
    .addOption(new Option('-f, --format <format>', 'terminal output format').choices(['text', 'json']).default('text'))
    .addOption(new Option('--fail-on <severity>', 'lowest severity of what is left that makes the exit code 1').choices(['error', 'warning', 'info', 'none']).default('error'))
    .option('--handle-ttl <hours>', 'idle lifetime of generated handles', parseHours, 24)
    .option('--include <glob>', 'only migrate files matching the glob (repeatable)', collect)
    .option('--exclude <glob>', 'skip files matching the glob (repeatable)', collect)
    .option('--no-gitignore', 'do not honour .gitignore files')
    .option('-q, --quiet', 'print nothing but errors (the exit code is unchanged)')
    .option('--color', 'force colour')
    .option('--no-color', 'disable colour (also NO_COLOR=1)')
    .addHelpText('after', APPLY_EXAMPLES)
    .action(async (paths: string[], flags: ApplyFlags) => {
      setExit(await runApplyCommand(paths, flags, io));
    });

  program
    .command('transforms')
    .description('List the transforms apply runs, with what each rewrites and marks.')
    .action(() => {
      const lines: string[] = [];
      for (const t of TRANSFORMS) lines.push(`${t.name}\n  ${t.summary}\n${t.details.map((d) => `  - ${d}`).join('\n')}`);
      io.stdout(`${lines.join('\n\n')}\n`);
      setExit(0);
    });
}

function reportPath(result: ApplyResult, flags: ApplyFlags, io: CommandIo): string {
  return flags.report ? path.resolve(io.cwd, flags.report) : path.join(result.root, 'MIGRATION.md');
}

async function runApplyCommand(paths: string[], flags: ApplyFlags, io: CommandIo): Promise<number> {
  const color = io.color(flags.color);
  const noWrite = Boolean(flags.dryRun || flags.check);
  let result: ApplyResult;
  try {
    result = await runApply({
      paths,
      cwd: io.cwd,
      include: flags.include,
      exclude: flags.exclude,
      respectGitignore: flags.gitignore,
      transforms: flags.transforms?.split(',').map((s) => s.trim()).filter(Boolean),
      dryRun: noWrite,
      allowDirty: flags.allowDirty,
      transformOptions: { ttlHours: flags.handleTtl },
    });
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`mcp-migrate: ${error.message}\n`);
      return 2;
    }
    throw error;
  }

  // A run that changes nothing keeps the existing report: a second run changes nothing at all.
  if (!noWrite && result.changes.length > 0) {
    const target = reportPath(result, flags, io);
    try {
      writeFileAtomic(target, renderMarkdown(result));
    } catch (error) {
      io.stderr(`mcp-migrate: cannot write ${target}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
      return 2;
    }
  }

  if (!flags.quiet) {
    if (flags.format === 'json') io.stdout(renderJson(result));
    else {
      if (flags.dryRun) io.stdout(renderDiff(result, color));
      io.stdout(renderSummary(result, color));
      if (!noWrite && result.changes.length > 0) io.stdout(`Migration report: ${path.relative(io.cwd, reportPath(result, flags, io))}\n`);
    }
  }
  if (result.failures.length > 0 || result.skippedChanged.length > 0) return 2;
  if (flags.check && result.changes.length > 0) return 1;
  const blocking = result.remaining.some((f) => isBlocking(f.severity ?? f.rule.meta.severity, flags.failOn));
  return blocking ? 1 : 0;
}

