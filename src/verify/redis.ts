/**
 * A private redis-server for `verify -- <command> --redis`: a free loopback port, a temp dir, no
 * persistence. The servers under test get its address as REDIS_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startListeningProcess, type StartedProcess } from './processes.js';

export interface PrivateRedis {
  readonly url: string;
  readonly process: StartedProcess;
  stop(): Promise<void>;
}

export async function startPrivateRedis(binary = process.env.REDIS_SERVER ?? 'redis-server'): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-verify-redis-'));
  try {
    const proc = await startListeningProcess({
      label: 'redis-server',
      command: binary,
      args: (port) => ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--loglevel', 'warning'],
      cwd: dir,
      readyTimeoutMs: 15_000,
    });
    return {
      url: `redis://127.0.0.1:${proc.port}`,
      process: proc,
      async stop() {
        await proc.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
