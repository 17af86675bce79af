/**
 * The processes `verify` starts for itself: the server under test (N copies) and a private redis-server.
 * Each gets a free loopback port; readiness is a TCP connect polled against a deadline; output is kept
 * (last 32 KiB) so a server that dies or never listens can be shown; every process is stopped by `stop()`
 * (SIGTERM, then SIGKILL).
 *
 * The port race. A free port is found by listening on port 0 and closing again; between that close and the
 * child's own listen, anything else on the machine (another verify, a parallel test worker) can take the
 * port. Then the child cannot bind, and, worse, the readiness connect succeeds against the OTHER process,
 * so verify would report on a server it did not start. So:
 *  - before spawning, a port that already accepts connections is passed over;
 *  - a connect counts as ready only if the listening socket belongs to the child or one of its descendants
 *    (on Linux: the socket's inode in /proc/net/tcp{,6} among the fds of the child's process tree);
 *  - a listener held by a process outside that tree means the port was taken. When this user can see that
 *    process, the child is stopped at once and started again on a new port; when it cannot (another user's,
 *    or another pid namespace sharing this network, as on a shared CI box), the attempt waits: the child fails
 *    to bind, or the listener was one held for a moment (another tool's listen on 0) and goes away; one still
 *    there at the deadline also sends the child to a new port;
 *  - a child that says it could not bind our port (EADDRINUSE / "address already in use" naming it),
 *    whether it exits or stays up, is stopped and started again on a new port;
 *  - at most `attempts` ports are tried. Where ownership cannot be seen (no /proc, or part of the child's
 *    tree belongs to another user), a connect counts as ready while the child is alive and has not reported
 *    that our port was in use, as before. A command whose listener lives outside its own process tree (e.g.
 *    `docker run -p`, where docker-proxy listens) looks as if its port were taken; for such a command the
 *    caller says `listener: 'any'` (verify's `--listener any`): a connect then counts as ready while the
 *    child runs and has not reported our port in use, which gives up the ownership check (and with it the
 *    protection against the race) for that command only.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';

const MAX_OUTPUT = 32 * 1024;
const DEFAULT_ATTEMPTS = 3;

export interface StartedProcess {
  readonly label: string;
  readonly pid: number;
  readonly port: number;
  output(): string;
  /** Why it exited, once it has. */
  exitStatus(): string | undefined;
  stop(): Promise<void>;
}

/** A free loopback port chosen by the OS (closed again before it is handed out, hence the checks above). */
function freePort(): Promise<number> {
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
  /** The arguments for a run on `port` (asked again with a new port when the first was taken). */
  args: (port: number) => string[];
  /** The environment (beyond this process's) for a run on `port`. */
  env?: (port: number) => Record<string, string>;
  cwd?: string;
  /** Per attempt. */
  readyTimeoutMs: number;
  /** Where ports come from (default: the OS, via listen on 0). */
  ports?: () => Promise<number>;
  /** How many ports to try before giving up (default 3). */
  attempts?: number;
  /**
   * Who may hold the listening socket: `own` (default) the child or a descendant; `any` whoever, while the
   * child runs (a command that hands the port to a process outside its tree, as `docker run -p` does).
   */
  listener?: ListenerCheck;
}

export type ListenerCheck = 'own' | 'any';

/** Thrown inside an attempt when the port turned out to be someone else's: try again on a new port. */
class PortTaken extends Error {}

/**
 * Spawn a process that must listen on the port it is given; resolves once it does (itself, not another
 * process on that port), trying new ports when the port was taken; rejects (with its output) otherwise.
 */
export async function startListeningProcess(opts: StartOptions): Promise<StartedProcess> {
  const ports = opts.ports ?? freePort;
  const attempts = opts.attempts ?? DEFAULT_ATTEMPTS;
  const taken: string[] = [];
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const port = await ports();
    if (await acceptsConnections(port)) {
      taken.push(`${port}: already accepting connections before the start`);
      continue;
    }
    try {
      return await attemptOn(opts, port);
    } catch (error) {
      if (!(error instanceof PortTaken)) throw error;
      taken.push(`${port}: ${error.message}`);
    }
  }
  throw new Error(`${opts.label}: no port could be used in ${attempts} attempt${attempts > 1 ? 's' : ''} (taken by other processes):\n  ${taken.join('\n  ')}`);
}

async function attemptOn(opts: StartOptions, port: number): Promise<StartedProcess> {
  let output = '';
  let status: string | undefined;
  const child = spawn(opts.command, opts.args(port), {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env?.(port) },
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
    port,
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
  /** At the last look, a listener outside the child's tree that this user cannot see. */
  let foreign: string | undefined;
  for (;;) {
    if (status !== undefined) {
      if (saysPortInUse(output, port)) throw new PortTaken(`${opts.label} ${status}: it could not bind the port${framed(output)}`);
      throw new Error(`${opts.label} ${status} before it listened on port ${port}${framed(output)}`);
    }
    foreign = undefined;
    if (await acceptsConnections(port)) {
      const owner: Owner = opts.listener === 'any' ? { kind: 'unknown' } : listenerOwner(port, started.pid);
      if (owner.kind === 'child') return started;
      if (owner.kind === 'other' && owner.pid !== undefined) {
        await started.stop();
        throw new PortTaken(`listened on by pid ${owner.pid}, not by ${opts.label} (pid ${started.pid}) or its children`);
      }
      // Checked again after the connect: a child that has exited meanwhile, or reports our port in use, is not what answered.
      if (owner.kind === 'unknown' && status === undefined && !saysPortInUse(output, port)) return started;
      // A listener outside the child's tree whose process we cannot see (another user's, another pid namespace
      // sharing this network): the child will fail to bind, or it was a port held for a moment (listen on 0
      // and close, as ours) and is gone at the next look. Wait for either.
      if (owner.kind === 'other') foreign = `port ${port} accepted connections from a process outside ${opts.label} (pid ${started.pid}) and its children`;
    }
    if (status === undefined && saysPortInUse(output, port)) {
      await started.stop();
      throw new PortTaken(`${opts.label} reported it could not bind the port${framed(output)}`);
    }
    if (Date.now() > deadline) {
      await started.stop();
      if (foreign) throw new PortTaken(`${foreign} until the ${opts.readyTimeoutMs} ms deadline${framed(output)}`);
      throw new Error(`${opts.label} did not listen on port ${port} within ${opts.readyTimeoutMs} ms${framed(output)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Node's "listen EADDRINUSE: address already in use :::3000", redis's "…127.0.0.1:6379: bind: Address already in use". */
function saysPortInUse(output: string, port: number): boolean {
  const onPort = new RegExp(`[:.\\s]${port}(?!\\d)`);
  return output.split('\n').some((line) => /EADDRINUSE|address already in use/i.test(line) && onPort.test(line));
}

/**
 * Who holds the listening socket on `port`: the process `pid` or a descendant (child); a process outside
 * that tree (other: with its pid when this user can see it); nobody any more (gone: a listener held for a
 * moment); or unknown (no /proc, or part of the child's tree cannot be inspected).
 */
type Owner = { kind: 'child' } | { kind: 'other'; pid?: number } | { kind: 'gone' } | { kind: 'unknown' };

function listenerOwner(port: number, pid: number): Owner {
  const inodes = listeningInodes(port);
  const parents = parentsByPid();
  if (inodes === undefined || parents === undefined || pid <= 0) return { kind: 'unknown' };
  if (inodes.size === 0) return { kind: 'gone' };
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, parent] of parents) {
      if (!tree.has(p) && tree.has(parent)) {
        tree.add(p);
        grew = true;
      }
    }
  }
  let treeSeen = true;
  for (const p of tree) {
    const held = holdsSocket(p, inodes);
    if (held === true) return { kind: 'child' };
    if (held === undefined && parents.has(p)) treeSeen = false;
  }
  for (const p of parents.keys()) if (!tree.has(p) && holdsSocket(p, inodes)) return { kind: 'other', pid: p };
  return treeSeen ? { kind: 'other' } : { kind: 'unknown' };
}

/** The socket inodes listening on `port` (any address, IPv4 and IPv6); undefined without /proc/net. */
function listeningInodes(port: number): Set<string> | undefined {
  const inodes = new Set<string>();
  let readable = false;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    readable = true;
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      // st 0A is TCP_LISTEN; the local address is hex "addr:port".
      if (!local || fields[3] !== '0A' || Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) !== port) continue;
      if (fields[9] && fields[9] !== '0') inodes.add(fields[9]);
    }
  }
  return readable ? inodes : undefined;
}

/** pid → parent pid for every process in /proc; undefined without /proc. */
function parentsByPid(): Map<number, number> | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const parents = new Map<number, number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // exited meanwhile
    }
  }
  return parents;
}

/** Whether `pid` holds one of `inodes`; undefined when its fds cannot be read (another user's, or it exited). */
function holdsSocket(pid: number, inodes: Set<string>): boolean | undefined {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return undefined;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match && inodes.has(match[1]!)) return true;
    } catch {
      // closed meanwhile
    }
  }
  return false;
}

function framed(output: string): string {
  const text = output.trimEnd();
  return text ? `\n--- its output ---\n${text}\n--- end ---` : ' (no output)';
}
