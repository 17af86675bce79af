/**
 * The built CLI (`bin/mcp-migrate.js` → `dist/`), run as a real child process, and the feature gates the
 * end-to-end proofs of `apply` use until `apply` lands on main.
 */
import { spawnSync } from 'node:child_process';
import { CLI, REPO_ROOT } from './paths.js';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The command line and its output, framed for an error message. */
  describe(): string;
}

export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): CliRun {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...process.env, CI: 'true', NO_COLOR: '1', ...opts.env },
    encoding: 'utf8',
    input: '',
    timeout: opts.timeoutMs ?? 120_000,
    maxBuffer: 32 * 1024 * 1024,
  });
  const status = run.status;
  const stdout = run.stdout ?? '';
  const stderr = run.stderr ?? '';
  return {
    status,
    stdout,
    stderr,
    describe: () =>
      `$ mcp-migrate ${args.join(' ')}\n(exit ${status}${run.signal ? `, signal ${run.signal}` : ''}${run.error ? `, ${run.error.message}` : ''})\n` +
      `--- stdout ---\n${stdout.trimEnd()}\n--- stderr ---\n${stderr.trimEnd()}\n--- end ---`,
  };
}

/**
 * Help text of a subcommand, or undefined when the CLI has no such command. (commander prints the
 * program's help, exit 0, for `<unknown> --help`, so the exit code alone does not tell.)
 */
export function commandHelp(command: string): string | undefined {
  const run = runCli([command, '--help'], { timeoutMs: 60_000 });
  if (run.status !== 0) return undefined;
  return new RegExp(`^Usage: mcp-migrate ${command}\\b`, 'm').test(run.stdout) ? run.stdout : undefined;
}

const applyHelp = commandHelp('apply');

/** `mcp-migrate apply` exists in the built CLI. */
export const hasApply: boolean = applyHelp !== undefined;

/** `mcp-migrate apply --store <kind>` exists in the built CLI. */
export const hasApplyStore: boolean = /--store\b/.test(applyHelp ?? '');

/** The `apply --help` text, or undefined when there is no `apply`. */
export const APPLY_HELP: string | undefined = applyHelp;

/**
 * A value of one second for `apply --handle-ttl`, in the unit its help text names (ms, seconds, or a
 * duration such as `24h`), or undefined when `apply` has no `--handle-ttl`.
 */
export function oneSecondHandleTtl(help: string | undefined = applyHelp): string | undefined {
  const line = help?.split('\n').find((l) => /--handle-ttl\b/.test(l));
  if (!line) return undefined;
  if (/\bms\b|millisecond/i.test(line)) return '1000';
  if (/\bseconds?\b|<s(ec)?>/i.test(line)) return '1';
  return '1s';
}

let cachedTransformNames: readonly string[] | undefined;

/** The transforms `mcp-migrate transforms` lists (one name per unindented line); asked once, on first use. */
export function transformNames(): readonly string[] {
  if (!cachedTransformNames) {
    const run = runCli(['transforms'], { timeoutMs: 60_000 });
    cachedTransformNames = run.status === 0 ? run.stdout.split('\n').filter((l) => /^[a-z][\w-]*$/.test(l)) : [];
  }
  return cachedTransformNames;
}

/** Whether the built CLI has the transform `name` (the gates of the issue-6 proofs). */
export function hasTransform(name: string): boolean {
  return transformNames().includes(name);
}
