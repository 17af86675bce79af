/**
 * The end-to-end harness checks itself, so a green proof means something: the proxy really alternates and
 * really streams; redis-server really starts (and CI fails here if it is missing); a server that dies at
 * start-up fails fast with its own stderr; everything is stopped afterwards.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoTempDir } from './support/paths.js';
import { canConnect, freePort, startFixtureServer } from './support/process.js';
import { startRoundRobinProxy } from './support/proxy.js';
import { redisVersion, skipWithoutRedis, startRedis } from './support/redis.js';

/** An in-process upstream that answers with its own name, echoes a header and the body, and can stream SSE. */
async function upstream(name: string) {
  let releaseSecondEvent: () => void = () => {};
  const secondEvent = new Promise<void>((resolve) => (releaseSecondEvent = resolve));
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (req.url === '/sse') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-upstream': name });
        res.write(`data: first from ${name}\n\n`);
        // The second event is only sent once the test has SEEN the first through the proxy: a proxy
        // that buffered the response would deadlock here and the test would time out.
        void secondEvent.then(() => res.end(`data: second from ${name}\n\n`));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': name });
      res.end(JSON.stringify({ upstream: name, method: req.method, session: req.headers['mcp-session-id'] ?? null, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    releaseSecondEvent: () => releaseSecondEvent(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('round-robin proxy', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('sends request k to upstream k mod N, forwarding method, headers, body and status', async () => {
    const a = await upstream('a');
    const b = await upstream('b');
    const proxy = await startRoundRobinProxy([a.port, b.port]);
    cleanups.push(a.close, b.close, proxy.close);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request(`${proxy.origin}/mcp?i=${i}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mcp-session-id': 'sess-1' },
        body: `{"i":${i}}`,
      });
      expect(res.status).toBe(201);
      const json = JSON.parse(res.body);
      expect(json).toMatchObject({ method: 'POST', session: 'sess-1', body: `{"i":${i}}` });
      seen.push(json.upstream);
    }
    expect(seen).toEqual(['a', 'b', 'a', 'b']); // no stickiness, even with the same Mcp-Session-Id
    expect(proxy.hits.map((h) => h.upstream)).toEqual([0, 1, 0, 1]);
  });

  it('streams an SSE response as it is produced (not buffered until the upstream ends)', async () => {
    const a = await upstream('a');
    const proxy = await startRoundRobinProxy([a.port]);
    cleanups.push(a.close, proxy.close);
    const events = await new Promise<string>((resolve, reject) => {
      http
        .get(`${proxy.origin}/sse`, (res) => {
          expect(res.headers['content-type']).toBe('text/event-stream');
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('first from a')) a.releaseSecondEvent();
          });
          res.on('end', () => resolve(text));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    expect(events).toBe('data: first from a\n\ndata: second from a\n\n');
  });

  it('answers 502 with the reason when an upstream is down', async () => {
    const a = await upstream('a');
    await a.close(); // nothing listens on a.port any more
    const proxy = await startRoundRobinProxy([a.port]);
    cleanups.push(proxy.close);
    const res = await request(`${proxy.origin}/mcp`);
    expect(res.status).toBe(502);
    expect(res.body).toContain('ECONNREFUSED');
  });
});

describe('fixture server processes', () => {
  it("ports come from this worker's own block below the ephemeral range, a new one each time", async () => {
    const poolId = Number(process.env.VITEST_POOL_ID);
    expect(poolId, 'vitest names the worker').toBeGreaterThanOrEqual(1);
    const ports = [await freePort(), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000 + (poolId - 1) * 1_000);
      expect(port).toBeLessThan(20_000 + poolId * 1_000);
    }
  });

  it('a server that dies at start-up fails fast, with its stderr in the error', async () => {
    const dir = repoTempDir('crashing-server');
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(
      path.join(dir, 'src', 'index.ts'),
      "const port: number = Number(process.env.PORT);\nconsole.error(`boom on ${port}`);\nthrow new Error('fixture failed to start');\n",
    );
    const started = Date.now();
    const error = await startFixtureServer({ name: 'crashing', dir }).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/crashing .* exited with code 1/s);
    expect(error?.message).toContain('fixture failed to start');
    expect(error?.message).toMatch(/boom on \d+/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

// CI must not skip this: .ci/run installs redis-server, and without it the Redis-backed proofs prove nothing.
describe.skipIf(skipWithoutRedis)(`redis-server (${redisVersion ?? 'not installed'})`, () => {
  it('starts on a free loopback port without persistence, answers, and is gone after stop()', async () => {
    const redis = await startRedis();
    try {
      expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
      expect(await redis.command('PING')).toBe('+PONG\r\n');
      expect(await redis.command('SET', 'k', 'v', 'NX', 'EX', '60')).toBe('+OK\r\n');
      expect(await redis.command('SET', 'k', 'w', 'NX', 'EX', '60')).toBe('$-1\r\n');
      expect(await redis.command('GET', 'k')).toBe('$1\r\nv\r\n');
      expect(await redis.command('CONFIG', 'GET', 'save')).toBe('*2\r\n$4\r\nsave\r\n$0\r\n\r\n');
      expect(await redis.command('CONFIG', 'GET', 'appendonly')).toBe('*2\r\n$10\r\nappendonly\r\n$2\r\nno\r\n');
    } finally {
      await redis.stop();
    }
    expect(redis.process.exited()).toBe(true);
    expect(await canConnect(redis.port)).toBe(false);
  });
});
