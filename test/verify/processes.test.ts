/**
 * verify's started processes and the port race: a free port is found by listening on 0 and closing, so
 * another process can take it before the child binds it. verify must then start the child on a new port
 * (a bounded number of times) and must never take the other process's answer for the child's. The tests
 * take the port on purpose (a port source that hands out an occupied port, or a child held at a gate until
 * the test has occupied its port) and ask what answers on the port verify settled on: the child, which
 * answers with its pid.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startListeningProcess, type StartedProcess } from '../../src/verify/processes.js';

/**
 * The child: listens on 127.0.0.1:$PORT and answers each connection with its pid. With $GATE, it first
 * connects there, says its port and waits for a byte before it listens (so the test can take the port after
 * the spawn). With $FAKE_BUSY equal to its port, it reports EADDRINUSE as Node prints it and stays up
 * without listening (a server that logs the failure instead of dying). A listen error is unhandled: Node
 * prints "listen EADDRINUSE: address already in use 127.0.0.1:<port>" and exits 1; with $SILENT, it is
 * swallowed and the child stays up saying nothing (only the owner of the port can tell it apart).
 */
const CHILD = `
const net = require('node:net');
const port = Number(process.env.PORT);
const serve = () => {
  // The readiness probe hangs up at once: a reset must not end the child.
  const server = net.createServer((s) => s.on('error', () => {}).end(String(process.pid))).listen(port, '127.0.0.1');
  if (process.env.SILENT) server.on('error', () => setInterval(() => {}, 1000));
};
if (process.env.FAKE_BUSY === String(port)) {
  console.error('Error: listen EADDRINUSE: address already in use 127.0.0.1:' + port);
  setInterval(() => {}, 1000);
} else if (process.env.GATE) {
  const gate = net.connect(Number(process.env.GATE), '127.0.0.1', () => gate.write(port + '\\n'));
  gate.once('data', () => { gate.destroy(); serve(); });
} else serve();
`;

const started: StartedProcess[] = [];
const servers: net.Server[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((p) => p.stop()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A listener of this test process: the "other process" that took the port. */
function listen(port: number, answer: (socket: net.Socket) => void): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      // verify's readiness probe connects and hangs up at once: a reset is expected, not a failure.
      socket.on('error', () => {});
      answer(socket);
    });
    servers.push(server);
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

const foreign = (port = 0) => listen(port, (s) => s.end('foreign'));
const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;

/** A port from the OS as verify's default source finds one: listen on 0, close. */
function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A port source: `first` in turn, then ports from the OS; `handed` is everything it gave out. */
function portSource(first: number[] = []): { next: () => Promise<number>; handed: number[] } {
  const handed: number[] = [];
  const queue = [...first];
  return {
    handed,
    async next() {
      const port = queue.shift() ?? (await osPort());
      handed.push(port);
      return port;
    },
  };
}

function answerOn(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
  });
}

async function start(options: { ports: () => Promise<number>; env?: (port: number) => Record<string, string>; attempts?: number }): Promise<StartedProcess> {
  const proc = await startListeningProcess({
    label: 'child',
    command: process.execPath,
    args: () => ['-e', CHILD],
    env: (port) => ({ PORT: String(port), ...options.env?.(port) }),
    readyTimeoutMs: 20_000,
    ports: options.ports,
    attempts: options.attempts,
  });
  started.push(proc);
  return proc;
}

describe('verify: a started server and the port race', () => {
  it('passes over a port another process already listens on, and starts the child on a new one', async () => {
    const taken = portOf(await foreign());
    const ports = portSource([taken]);
    const child = await start({ ports: ports.next });
    expect(ports.handed[0]).toBe(taken);
    expect(child.port).not.toBe(taken);
    expect(await answerOn(child.port)).toBe(String(child.pid));
  });

  it.each([
    ['exits with EADDRINUSE', {}],
    ['swallows the error and stays up silently', { SILENT: '1' }],
  ])('when the port is taken after the spawn but before the child binds it (a child that %s), restarts the child on a new port and never settles on the other listener', async (_, extraEnv: Record<string, string>) => {
    let spawned = 0;
    let takenPort: number | undefined;
    const gate = await listen(0, (socket) => {
      spawned++;
      socket.once('data', (line) => {
        const port = Number(line.toString().trim());
        if (takenPort !== undefined) return void socket.write('go');
        takenPort = port;
        // Only once the other listener holds the port is the child let go: its listen must fail.
        void foreign(port).then(() => socket.write('go'));
      });
    });
    const ports = portSource();
    const child = await start({ ports: ports.next, env: () => ({ GATE: String(portOf(gate)), ...extraEnv }) });
    expect(takenPort).toBe(ports.handed[0]);
    expect(child.port).not.toBe(takenPort);
    expect(await answerOn(child.port)).toBe(String(child.pid));
    expect(await answerOn(takenPort!)).toBe('foreign');
    expect(spawned).toBe(2);
  });

  it('restarts on a new port a child that reports its port in use and stays up without listening', async () => {
    const ports = portSource();
    let first: number | undefined;
    const child = await start({
      ports: async () => {
        const port = await ports.next();
        first ??= port;
        return port;
      },
      env: () => ({ FAKE_BUSY: String(first) }),
    });
    expect(ports.handed).toHaveLength(2);
    expect(child.port).toBe(ports.handed[1]);
    expect(await answerOn(child.port)).toBe(String(child.pid));
  });

  it('gives up after the given number of attempts, naming the ports and why', async () => {
    const taken = portOf(await foreign());
    let asked = 0;
    const attempt = start({
      ports: async () => {
        asked++;
        return taken;
      },
      attempts: 3,
    });
    await expect(attempt).rejects.toThrow(new RegExp(`no port could be used in 3 attempts[^]*${taken}: already accepting connections`));
    expect(asked).toBe(3);
  });

  it('does not retry a child that exits for another reason, and shows its output', async () => {
    const ports = portSource();
    const attempt = startListeningProcess({
      label: 'child',
      command: process.execPath,
      args: () => ['-e', 'console.error("boom: no database"); process.exit(3)'],
      readyTimeoutMs: 20_000,
      ports: ports.next,
    });
    await expect(attempt).rejects.toThrow(/child exited with code 3 before it listened on port \d+[^]*boom: no database/);
    expect(ports.handed).toHaveLength(1);
  });
});

/**
 * A `docker run -p`-like command: it hands its port to a process outside its own tree (a double fork: the
 * middle process exits, so the listener is re-parented away, as docker-proxy belongs to the daemon) and
 * stays up itself. The listener answers "proxied" and exits once the command has gone, as docker-proxy goes
 * with the container.
 */
const DOCKER_LIKE = `
const { spawn } = require('node:child_process');
const owner = process.pid;
const listener = \`
  const net = require('node:net');
  net.createServer((s) => s.on('error', () => {}).end('proxied')).listen(Number(process.env.PORT), '127.0.0.1');
  setInterval(() => { try { process.kill(\${owner}, 0); } catch { process.exit(0); } }, 100);
\`;
const middle = \`
  require('node:child_process').spawn(process.execPath, ['-e', process.env.LISTENER], { detached: true, stdio: 'ignore' }).unref();
\`;
spawn(process.execPath, ['-e', middle], { stdio: 'ignore', env: { ...process.env, LISTENER: listener } });
setInterval(() => {}, 1000);
`;

describe('verify: a command whose listener lives outside its own process tree', () => {
  const dockerLike = (listener?: 'own' | 'any', ports?: () => Promise<number>) =>
    startListeningProcess({
      label: 'docker-like',
      command: process.execPath,
      args: () => ['-e', DOCKER_LIKE],
      env: (port) => ({ PORT: String(port) }),
      readyTimeoutMs: 20_000,
      attempts: 2,
      ports,
      listener,
    });

  it.skipIf(process.platform !== 'linux')('is taken for a port race by default: the listener is not the command’s', async () => {
    await expect(dockerLike()).rejects.toThrow(/no port could be used in 2 attempts[^]*not by docker-like/);
  });

  it('is started with listener "any": ready once the port answers while the command runs', async () => {
    const proc = await dockerLike('any');
    started.push(proc);
    expect(await answerOn(proc.port)).toBe('proxied');
    expect(proc.exitStatus()).toBeUndefined();
  });

  it('with listener "any" still passes over a port that answered before the start', async () => {
    const taken = portOf(await foreign());
    const ports = portSource([taken]);
    const proc = await dockerLike('any', ports.next);
    started.push(proc);
    expect(proc.port).toBe(ports.handed[1]);
    expect(await answerOn(proc.port)).toBe('proxied');
  });
});
