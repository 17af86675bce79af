/**
 * Issue 6, the serving part on fastify, with real processes: `apply --transforms stateless-serving` on a copy
 * of `fixtures/e2e-serving-fastify` (sessionful Streamable HTTP on SDK v2 imports, `reply.hijack()` +
 * `transport.handleRequest(request.raw, reply.raw, request.body)`, a shared GET/DELETE session handler), TWO
 * instances of the migrated server behind the plain round-robin proxy: a v2 client pinned to 2026-07-28 and a
 * 2025-era v1 client that connects ONCE both complete calls of both tools served by both instances; GET/DELETE
 * answer 405; fastify's other routes still answer; the migrated file type-checks (strict). Control: the unmigrated server works on one instance and fails
 * behind the proxy with its session error.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { MODERN_PROTOCOL, connect, textOf, type Connection } from './support/clients.js';
import { REPO_ROOT, copyFixture } from './support/paths.js';
import { startFixtureServer, withOutput } from './support/process.js';
import { startRoundRobinProxy } from './support/proxy.js';
import { trackDeployments, type Deployment } from './support/deployment.js';

const SESSION_ERROR = 'Bad Request: No valid session ID provided';
const ENTRY = 'src/server.ts';

const track = trackDeployments();

/** A copy of the fixture, migrated by `apply` when `migrate`, two instances behind the proxy. */
async function deploy(migrate: boolean): Promise<Deployment> {
  const dir = copyFixture('e2e-serving-fastify');
  if (migrate) {
    const run = runCli(['apply', '--allow-dirty', '--transforms', 'stateless-serving', path.join(dir, ENTRY)], { cwd: dir });
    expect(run.status, run.describe()).toBe(0);
    const source = readFileSync(path.join(dir, ENTRY), 'utf8');
    expect(source, run.describe()).not.toContain('mcp-session-id');
    expect(source, run.describe()).not.toContain('NodeStreamableHTTPServerTransport');
    expect(source, run.describe()).toContain('createMcpHandler(buildServer');
    // What apply wrote is valid strict TypeScript against the real fastify and SDK types (tsx alone would not check).
    const tsc = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir, '--noEmit'], { encoding: 'utf8', timeout: 60_000 });
    expect(tsc.status, `tsc on the migrated copy:\n${tsc.stdout}${tsc.stderr}\n${source}`).toBe(0);
  }
  const servers = await Promise.all(['a', 'b'].map((n) => startFixtureServer({ name: `serving-fastify-${n}`, dir, entry: ENTRY })));
  const proxy = await startRoundRobinProxy(servers.map((s) => s.port));
  const deployment = { dir, servers, proxy };
  track(deployment);
  return deployment;
}

/** `add` and `word_count` called alternately `n` times on ONE connection; the ports (instances) that answered. */
async function callRepeatedly(d: Deployment, spec: 'v1' | 'v2', n: number): Promise<Set<string>> {
  const ports = new Set<string>();
  const conn: Connection = await connect(`${d.proxy.origin}/mcp`, spec);
  try {
    if (spec === 'v2') expect(conn.protocolVersion()).toBe(MODERN_PROTOCOL);
    for (let i = 0; i < n; i++) {
      const text =
        i % 2 === 0
          ? textOf(await conn.callTool('add', { a: i, b: 10 }))
          : textOf(await conn.callTool('word_count', { text: 'one two '.repeat(i).trim() }));
      expect(text).toMatch(new RegExp(i % 2 === 0 ? `^${i + 10} \\(port \\d+\\)$` : `^${2 * i} words \\(port \\d+\\)$`));
      ports.add(/port (\d+)/.exec(text)![1]!);
    }
  } finally {
    await conn.close().catch(() => {});
  }
  return ports;
}

async function status(d: Deployment, method: string, route = '/mcp'): Promise<number> {
  const response = await fetch(`${d.proxy.origin}${route}`, { method, headers: { accept: 'text/event-stream, application/json' } });
  await response.arrayBuffer();
  return response.status;
}

describe('stateless-serving end to end on fastify (two instances, round-robin)', { timeout: 120_000 }, () => {
  it('control: the unmigrated sessionful fastify server works on one instance and fails behind the proxy with its session error', async () => {
    const d = await deploy(false);
    await withOutput(d.servers, async () => {
      // It works on one instance (both tools, one session)...
      const direct = { ...d, proxy: { ...d.proxy, origin: `http://127.0.0.1:${d.servers[0]!.port}` } };
      expect(await callRepeatedly(direct, 'v1', 4)).toEqual(new Set([String(d.servers[0]!.port)]));
      // ...and not behind the proxy: the second request lands on the instance that never saw the session.
      await expect(callRepeatedly(d, 'v1', 3)).rejects.toThrow(SESSION_ERROR);
    });
  });

  it('after apply: a 2026-07-28 client and a 2025-era client (connected once) are served by both instances; GET/DELETE 405', async () => {
    const d = await deploy(true);
    await withOutput(d.servers, async () => {
      const modern = await callRepeatedly(d, 'v2', 6);
      expect(modern.size, 'the 2026-07-28 calls were served by both instances').toBe(2);
      const legacy = await callRepeatedly(d, 'v1', 6);
      expect(legacy.size, 'the 2025-era calls were served by both instances').toBe(2);
      expect(await status(d, 'GET')).toBe(405);
      expect(await status(d, 'GET')).toBe(405); // the other instance too
      expect(await status(d, 'DELETE')).toBe(405);
      expect(await status(d, 'DELETE')).toBe(405);
      expect(await status(d, 'GET', '/health'), 'fastify still serves its other routes').toBe(200);
    });
  });
});
