/**
 * The processes `verify` starts for itself: the server under test (N copies) and a private redis-server.
 * Readiness is a TCP connect polled against a deadline; output is kept (last 32 KiB) so a server that
 * dies or never listens can be shown; every process is stopped by `stop()` (SIGTERM, then SIGKILL).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';

const MAX_OUTPUT = 32 * 1024;

export interface StartedProcess {
  readonly label: string;
  readonly pid: number;
  readonly port: number;
  output(): string;
  /** Why it exited, once it has. */
  exitStatus(): string | undefined;
  stop(): Promise<void>;
}

/** A free loopback port chosen by the OS (closed again before it is handed out). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function acceptsConnections(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface StartOptions {
  label: string;
  command: string;
  args: string[];
  port: number;
  env?: Record<string, string>;
  cwd?: string;
  readyTimeoutMs: number;
}

/** Spawn a process that must listen on `port`; resolves once it does, rejects (with its output) otherwise. */
export async function startListeningProcess(opts: StartOptions): Promise<StartedProcess> {
  let output = '';
  let status: string | undefined;
  const child = spawn(opts.command, opts.args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      status = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve();
    });
    child.once('error', (error) => {
      status ??= `could not start: ${error.message}`;
      resolve();
    });
  });
  const started: StartedProcess = {
    label: opts.label,
    pid: child.pid ?? -1,
    port: opts.port,
    output: () => output,
    exitStatus: () => status,
    async stop() {
      if (status !== undefined) return;
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(kill);
    },
  };
  const deadline = Date.now() + opts.readyTimeoutMs;
  for (;;) {
    if (status !== undefined) throw new Error(`${opts.label} ${status} before it listened on port ${opts.port}${framed(output)}`);
    if (await acceptsConnections(opts.port)) return started;
    if (Date.now() > deadline) {
      await started.stop();
      throw new Error(`${opts.label} did not listen on port ${opts.port} within ${opts.readyTimeoutMs} ms${framed(output)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function framed(output: string): string {
  const text = output.trimEnd();
  return text ? `\n--- its output ---\n${text}\n--- end ---` : ' (no output)';
}
