/**
 * The problem, demonstrated with real parts: the UNMIGRATED `fixtures/v1-streamable-express` (sessionful
 * Streamable HTTP, SDK v1) works on one instance, and fails with its own session error as soon as two
 * instances sit behind a plain round-robin load balancer — the failure that makes people migrate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, connectV1, textOf, type Connection } from './support/clients.js';
import { copyFixture } from './support/paths.js';
import { startFixtureServer, withOutput, type ManagedProcess } from './support/process.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/proxy.js';

const SESSION_ERROR = 'Bad Request: No valid session ID provided';

describe('unmigrated v1-streamable-express behind a round-robin proxy', { timeout: 60_000 }, () => {
  let servers: ManagedProcess[] = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    const dir = copyFixture('v1-streamable-express');
    servers = await Promise.all([
      startFixtureServer({ name: 'unmigrated-a', dir }),
      startFixtureServer({ name: 'unmigrated-b', dir }),
    ]);
    proxy = await startRoundRobinProxy(servers.map((s) => s.port));
  }, 90_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('control: one instance serves a v1 client that connects once and makes several calls', async () => {
    await withOutput(servers, async () => {
      const conn = await connectV1(`http://127.0.0.1:${servers[0].port}/mcp`);
      try {
        expect((await conn.listTools()).map((t) => t.name)).toContain('add_to_cart');
        await conn.callTool('add_to_cart', { sku: 'MUG-001', quantity: 2 });
        await conn.callTool('add_to_cart', { sku: 'LMP-044', quantity: 1 });
        const added = await conn.callTool('add_to_cart', { sku: 'MUG-001', quantity: 1 });
        expect(textOf(added)).toContain('Cart total: $81.00');
        expect(textOf(await conn.callTool('view_cart'))).toContain('Total: $81.00');
      } finally {
        await conn.close();
      }
    });
  });

  it('two instances: the same client fails with the server\'s "No valid session ID provided"', async () => {
    await withOutput(servers, async () => {
      const before = proxy.hits.length;
      let failure: unknown;
      let conn: Connection | undefined;
      let callsCompleted = 0;
      try {
        conn = await connect(`${proxy.origin}/mcp`, 'v1');
        for (const sku of ['MUG-001', 'LMP-044', 'BTL-750', 'TNT-210']) {
          await conn.callTool('add_to_cart', { sku, quantity: 1 });
          callsCompleted++;
        }
      } catch (error) {
        failure = error;
      } finally {
        await conn?.close().catch(() => {});
      }
      expect(failure, 'a sessionful server behind round-robin must fail').toBeInstanceOf(Error);
      const message = (failure as Error).message;
      expect(message).toContain(SESSION_ERROR);
      // The SDK's StreamableHTTPError carries the HTTP status as `code`.
      expect((failure as Error & { cause?: { code?: number } }).cause?.code).toBe(400);
      expect(callsCompleted).toBe(0);

      // What happened on the wire: initialize opened a session on one instance; the next request (which
      // carries that session's Mcp-Session-Id) went to the other instance, which has never heard of it.
      const hits = proxy.hits.slice(before);
      expect(hits[0]).toMatchObject({ method: 'POST', status: 200 });
      const rejected = hits.find((h) => h.status === 400);
      expect(rejected, JSON.stringify(hits)).toBeDefined();
      expect(rejected!.upstream).not.toBe(hits[0].upstream);
    });
  });

  it('two instances: a fresh connection per call does not help (every handshake spans both instances)', async () => {
    await withOutput(servers, async () => {
      const failures: string[] = [];
      for (let i = 0; i < 3; i++) {
        try {
          const conn = await connect(`${proxy.origin}/mcp`, 'v1');
          try {
            await conn.callTool('view_cart');
          } finally {
            await conn.close().catch(() => {});
          }
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      expect(failures).toHaveLength(3);
      for (const message of failures) expect(message).toContain(SESSION_ERROR);
    });
  });
});
