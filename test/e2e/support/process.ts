/**
 * Real child processes for the end-to-end tests: fixture servers run with `tsx` (a devDependency) on a
 * free loopback port passed as `PORT`, and any other long-running binary (redis-server).
 *
 * - Output (stdout and stderr, interleaved, the last 64 KiB) is captured so a failure can show it.
 * - Readiness is polled with a deadline (a TCP connect to the port), never a fixed sleep; a process that
 *   exits before it listens fails at once with its output.
 * - Every process started here is stopped after the test file (SIGTERM, then SIGKILL after a deadline),
 *   also when a test fails; and, as a last resort, when the test worker itself exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll } from 'vitest';
import { REPO_ROOT } from './paths.js';

const MAX_LOG = 64 * 1024;

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly port: number;
  /** The captured stdout+stderr so far (last 64 KiB). */
  output(): string;
  /** True once the process has exited. */
  exited(): boolean;
  /** Exit code / signal, once exited. */
  exitStatus(): string | undefined;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. Idempotent. */
  stop(graceMs?: number): Promise<void>;
}

const live = new Set<ManagedProcess>();

afterAll(async () => {
  await stopAll();
});

// Last resort: a worker that dies (or a run that is interrupted) must not leave servers listening.
process.once('exit', () => {
  for (const p of live) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

async function stopAll(): Promise<void> {
  await Promise.all([...live].map((p) => p.stop()));
}

/*
 * Ports for the processes the tests start. Asking the OS for a free port (listen on 0), closing it and handing
 * the number to a child that binds it a second later raced with the other test workers doing the same: Linux
 * picks such a port at random among ~14,000, so two overlapping picks got the same port about once in 14,000
 * pairs, and then the loser's readiness check (a TCP connect) could find the OTHER worker's server listening
 * there and run its test against it; a Redis restarted on "its" port after a kill raced the same way. Now
 * each vitest worker (VITEST_POOL_ID, 1..maxWorkers, unique among the workers running at once) hands out
 * ports from a block of its own, below the ephemeral range (32768-60999 on Linux), which no outgoing
 * connection and no listen(0) takes; in turn from a random start (so another run on the same machine rarely
 * starts at the same place), and only ports it can bind at that moment.
 */
const PORT_BASE = 20_000;
const PORT_BLOCK = 1_000;
const LAST_PORT = 32_767;
let nextInBlock: number | undefined;

/** A free TCP port on 127.0.0.1 that no other test worker hands out (see above). */
export async function freePort(): Promise<number> {
  const poolId = Number(process.env.VITEST_POOL_ID);
  const first = PORT_BASE + (poolId - 1) * PORT_BLOCK;
  if (!Number.isInteger(poolId) || poolId < 1 || first + PORT_BLOCK - 1 > LAST_PORT) return osPort();
  nextInBlock ??= randomInt(PORT_BLOCK);
  for (let tried = 0; tried < PORT_BLOCK; tried++) {
    const port = first + (nextInBlock++ % PORT_BLOCK);
    if (await canListen(port)) return port;
  }
  return osPort();
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port the OS picks (outside vitest, or more workers than blocks). */
function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves true if something accepts TCP connections on 127.0.0.1:port. */
export function canConnect(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.removeAllListeners();
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Poll `check` every `intervalMs` until it returns true, `abort` returns a reason, or the deadline passes.
 * Throws with `describe()` appended (e.g. the process output) on timeout or abort.
 */
async function pollUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  opts: { timeoutMs: number; intervalMs?: number; abort?: () => string | undefined; describe?: () => string },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  const interval = opts.intervalMs ?? 50;
  for (;;) {
    const aborted = opts.abort?.();
    if (aborted) throw new Error(`${what}: ${aborted}${suffix(opts.describe?.())}`);
    if (await check()) return;
    if (Date.now() > deadline) {
      throw new Error(`${what}: not ready after ${opts.timeoutMs} ms${suffix(opts.describe?.())}`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

function suffix(text: string | undefined): string {
  return text ? `\n${text}` : '';
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  port: number;
  env?: Record<string, string | undefined>;
  /** How long to wait for the port to accept connections. */
  readyTimeoutMs?: number;
  /** Extra readiness check after the port accepts connections (e.g. a Redis PING). */
  ready?: () => Promise<boolean>;
}

/** Spawn a process that listens on `port`; resolves once it accepts connections. */
export async function startProcess(opts: StartOptions): Promise<ManagedProcess> {
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    if (log.length > MAX_LOG) log = log.slice(log.length - MAX_LOG);
  };
  const child: ChildProcess = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let status: string | undefined;
  let spawnError: Error | undefined;
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      status = signal ? `killed by ${signal}` : `exited with code ${code}`;
      live.delete(managed);
      resolve();
    });
    child.once('error', (error) => {
      spawnError = error;
      status ??= `failed to start: ${error.message}`;
      live.delete(managed);
      resolve();
    });
  });

  const managed: ManagedProcess = {
    name: opts.name,
    pid: child.pid ?? -1,
    port: opts.port,
    output: () => log,
    exited: () => status !== undefined,
    exitStatus: () => status,
    async stop(graceMs = 3000) {
      if (status !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (status === undefined) child.kill('SIGKILL');
      }, graceMs);
      await exitedPromise;
      clearTimeout(timer);
    },
  };
  if (child.pid !== undefined) live.add(managed);

  const describe = () => formatOutput(managed);
  try {
    await pollUntil(
      `${opts.name} (${opts.command} ${opts.args.join(' ')}) on port ${opts.port}`,
      async () => (await canConnect(opts.port)) && (opts.ready ? await opts.ready() : true),
      {
        timeoutMs: opts.readyTimeoutMs ?? 30_000,
        abort: () => (spawnError ? `failed to start: ${spawnError.message}` : status),
        describe,
      },
    );
  } catch (error) {
    await managed.stop();
    throw error;
  }
  return managed;
}

/** The captured output of a process, framed for an error message. */
export function formatOutput(p: ManagedProcess): string {
  const out = p.output().trimEnd();
  const state = p.exited() ? ` (${p.exitStatus()})` : '';
  return `--- ${p.name} [pid ${p.pid}, port ${p.port}]${state} output ---\n${out || '(no output)'}\n--- end of ${p.name} output ---`;
}

const TSX_LOADER = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');

/**
 * Start a TypeScript fixture server (`entry`, relative to `dir`) with tsx on a free port passed as `PORT`.
 * Runs `node --import tsx <entry>` as ONE process (no tsx wrapper process), so the pid we kill is the server.
 * `dir` must be inside the repo so that bare imports (express, the SDK, zod) resolve to its node_modules.
 */
export async function startFixtureServer(opts: {
  name: string;
  dir: string;
  entry?: string;
  env?: Record<string, string | undefined>;
  readyTimeoutMs?: number;
}): Promise<ManagedProcess> {
  if (!existsSync(TSX_LOADER)) {
    throw new Error(`tsx is not installed (${TSX_LOADER} missing): run npm ci`);
  }
  const entry = opts.entry ?? 'src/index.ts';
  if (!existsSync(path.join(opts.dir, entry))) {
    throw new Error(`${opts.name}: entry ${path.join(opts.dir, entry)} does not exist`);
  }
  // A port can be taken between freePort() and the server's listen() (by a process outside this run): retry on EADDRINUSE.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startProcess({
        name: opts.name,
        command: process.execPath,
        args: ['--import', pathToFileURL(TSX_LOADER).href, entry],
        cwd: opts.dir,
        port,
        env: { NODE_ENV: 'test', ...opts.env, PORT: String(port) },
        readyTimeoutMs: opts.readyTimeoutMs ?? 45_000,
      });
    } catch (error) {
      if (attempt < 3 && /EADDRINUSE/.test(String(error))) continue;
      throw error;
    }
  }
}

/**
 * Run `fn`; if it throws (an assertion included), append the captured output of `procs` to the error
 * message, so a failure in CI shows what the servers said (a stack trace, a missing module, a 400 body).
 */
export async function withOutput<T>(procs: ManagedProcess[] | (() => ManagedProcess[]), fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const list = typeof procs === 'function' ? procs() : procs;
    if (error instanceof Error && list.length > 0) {
      error.message += `\n\n${list.map(formatOutput).join('\n')}`;
    }
    throw error;
  }
}

/** A migrated server that cannot start because it imports a package this repo does not have: say which. */
export function missingPackageHint(output: string): string {
  const missing = /Cannot find (?:package|module) '([^']+)'/.exec(output);
  return missing
    ? `\nThe migrated server imports '${missing[1]}', which is not installed in this repo: add it to devDependencies (pinned) so the e2e proof can run it.`
    : '';
}
