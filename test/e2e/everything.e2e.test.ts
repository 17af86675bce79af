/**
 * Issue 6, the full end-to-end proof on `fixtures/e2e-everything-shop`: a session-era server that keeps a cart
 * per session, asks the user to confirm checkout (elicitation), asks the client's model for a gift note
 * (sampling) and logs to the session (logging).
 *
 * 1. Always: unmigrated, it works for a 2025-era client on ONE instance (elicitation, sampling and logging
 *    round trips included), and behind a plain round-robin proxy over TWO instances it fails with its own
 *    session error.
 * 2. `apply --allow-dirty --store redis` migrates a copy; two instances
 *    share a real Redis behind the proxy; a v2 client pinned to 2026-07-28, with a fresh connection per call,
 *    completes a 30-turn workflow across both instances — handles, a sampling round trip and elicitation
 *    round trips (accept and decline), with the retry of a multi-round-trip call served by the OTHER
 *    instance than its first round. A 2025-era v1 client, fresh connection per call, completes the cart part.
 *    (The SDK's legacy shim cannot carry elicitation/sampling over stateless legacy HTTP, so the v1 client is
 *    not asked to.)
 *
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOnFreshConnection, connect, MODERN_PROTOCOL, textOf, type HostHandlers } from './support/clients.js';
import { runCli } from './support/cli.js';
import { copyFixture, FIXTURES } from './support/paths.js';
import { formatOutput, missingPackageHint, startFixtureServer, withOutput, type ManagedProcess } from './support/process.js';
import { startRoundRobinProxy, type ProxyHit, type RoundRobinProxy } from './support/proxy.js';
import { migratedServerEnv, skipWithoutRedis, startRedis, type RedisInstance } from './support/redis.js';
import { addToCart, CartModel, createCart, expectCart, interleavedTurns, price } from './support/shop.js';

const FIXTURE = 'e2e-everything-shop';
const SESSION_ERROR = 'Bad Request: No valid session ID provided';

/** A scripted host: records what the server asked, answers the model's part and the user's part. */
function scriptedHost(confirm: boolean | 'decline' = true) {
  const asked = { elicit: [] as string[], sample: [] as string[] };
  const handlers: HostHandlers = {
    elicit: (params) => {
      asked.elicit.push(params.message ?? '');
      return confirm === 'decline' ? { action: 'decline' } : { action: 'accept', content: { confirm } };
    },
    sample: (params) => {
      const prompt = JSON.stringify(params.messages ?? []);
      asked.sample.push(prompt);
      const recipient = /gift note for ([A-Za-z]+)/.exec(prompt)?.[1] ?? 'you';
      return `Happy trails, ${recipient}!`;
    },
  };
  return { asked, handlers };
}

describe(`${FIXTURE} unmigrated: works on one instance, fails behind round-robin`, { timeout: 60_000 }, () => {
  let servers: ManagedProcess[] = [];
  let proxy: RoundRobinProxy | undefined;

  beforeAll(async () => {
    const dir = copyFixture(FIXTURE);
    servers = await Promise.all([
      startFixtureServer({ name: 'everything-a', dir }),
      startFixtureServer({ name: 'everything-b', dir }),
    ]);
    proxy = await startRoundRobinProxy(servers.map((s) => s.port));
  }, 90_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('one instance: cart, a sampling round trip, a declined and an accepted elicitation, session logs', async () => {
    await withOutput(servers, async () => {
      const host = scriptedHost(true);
      const conn = await connect(`http://127.0.0.1:${servers[0].port}/mcp`, { sdk: 'v1', host: host.handlers });
      try {
        await conn.callTool('add_to_cart', { sku: 'TNT-210', quantity: 1 });
        const added = await conn.callTool('add_to_cart', { sku: 'MUG-001', quantity: 2 });
        expect(textOf(added)).toContain(`Cart total: ${price(18900 + 2800)}`);
        const note = await conn.callTool('gift_note', { recipient: 'Ada' });
        expect(textOf(note)).toBe('Gift note for Ada: Happy trails, Ada!');
        expect(host.asked.sample[0]).toContain('Two-person tent');
        const placed = await conn.callTool('checkout', { shippingPostcode: 'SW1A 1AA' });
        expect(textOf(placed)).toBe(`Order placed for ${price(21700)}, shipping to SW1A 1AA.`);
        expect(host.asked.elicit).toEqual([`Place the order for ${price(21700)}, shipping to SW1A 1AA?`]);
        await expect.poll(() => conn.logs.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
        expect(conn.logs[0]).toMatchObject({ level: 'info', logger: 'cart', data: 'added 1 x TNT-210' });
      } finally {
        await conn.close();
      }
      const declining = scriptedHost('decline');
      const conn2 = await connect(`http://127.0.0.1:${servers[0].port}/mcp`, { sdk: 'v1', host: declining.handlers });
      try {
        await conn2.callTool('add_to_cart', { sku: 'BTL-750', quantity: 1 });
        const cancelled = await conn2.callTool('checkout', { shippingPostcode: 'SW1A 1AA' });
        expect(textOf(cancelled)).toBe(`Checkout cancelled; the cart still holds ${price(2900)}.`);
      } finally {
        await conn2.close();
      }
    });
  });

  it(`two instances behind round-robin: "${SESSION_ERROR}"`, async () => {
    await withOutput(servers, async () => {
      const error = await connect(`${proxy!.origin}/mcp`, { sdk: 'v1', host: scriptedHost().handlers }).then(
        async (conn) => {
          try {
            await conn.callTool('add_to_cart', { sku: 'MUG-001', quantity: 1 });
            await conn.callTool('view_cart');
            return undefined;
          } finally {
            await conn.close().catch(() => {});
          }
        },
        (e: Error) => e,
      );
      expect(error?.message).toContain(SESSION_ERROR);
    });
  });
});

/** The tools/call requests (first rounds and retries) that name `cartId`. */
function callsFor(hits: ProxyHit[], tool: string, cartId: string) {
  return hits.flatMap((h) =>
    (h.rpc ?? [])
      .filter((m) => m.method === 'tools/call' && m.params?.name === tool && m.params?.arguments?.cart_id === cartId)
      .map((m) => ({ upstream: h.upstream, retry: 'inputResponses' in (m.params ?? {}) || 'requestState' in (m.params ?? {}) })),
  );
}

describe.skipIf(skipWithoutRedis)(
  `${FIXTURE} migrated by apply --store redis: 2 instances, round-robin, one Redis`,
  { timeout: 180_000 },
  () => {
    let redis: RedisInstance | undefined;
    let servers: ManagedProcess[] = [];
    let proxy: RoundRobinProxy | undefined;
    let url = '';
    const procs = () => [...servers, ...(redis ? [redis.process] : [])];

    beforeAll(async () => {
      redis = await startRedis();
      const dir = copyFixture(FIXTURE);
      const run = runCli(['apply', '--allow-dirty', '--store', 'redis', dir], { cwd: dir });
      if (run.status !== 0 && run.status !== 1) {
        throw new Error(`apply --store redis failed (exit 0 or 1 expected):\n${run.describe()}`);
      }
      const original = readFileSync(path.join(FIXTURES, FIXTURE, 'src', 'server.ts'), 'utf8');
      if (readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8') === original) {
        throw new Error(`apply --store redis left src/server.ts unchanged:\n${run.describe()}`);
      }
      // Both instances get the same environment, as a deployment would (REDIS_URL; any shared secret the
      // migrated server documents for its requestState codec must come from the environment too).
      // The migrated checkout holds the confirmed total across its elicitation in requestState, sealed with
      // MCP_REQUEST_STATE_KEY (apply's report says to set the same value on every instance).
      const env = { ...migratedServerEnv(redis.url), MCP_REQUEST_STATE_KEY: randomBytes(32).toString('base64url') };
      try {
        servers.push(await startFixtureServer({ name: 'everything-migrated-a', dir, env }));
        servers.push(await startFixtureServer({ name: 'everything-migrated-b', dir, env }));
      } catch (error) {
        // startFixtureServer's error carries the server's output (a stack trace, a missing package).
        if (error instanceof Error) error.message += missingPackageHint(error.message);
        throw error;
      }
      proxy = await startRoundRobinProxy(servers.map((s) => s.port));
      url = `${proxy.origin}/mcp`;
    }, 240_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all(servers.map((s) => s.stop()));
      await redis?.stop();
    });

    it(`a v2 client pinned to ${MODERN_PROTOCOL}: 30 turns with handles, sampling and elicitation across both instances`, async () => {
      await withOutput(procs, async () => {
        const host = scriptedHost(true);
        const conn = await connect(url, { sdk: 'v2', host: host.handlers });
        try {
          expect(conn.protocolVersion()).toBe(MODERN_PROTOCOL);
        } finally {
          await conn.close();
        }
        const before = proxy!.hits.length;
        const ids = { a: await createCart(url, {}, 'v2'), b: await createCart(url, {}, 'v2') };
        const models = { a: new CartModel(), b: new CartModel() };
        for (const [i, turn] of interleavedTurns(30).entries()) {
          if (i % 2 === 1) proxy!.skip(1);
          await addToCart(url, ids[turn.cart], turn.sku, turn.quantity, models[turn.cart], 'v2');
          if (i === 14) {
            // Sampling round trip, mid-workflow: the client's model writes the note.
            const note = await callOnFreshConnection(url, 'gift_note', { cart_id: ids.a, recipient: 'Ada' }, { sdk: 'v2', host: host.handlers });
            expect(note.isError ?? false, JSON.stringify(note)).toBe(false);
            expect(textOf(note)).toContain('Happy trails, Ada!');
            expect(host.asked.sample.at(-1)).toContain('Enamel camp mug');
          }
          if ((i + 1) % 10 === 0) {
            await expectCart(url, ids.a, models.a, 'v2');
            await expectCart(url, ids.b, models.b, 'v2');
          }
        }
        // Elicitation round trips: B's user declines (the cart stays), A's user accepts (the order is placed).
        const declined = await callOnFreshConnection(url, 'checkout', { cart_id: ids.b, shippingPostcode: 'SW1A 1AA' }, { sdk: 'v2', host: scriptedHost('decline').handlers });
        expect(textOf(declined)).toContain(`Checkout cancelled; the cart still holds ${price(models.b.totalCents())}`);
        await expectCart(url, ids.b, models.b, 'v2');
        const placed = await callOnFreshConnection(url, 'checkout', { cart_id: ids.a, shippingPostcode: 'SW1A 1AA' }, { sdk: 'v2', host: host.handlers });
        expect(textOf(placed)).toContain(`placed for ${price(models.a.totalCents())}`);
        expect(host.asked.elicit.at(-1)).toContain(price(models.a.totalCents()));

        // Each multi-round-trip call was retried on the OTHER instance than its first round (so whatever
        // the server keeps between rounds travels in requestState or Redis, not in a process).
        const hits = proxy!.hits.slice(before);
        for (const [tool, id] of [['gift_note', ids.a], ['checkout', ids.a], ['checkout', ids.b]] as const) {
          const calls = callsFor(hits, tool, id);
          expect(calls.some((c) => c.retry), `${tool} on ${id} went through an input_required round: ${JSON.stringify(calls)}`).toBe(true);
          const first = calls.find((c) => !c.retry)!;
          expect(calls.filter((c) => c.retry).some((c) => c.upstream !== first.upstream), `${tool} retry on another instance: ${JSON.stringify(calls)}`).toBe(true);
        }
      });
    });

    it('a 2025-era v1 client, fresh connection per call, shares the carts across both instances', async () => {
      await withOutput(procs, async () => {
        const cart = await createCart(url, {}, 'v1');
        const model = new CartModel();
        for (const [i, turn] of interleavedTurns(10).entries()) {
          if (i % 2 === 1) proxy!.skip(1);
          await addToCart(url, cart, turn.sku, turn.quantity, model, 'v1');
        }
        await expectCart(url, cart, model, 'v1');
        await expectCart(url, cart, model, 'v2');
      });
    });

    it('every instance is still up', () => {
      for (const s of servers) expect(s.exited(), formatOutput(s)).toBe(false);
    });
  },
);
