/**
 * A real `redis-server` (Debian's package; `.ci/run` installs it) on a free loopback port, in a temp dir,
 * without persistence (`--save '' --appendonly no`) unless asked for. No Redis client library: readiness and the few
 * assertions the harness needs speak RESP over a socket.
 *
 * When `redis-server` is not on PATH:
 * - under CI (`process.env.CI` set) the suites that need it FAIL, loudly: a gate must not go green on nothing;
 * - locally they are skipped, with the reason printed once.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { freePort, startProcess, type ManagedProcess } from './process.js';

export interface RedisInstance {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly process: ManagedProcess;
  /** Send one command, get the raw RESP reply back (e.g. `+PONG\r\n`). */
  command(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

const REDIS_BINARY = process.env.REDIS_SERVER ?? 'redis-server';

/** `redis-server --version`, or undefined when it cannot be run. */
export const redisVersion: string | undefined = (() => {
  const probe = spawnSync(REDIS_BINARY, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
})();

const REDIS_MISSING_REASON =
  `redis-server is not on PATH (${REDIS_BINARY} --version failed). ` +
  'Install it (Debian/Ubuntu: apt-get install -y redis-server; macOS: brew install redis) — .ci/run does this in CI.';

/** Skip (locally) only when Redis is missing AND we are not in CI; in CI, `startRedis` throws instead. */
export const skipWithoutRedis: boolean = redisVersion === undefined && !process.env.CI;
if (skipWithoutRedis) console.warn(`[e2e] skipping the Redis-backed suites: ${REDIS_MISSING_REASON}`);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Send one RESP command to 127.0.0.1:port and resolve with the first complete-looking reply. */
function redisCommand(port: number, args: string[], timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    const finish = (error?: Error) => {
      socket.removeAllListeners();
      socket.destroy();
      if (error) reject(error);
      else resolve(reply);
    };
    socket.setTimeout(timeoutMs, () => finish(new Error(`redis ${args[0]}: no reply within ${timeoutMs} ms`)));
    socket.once('error', (error) => finish(error));
    socket.once('connect', () => {
      socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
    });
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (isCompleteReply(reply)) finish();
    });
  });
}

/** Enough RESP to know a simple/error/integer/bulk/array-of-bulk reply has fully arrived. */
function isCompleteReply(reply: string): boolean {
  if (!reply.endsWith('\r\n')) return false;
  const type = reply[0];
  if (type === '+' || type === '-' || type === ':') return true;
  if (type === '$') {
    const len = Number(reply.slice(1, reply.indexOf('\r\n')));
    return len < 0 || reply.length >= reply.indexOf('\r\n') + 2 + len + 2;
  }
  if (type === '*') {
    const count = Number(reply.slice(1, reply.indexOf('\r\n')));
    if (count <= 0) return true;
    // Count the bulk strings that have fully arrived.
    let pos = reply.indexOf('\r\n') + 2;
    for (let i = 0; i < count; i++) {
      if (pos >= reply.length) return false;
      const eol = reply.indexOf('\r\n', pos);
      if (eol < 0) return false;
      const t = reply[pos];
      if (t === '$') {
        const len = Number(reply.slice(pos + 1, eol));
        pos = len < 0 ? eol + 2 : eol + 2 + len + 2;
      } else {
        pos = eol + 2;
      }
    }
    return pos <= reply.length;
  }
  return true;
}

export interface RedisOptions {
  /** Listen here (a restart on the port the clients know) instead of on a free port. */
  port?: number;
  /** The data directory (a restart that finds what the last run persisted); default: a fresh temp dir. */
  dir?: string;
  /** Append-only file, fsync on every write: a killed server restarted on `dir` has every acknowledged write. */
  persistence?: boolean;
}

/** A fresh data directory for `startRedis({ dir })`, removed after the test file. */
export function redisDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-e2e-redis-'));
  dirs.push(dir);
  return dir;
}

/**
 * Start a fresh redis-server on a free port. Throws (with the reason) when redis-server is missing —
 * call it only in suites gated by `skipWithoutRedis`, so that CI fails here instead of skipping.
 */
export async function startRedis(options: RedisOptions = {}): Promise<RedisInstance> {
  if (redisVersion === undefined) {
    throw new Error(`${REDIS_MISSING_REASON}${process.env.CI ? ' (CI is set: refusing to skip)' : ''}`);
  }
  const dir = options.dir ?? redisDataDir();
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      const proc = await startProcess({
        name: 'redis-server',
        command: REDIS_BINARY,
        args: [
          '--port', String(port),
          '--bind', '127.0.0.1',
          '--save', '',
          ...(options.persistence ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no']),
          '--dir', dir,
          '--daemonize', 'no',
          '--protected-mode', 'yes',
          '--loglevel', 'warning',
        ],
        cwd: dir,
        port,
        readyTimeoutMs: 15_000,
        ready: async () => (await redisCommand(port, ['PING']).catch(() => '')).startsWith('+PONG'),
      });
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        process: proc,
        command: (...args: string[]) => redisCommand(port, args),
        stop: () => proc.stop(),
      };
    } catch (error) {
      if (attempt < 3 && options.port === undefined && /Address already in use|EADDRINUSE/i.test(String(error))) continue;
      throw error;
    }
  }
}

/** Freeze the server (SIGSTOP): connections stay open, nothing is answered — a hung Redis. */
export function freezeRedis(redis: RedisInstance): void {
  process.kill(redis.process.pid, 'SIGSTOP');
}

/** Let a frozen server run again (SIGCONT): it then executes what it received meanwhile. */
export function thawRedis(redis: RedisInstance): void {
  process.kill(redis.process.pid, 'SIGCONT');
}

/** Kill the server at once (SIGKILL): no shutdown save; only what persistence already wrote survives. */
export async function killRedis(redis: RedisInstance): Promise<void> {
  process.kill(redis.process.pid, 'SIGKILL');
  await redis.process.stop();
}

/**
 * The environment of a migrated server whose proof is about where its state lives, not about Redis being
 * slow: a command may wait 10 s instead of the generated module's 2 s default (a mint's commit gets half),
 * because on a busy 2-core CI machine a healthy Redis can take over a second to answer. The timeouts
 * themselves are proved by redis-faults.e2e.test.ts, which keeps the default.
 */
export function migratedServerEnv(redisUrl: string): Record<string, string> {
  return { REDIS_URL: redisUrl, MCP_REDIS_COMMAND_TIMEOUT_MS: '10000' };
}
