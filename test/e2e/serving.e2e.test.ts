/**
 * Issue 6, the serving part, with real processes: `apply --transforms stateless-serving` on a copy of
 * `fixtures/e2e-serving`, TWO instances of the migrated server behind the plain round-robin proxy.
 * - `--target 2026-07-28` on `src/v2.ts` (sessionful serving on SDK v2 imports): a v2 client pinned to
 *   2026-07-28 and a 2025-era v1 client that connects ONCE both complete calls served by both instances;
 *   GET/DELETE answer 405. With `--modern-only` the v1 client is refused and the v2 client still works.
 * - `--target stateless-v1` on `src/v1.ts` (SDK 1.x stays): the v1 client connects once and is served by
 *   both instances; GET/DELETE answer 405.
 * - `--target 2026-07-28` on `src/both.ts` (both generations, one registry for Streamable HTTP and HTTP+SSE
 *   transports): /mcp is served statelessly by both instances, and the kept HTTP+SSE endpoint still serves a
 *   2025-era SSE client (on one instance: SSE is sessionful by design).
 * Control: the unmigrated v2 file fails behind the proxy with its session error.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { runCli } from './support/cli.js';
import { MODERN_PROTOCOL, connect, textOf, type Connection } from './support/clients.js';
import { copyFixture } from './support/paths.js';
import { startFixtureServer, withOutput } from './support/process.js';
import { startRoundRobinProxy } from './support/proxy.js';
import { trackDeployments, type Deployment } from './support/deployment.js';

const SESSION_ERROR = 'Bad Request: No valid session ID provided';

const track = trackDeployments();

/**
 * A copy of the fixture, migrated with `args` (none: unmigrated), two instances of `entry` behind the proxy.
 * `exit`: apply's exit code (1 when findings stay by design, as those of a kept HTTP+SSE endpoint).
 */
async function deploy(entry: string, args: string[] | undefined, exit = 0): Promise<Deployment> {
  const dir = copyFixture('e2e-serving');
  if (args) {
    const run = runCli(['apply', '--allow-dirty', '--transforms', 'stateless-serving', ...args, path.join(dir, entry)], { cwd: dir });
    expect(run.status, run.describe()).toBe(exit);
    expect(readFileSync(path.join(dir, entry), 'utf8'), run.describe()).not.toContain('mcp-session-id');
  }
  const servers = await Promise.all(['a', 'b'].map((n) => startFixtureServer({ name: `serving-${n}`, dir, entry })));
  const proxy = await startRoundRobinProxy(servers.map((s) => s.port));
  const deployment = { dir, servers, proxy };
  track(deployment);
  return deployment;
}

/** `add` called `n` times on ONE connection; the ports (instances) that answered. */
async function addRepeatedly(d: Deployment, spec: 'v1' | 'v2', n: number): Promise<Set<string>> {
  const ports = new Set<string>();
  const conn: Connection = await connect(`${d.proxy.origin}/mcp`, spec);
  try {
    if (spec === 'v2') expect(conn.protocolVersion()).toBe(MODERN_PROTOCOL);
    for (let i = 0; i < n; i++) {
      const text = textOf(await conn.callTool('add', { a: i, b: 10 }));
      expect(text).toMatch(new RegExp(`^${i + 10} \\(port \\d+\\)$`));
      ports.add(/port (\d+)/.exec(text)![1]!);
    }
  } finally {
    await conn.close().catch(() => {});
  }
  return ports;
}

async function status(d: Deployment, method: string): Promise<number> {
  const response = await fetch(`${d.proxy.origin}/mcp`, { method, headers: { accept: 'text/event-stream, application/json' } });
  await response.arrayBuffer();
  return response.status;
}

describe('stateless-serving end to end (two instances, round-robin)', { timeout: 120_000 }, () => {
  it('control: the unmigrated sessionful server fails behind the proxy with its session error', async () => {
    const d = await deploy('src/v2.ts', undefined);
    await withOutput(d.servers, async () => {
      await expect(addRepeatedly(d, 'v1', 3)).rejects.toThrow(SESSION_ERROR);
    });
  });

  it('--target 2026-07-28: a 2026-07-28 client and a 2025-era client (connected once) are served by both instances; GET/DELETE 405', async () => {
    const d = await deploy('src/v2.ts', []);
    await withOutput(d.servers, async () => {
      const source = readFileSync(path.join(d.dir, 'src/v2.ts'), 'utf8');
      expect(source).toContain('createMcpHandler(buildServer)');
      const modern = await addRepeatedly(d, 'v2', 6);
      expect(modern.size, 'the 2026-07-28 calls were served by both instances').toBe(2);
      const legacy = await addRepeatedly(d, 'v1', 6);
      expect(legacy.size, 'the 2025-era calls were served by both instances').toBe(2);
      expect(await status(d, 'GET')).toBe(405);
      expect(await status(d, 'DELETE')).toBe(405);
    });
  });

  it('--modern-only: the 2025-era client is refused, the 2026-07-28 client still works', async () => {
    const d = await deploy('src/v2.ts', ['--modern-only']);
    await withOutput(d.servers, async () => {
      expect(readFileSync(path.join(d.dir, 'src/v2.ts'), 'utf8')).toContain("legacy: 'reject'");
      expect((await addRepeatedly(d, 'v2', 4)).size).toBe(2);
      await expect(addRepeatedly(d, 'v1', 1)).rejects.toThrow();
    });
  });

  it('--target 2026-07-28, one registry for both generations: /mcp stateless on both instances; the HTTP+SSE endpoint still serves an SSE client', async () => {
    // The HTTP+SSE endpoint's findings stay (it serves 2025-era clients): apply exits 1.
    const d = await deploy('src/both.ts', [], 1);
    await withOutput(d.servers, async () => {
      const source = readFileSync(path.join(d.dir, 'src/both.ts'), 'utf8');
      expect(source).toContain('createMcpHandler(buildServer)');
      expect(source).toContain('Record<string, SSEServerTransport>');
      expect((await addRepeatedly(d, 'v2', 6)).size, 'the 2026-07-28 calls were served by both instances').toBe(2);
      expect((await addRepeatedly(d, 'v1', 6)).size, 'the 2025-era calls were served by both instances').toBe(2);
      const port = d.servers[0]!.port;
      const sse = new ClientV1({ name: 'sse-client', version: '1.0.0' });
      await sse.connect(new SSEClientTransport(new URL(`http://127.0.0.1:${port}/sse`)));
      try {
        const result = (await sse.callTool({ name: 'add', arguments: { a: 2, b: 3 } })) as { content: Array<{ type: string; text?: string }> };
        expect(result.content[0]?.text).toBe(`5 (port ${port})`);
      } finally {
        await sse.close().catch(() => {});
      }
    });
  });

  it('--target stateless-v1: SDK 1.x, a 2025-era client connected once is served by both instances; GET/DELETE 405', async () => {
    const d = await deploy('src/v1.ts', ['--target', 'stateless-v1']);
    await withOutput(d.servers, async () => {
      const source = readFileSync(path.join(d.dir, 'src/v1.ts'), 'utf8');
      expect(source).toContain('sessionIdGenerator: undefined');
      expect(source).not.toContain('@modelcontextprotocol/server');
      expect((await addRepeatedly(d, 'v1', 6)).size).toBe(2);
      expect(await status(d, 'GET')).toBe(405);
      expect(await status(d, 'DELETE')).toBe(405);
    });
  });
});
