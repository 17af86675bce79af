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
