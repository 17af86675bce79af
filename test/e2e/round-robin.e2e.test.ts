/**
 * Issue 6, the end-to-end proof of `apply --store redis`: a copy of `fixtures/v1-streamable-express` is
 * migrated by the real CLI (all transforms, default target 2026-07-28, carts in Redis), TWO instances of the
 * migrated server run as real processes sharing a real `redis-server`, behind a plain round-robin proxy
 * (no stickiness). Real SDK clients drive a 30-turn cart workflow across both instances, every call on a
 * fresh connection: a 2025-era v1 client (initialize handshake, served by the SDK's legacy mode) and a v2
 * client pinned to 2026-07-28. The same fixture unmigrated fails behind the same kind of proxy:
 * see unmigrated.e2e.test.ts.
 *
 * What runs today, ungated (Redis: skipped locally without redis-server; in CI it FAILS instead): `apply --store
 * redis` on a copy, TWO instances sharing one Redis, a v1 client calling each instance DIRECTLY with a fresh
 * connection per call: a handle minted on one instance works on the other, 30 turns alternate instances,
 * idempotent retries agree across instances, concurrent changes to one cart lose nothing.
 *
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOnFreshConnection, connect, MODERN_PROTOCOL, textOf, type SdkGeneration } from './support/clients.js';
import { runCli } from './support/cli.js';
import { copyFixture, FIXTURES } from './support/paths.js';
import { formatOutput, missingPackageHint, startFixtureServer, withOutput, type ManagedProcess } from './support/process.js';
import { startRoundRobinProxy, type ProxyHit, type RoundRobinProxy } from './support/proxy.js';
import { migratedServerEnv, skipWithoutRedis, startRedis, type RedisInstance } from './support/redis.js';
import { addToCart, CartModel, checkout, createCart, expectCart, interleavedTurns, UNKNOWN_CART_ID } from './support/shop.js';


const INSTANCES = 2;

/** The serving transform that makes one server answer any request without a session (built in parallel). */
// A pre-migrated server (harness self-check) is judged on its own serving.

/** The instances (sorted) that received a tools/call naming `cartId`. */
function servedBy(hits: ProxyHit[], cartId: string): number[] {
  const upstreams = hits
    .filter((h) => h.rpc?.some((m) => m.method === 'tools/call' && m.params?.arguments?.cart_id === cartId))
    .map((h) => h.upstream);
  return [...new Set(upstreams)].sort();
}

describe.skipIf(skipWithoutRedis)(
  `issue 6: apply --store redis, ${INSTANCES} instances behind round-robin sharing one Redis`,
  { timeout: 180_000 },
  () => {
    let redis: RedisInstance | undefined;
    let servers: ManagedProcess[] = [];
    let proxy: RoundRobinProxy | undefined;
    let url = '';
    const procs = () => [...servers, ...(redis ? [redis.process] : [])];

    beforeAll(async () => {
      redis = await startRedis();
      const dir = copyFixture('v1-streamable-express');
      const run = runCli(['apply', '--allow-dirty', '--store', 'redis', dir], { cwd: dir });
      if (run.status !== 0 && run.status !== 1) {
        throw new Error(`apply --store redis failed (exit 0 or 1 expected):\n${run.describe()}`);
      }
      const original = readFileSync(path.join(FIXTURES, 'v1-streamable-express', 'src', 'index.ts'), 'utf8');
      if (readFileSync(path.join(dir, 'src', 'index.ts'), 'utf8') === original) {
        throw new Error(`apply --store redis left src/index.ts (the sessionful serving) unchanged:\n${run.describe()}`);
      }
      const started: ManagedProcess[] = [];
      try {
        for (let i = 0; i < INSTANCES; i++) {
          started.push(
            await startFixtureServer({
              name: `migrated-${String.fromCharCode(97 + i)}`,
              dir,
              env: migratedServerEnv(redis.url),
            }),
          );
        }
      } catch (error) {
        // startFixtureServer's error carries the server's output (a stack trace, a missing package).
        if (error instanceof Error) error.message += missingPackageHint(error.message);
        throw error;
      } finally {
        servers = started;
      }
      proxy = await startRoundRobinProxy(servers.map((s) => s.port));
      url = `${proxy.origin}/mcp`;
    }, 240_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all(servers.map((s) => s.stop()));
      await redis?.stop();
    });

    it('a handle minted on one instance works on the other (the state is in Redis, not in a process)', async () => {
      await withOutput(procs, async () => {
        const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}/mcp`);
        const cart = await createCart(a);
        const model = new CartModel();
        await addToCart(b, cart, 'LMP-044', 2, model);
        await expectCart(a, cart, model);
        await expectCart(b, cart, model);
        expect(Number((await redis!.command('DBSIZE')).replace(/^:/, '').trim()), 'keys in the shared Redis').toBeGreaterThan(0);
      });
    });

    it('a v1 client, fresh connection per call, alternating instances directly: 30 turns on two carts', async () => {
      await withOutput(procs, async () => {
        const urls = servers.map((s) => `http://127.0.0.1:${s.port}/mcp`);
        const ids = { a: await createCart(urls[0]!), b: await createCart(urls[1]!) };
        const models = { a: new CartModel(), b: new CartModel() };
        for (const [i, turn] of interleavedTurns(30).entries()) {
          // Turn i on instance (i >> 1) % 2: each cart's consecutive turns alternate instances.
          await addToCart(urls[(i >> 1) % INSTANCES]!, ids[turn.cart], turn.sku, turn.quantity, models[turn.cart]);
          if ((i + 1) % 10 === 0) {
            await expectCart(urls[0]!, ids.a, models.a);
            await expectCart(urls[1]!, ids.b, models.b);
          }
        }
        await checkout(urls[1]!, ids.a, models.a);
        await checkout(urls[0]!, ids.b, models.b);
        // Checked out means emptied, everywhere.
        for (const url of urls) expect(textOf(await callOnFreshConnection(url, 'view_cart', { cart_id: ids.a }))).toContain('The cart is empty.');
      });
    });

    it('directly on each instance: an unknown handle is refused, an idempotent retry on the other instance returns the same handle (SET NX)', async () => {
      await withOutput(procs, async () => {
        const [a, b] = servers.map((s) => `http://127.0.0.1:${s.port}/mcp`);
        for (const url of [a!, b!]) {
          const unknown = await callOnFreshConnection(url, 'view_cart', { cart_id: UNKNOWN_CART_ID });
          expect(unknown.isError).toBe(true);
          expect(textOf(unknown)).toContain('create_cart');
        }
        const key = `e2e-direct-${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const [first, second] = await Promise.all([createCart(a!, { idempotency_key: key }), createCart(b!, { idempotency_key: key })]);
        expect(second, 'two instances racing on one idempotency key').toBe(first);
        expect(await createCart(b!, { idempotency_key: key }), 'a later retry').toBe(first);
        expect(await createCart(a!, { idempotency_key: `${key}-other` })).not.toBe(first);
      });
    });

    it('concurrent changes to one cart on both instances lose nothing (load-modify-save is a compare-and-set)', async () => {
      await withOutput(procs, async () => {
        const urls = servers.map((s) => `http://127.0.0.1:${s.port}/mcp`);
        const cart = await createCart(urls[0]!);
        const skus = ['MUG-001', 'LMP-044', 'BTL-750', 'TNT-210'] as const;
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, i) => callOnFreshConnection(urls[i % INSTANCES]!, 'add_to_cart', { cart_id: cart, sku: skus[i % skus.length], quantity: 1 })),
        );
        const model = new CartModel();
        for (const [i, result] of results.entries()) {
          if (result.isError) expect(textOf(result), 'a refused concurrent change asks for a retry').toMatch(/changed by another request meanwhile.*Retry/s);
          else model.add(skus[i % skus.length]!, 1);
        }
        expect(results.some((r) => !r.isError), 'some of the concurrent changes succeed').toBe(true);
        // Exactly the acknowledged changes are in the cart, read on either instance.
        await expectCart(urls[0]!, cart, model);
        await expectCart(urls[1]!, cart, model);
      });
    });

    for (const sdk of ['v1', 'v2'] as SdkGeneration[]) {
      const label = sdk === 'v1' ? 'a 2025-era v1 client' : `a v2 client pinned to ${MODERN_PROTOCOL}`;
      it(`${label}, fresh connection per call, completes a 30-turn two-cart workflow across both instances behind the proxy`, async () => {
        await withOutput(procs, async () => {
          if (sdk === 'v2') {
            const conn = await connect(url, 'v2');
            try {
              expect(conn.protocolVersion()).toBe(MODERN_PROTOCOL);
            } finally {
              await conn.close();
            }
          }
          const before = proxy!.hits.length;
          const ids = { a: await createCart(url, {}, sdk), b: await createCart(url, {}, sdk) };
          const models = { a: new CartModel(), b: new CartModel() };
          for (const [i, turn] of interleavedTurns(30).entries()) {
            // Other traffic on the balancer: shifts which instance gets this connection's tools/call.
            if (i % 2 === 1) proxy!.skip(1);
            await addToCart(url, ids[turn.cart], turn.sku, turn.quantity, models[turn.cart], sdk);
            if ((i + 1) % 10 === 0) {
              await expectCart(url, ids.a, models.a, sdk);
              await expectCart(url, ids.b, models.b, sdk);
            }
          }
          await checkout(url, ids.a, models.a, sdk);
          await checkout(url, ids.b, models.b, sdk);

          // The workflow really was spread over every instance: each cart's own tool calls were served by
          // every instance (so its state was written on one and read on another), and nothing failed.
          const hits = proxy!.hits.slice(before);
          for (const [name, id] of Object.entries(ids)) {
            expect(servedBy(hits, id), `instances that served cart ${name}'s tools/call requests`).toEqual(
              Array.from({ length: INSTANCES }, (_, i) => i),
            );
          }
          const failed = hits.filter((h) => (h.status ?? 0) >= 500 || (h.method === 'POST' && (h.status ?? 0) >= 400));
          expect(failed, 'no POST may fail behind the proxy').toEqual([]);
        });
      });
    }

    it(`a cart created by a v2 (2026-07-28) client is the same cart for a v1 (2025) client`, async () => {
      await withOutput(procs, async () => {
        const before = proxy!.hits.length;
        const cart = await createCart(url, {}, 'v2');
        const model = new CartModel();
        await addToCart(url, cart, 'BTL-750', 1, model, 'v2');
        proxy!.skip(1);
        await addToCart(url, cart, 'MUG-001', 2, model, 'v1');
        await expectCart(url, cart, model, 'v2');
        proxy!.skip(1);
        await expectCart(url, cart, model, 'v1');
        await checkout(url, cart, model, 'v1');
        expect(servedBy(proxy!.hits.slice(before), cart), 'instances that served this cart').toEqual([0, 1]);
      });
    });

    it(`an unknown handle and an idempotent retry behave the same behind the proxy`, async () => {
      await withOutput(procs, async () => {
        const unknown = await callOnFreshConnection(url, 'view_cart', { cart_id: UNKNOWN_CART_ID });
        expect(unknown.isError).toBe(true);
        expect(textOf(unknown)).toContain('create_cart');
        const key = `e2e-rr-${Date.now()}-${Math.random().toString(36).slice(2)}`;
        // Two creates with one key, on different instances (round-robin), must agree (SET NX in Redis).
        const first = await createCart(url, { idempotency_key: key });
        const second = await createCart(url, { idempotency_key: key }, 'v2');
        expect(second).toBe(first);
      });
    });

    it('every instance is still up', () => {
      for (const s of servers) expect(s.exited(), formatOutput(s)).toBe(false);
    });
  },
);
