/**
 * Issue 13, what `apply --store redis` guarantees under faults (the README's fault table; every row
 * is asserted here). A copy of `fixtures/v1-streamable-express` migrated by the real CLI, TWO instances
 * as real processes behind the round-robin proxy, ONE real `redis-server` that the tests start late,
 * freeze (SIGSTOP), kill (SIGKILL) and restart on the same port with and without persistence; real SDK
 * clients of both eras, each call on a fresh connection. The tests run in order: one deployment lives
 * through every fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOnFreshConnection, textOf, type ClientSpec, type SdkGeneration, type ToolResult } from './support/clients.js';
import { runCli } from './support/cli.js';
import { copyFixture } from './support/paths.js';
import { freePort, missingPackageHint, startFixtureServer, withOutput, type ManagedProcess } from './support/process.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './support/proxy.js';
import { freezeRedis, killRedis, redisDataDir, skipWithoutRedis, startRedis, thawRedis, type RedisInstance } from './support/redis.js';
import { addToCart, CartModel, CATALOG, createCart, expectCart, price, type Sku } from './support/shop.js';

const INSTANCES = 2;
/** The generated module's default command timeout (MCP_REDIS_COMMAND_TIMEOUT_MS is not set). */
const COMMAND_TIMEOUT_MS = 2000;
const UNAVAILABLE = /^The state store is unavailable \(.+\); this call's changes were not saved\. Retry the call in a few seconds\.$/;
const CONFLICT = /^This call's carts entry was changed by another request meanwhile; none of this call's changes were saved\. Retry the call\.$/;
const SDKS: SdkGeneration[] = ['v1', 'v2'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What was measured, printed once at the end (the README's table quotes these runs). */
const measured: string[] = [];

describe.skipIf(skipWithoutRedis)(`issue 13: faults of the shared Redis, ${INSTANCES} instances behind round-robin`, { timeout: 180_000 }, () => {
  let redisPort = 0;
  let dataDir = '';
  let redis: RedisInstance | undefined;
  let servers: ManagedProcess[] = [];
  let proxy: RoundRobinProxy | undefined;
  let url = '';
  const procs = () => [...servers, ...(redis ? [redis.process] : [])];

  beforeAll(async () => {
    redisPort = await freePort();
    dataDir = redisDataDir();
    const dir = copyFixture('v1-streamable-express');
    const run = runCli(['apply', '--allow-dirty', '--store', 'redis', '--no-typecheck', dir], { cwd: dir });
    if (run.status !== 0 && run.status !== 1) throw new Error(`apply --store redis failed (exit 0 or 1 expected):\n${run.describe()}`);
    try {
      for (let i = 0; i < INSTANCES; i++) {
        servers.push(await startFixtureServer({ name: `faults-${String.fromCharCode(97 + i)}`, dir, env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` } }));
      }
    } catch (error) {
      if (error instanceof Error) error.message += missingPackageHint(error.message);
      throw error;
    }
    // Every call's outcome is counted: no upstream connection reuse, whose ECONNRESET races fail calls for nothing.
    proxy = await startRoundRobinProxy(servers.map((s) => s.port), { keepAlive: false });
    url = `${proxy.origin}/mcp`;
    // A first request compiles the server's modules (tsx): not what the timings below measure.
    for (const s of servers) {
      for (const sdk of SDKS) await callOnFreshConnection(`http://127.0.0.1:${s.port}/mcp`, 'search_products', { query: 'mug' }, sdk);
    }
  }, 240_000);

  afterAll(async () => {
    if (redis && !redis.process.exited()) thawRedis(redis);
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await redis?.stop();
    console.log(`[redis-faults] measured:\n  ${measured.join('\n  ')}`);
  });

  /** Calls until the result is not "unavailable"; returns it and how long it took. */
  async function untilServed(tool: string, args: Record<string, unknown>, within: number): Promise<{ result: ToolResult; ms: number }> {
    const started = Date.now();
    for (;;) {
      const result = await callOnFreshConnection(url, tool, args);
      if (!(result.isError && UNAVAILABLE.test(textOf(result)))) return { result, ms: Date.now() - started };
      if (Date.now() - started > within) throw new Error(`${tool} still unavailable after ${within} ms: ${textOf(result)}`);
      await sleep(100);
    }
  }

  it('Redis down at start: every call fails fast with a retryable tool error (never empty, never a hang); service resumes once Redis starts', async () => {
    await withOutput(procs, async () => {
      try {
        for (const sdk of SDKS) {
          for (let i = 0; i < INSTANCES; i++) {
            const started = Date.now();
            // A client that waits 10 s, so that a hang is seen as one.
            const result = await callOnFreshConnection(url, 'create_cart', {}, { sdk, timeoutMs: 10_000 });
            const ms = Date.now() - started;
            expect(result.isError, JSON.stringify(result)).toBe(true);
            expect(textOf(result)).toMatch(UNAVAILABLE);
            expect(ms, 'a whole fresh-connection call, not a wait for Redis').toBeLessThan(COMMAND_TIMEOUT_MS);
            measured.push(`down at start: ${sdk} create_cart → isError "${textOf(result)}" in ${ms} ms`);
          }
        }
      } finally {
        // The later tests need it, also when this one failed.
        redis = await startRedis({ port: redisPort, dir: dataDir, persistence: true });
      }
      const { result, ms } = await untilServed('create_cart', {}, 5000);
      expect(result.isError ?? false, JSON.stringify(result)).toBe(false);
      measured.push(`down at start: first create_cart served ${ms} ms after redis-server accepted connections`);
      const cart = await createCart(url, {}, 'v2');
      const model = new CartModel();
      await addToCart(url, cart, 'MUG-001', 2, model);
      await expectCart(url, cart, model, 'v2');
    });
  });

  it('20 parallel writers on one cart: every acknowledged add is kept, the others are refused with a retry advice and succeed when retried', async () => {
    await withOutput(procs, async () => {
      const cart = await createCart(url);
      const skus: Sku[] = ['MUG-001', 'LMP-044', 'BTL-750', 'TNT-210'];
      const writers = Array.from({ length: 20 }, (_, i) => ({ sku: skus[i % skus.length]!, sdk: SDKS[i % 2]! }));
      const results = await Promise.all(writers.map((w) => callOnFreshConnection(url, 'add_to_cart', { cart_id: cart, sku: w.sku, quantity: 1 }, w.sdk)));
      const model = new CartModel();
      const refused: Sku[] = [];
      for (const [i, result] of results.entries()) {
        if (result.isError) {
          expect(textOf(result)).toMatch(CONFLICT);
          refused.push(writers[i]!.sku);
        } else model.add(writers[i]!.sku, 1);
      }
      measured.push(`20 parallel writers: ${20 - refused.length} acknowledged, ${refused.length} refused with the retry advice; cart = exactly the acknowledged adds`);
      await expectCart(url, cart, model);
      for (const sku of refused) {
        for (let attempt = 0; ; attempt++) {
          const retry = await callOnFreshConnection(url, 'add_to_cart', { cart_id: cart, sku, quantity: 1 });
          if (!retry.isError) break;
          expect(textOf(retry)).toMatch(CONFLICT);
          expect(attempt).toBeLessThan(5);
        }
        model.add(sku, 1);
      }
      expect(model.totalCents()).toBe(5 * (CATALOG['MUG-001'] + CATALOG['LMP-044'] + CATALOG['BTL-750'] + CATALOG['TNT-210']));
      await expectCart(url, cart, model, 'v2');
    });
  });

  it('a checkout racing 6 add_to_cart calls, 8 trials: every acknowledged add is in the order or still in the cart', async () => {
    await withOutput(procs, async () => {
      const outcomes: string[] = [];
      const lost: string[] = [];
      const refusals: string[] = [];
      for (let trial = 0; trial < 8; trial++) {
        const cart = await createCart(url);
        await addToCart(url, cart, 'MUG-001', 1, new CartModel());
        const calls: Array<{ tool: 'add_to_cart' | 'checkout'; args: Record<string, unknown>; sdk: ClientSpec }> = Array.from({ length: 6 }, (_, i) => ({
          tool: 'add_to_cart' as const,
          args: { cart_id: cart, sku: 'LMP-044', quantity: 1 },
          sdk: SDKS[i % 2]!,
        }));
        calls.splice(trial % 7, 0, { tool: 'checkout', args: { cart_id: cart, shippingPostcode: 'SW1A 1AA' }, sdk: SDKS[trial % 2]! });
        const results = await Promise.all(calls.map((c) => callOnFreshConnection(url, c.tool, c.args, c.sdk)));
        let ordered = 0;
        let acknowledged = CATALOG['MUG-001'];
        for (const [i, result] of results.entries()) {
          const text = textOf(result);
          if (result.isError) refusals.push(text);
          else if (calls[i]!.tool === 'checkout') ordered = parsePrice(/placed for (\$[\d.]+)/.exec(text)?.[1]);
          else acknowledged += CATALOG['LMP-044'];
        }
        const view = textOf(await callOnFreshConnection(url, 'view_cart', { cart_id: cart }));
        const remaining = view.includes('The cart is empty.') ? 0 : parsePrice(/Total: (\$[\d.]+)/.exec(view)?.[1]);
        const outcome = `${ordered ? 'ordered' : 'refused'} ${price(ordered)} + left ${price(remaining)} of ${price(acknowledged)} acknowledged`;
        outcomes.push(outcome);
        if (ordered + remaining !== acknowledged) lost.push(`trial ${trial}: ${outcome}`);
      }
      expect(lost, `trials where ordered + left in the cart != acknowledged:\n${outcomes.join('\n')}`).toEqual([]);
      for (const text of refusals) expect(text).toMatch(CONFLICT);
      measured.push(`checkout racing 6 adds, 8 trials: no acknowledged add lost (${outcomes.join('; ')})`);
    });
  });

  it('Redis frozen (SIGSTOP): a waiting client gets the retryable error within the command timeout; calls whose clients gave up are not applied when Redis resumes', async () => {
    await withOutput(procs, async () => {
      const cart = await createCart(url);
      const model = new CartModel();
      await addToCart(url, cart, 'MUG-001', 1, model);
      freezeRedis(redis!);
      let waited: ToolResult | Error;
      let ms = 0;
      try {
        const add = { cart_id: cart, sku: 'TNT-210', quantity: 1 };
        // Three clients give up after 800 ms, before the server's command timeout.
        const abandoned = await Promise.allSettled(SDKS.concat('v1').map((sdk) => callOnFreshConnection(url, 'add_to_cart', add, { sdk, timeoutMs: 800 })));
        for (const outcome of abandoned) expect(outcome.status, 'the client gave up').toBe('rejected');
        // One waits (up to 10 s, so that a hang is seen as one): it should be told to retry, in time.
        const started = Date.now();
        waited = await callOnFreshConnection(url, 'add_to_cart', add, { sdk: 'v2', timeoutMs: 10_000 }).catch((error: Error) => error);
        ms = Date.now() - started;
      } finally {
        thawRedis(redis!);
      }
      await sleep(1000); // Redis runs what it received while frozen
      await expectCart(url, cart, model); // none of the four adds
      expect(waited instanceof Error ? waited.message : textOf(waited)).toMatch(UNAVAILABLE);
      expect(waited instanceof Error ? waited : waited.isError).toBe(true);
      expect(ms).toBeLessThan(COMMAND_TIMEOUT_MS + 2000);
      measured.push(`frozen: a waiting v2 client got isError "${textOf(waited as ToolResult)}" after ${ms} ms; 3 clients gave up after 800 ms`);
      await addToCart(url, cart, 'TNT-210', 1, model); // and it serves again
      measured.push('frozen: after SIGCONT none of the 4 unacknowledged adds was applied; the next add was served');
    });
  });

  it('Redis killed (SIGKILL) and restarted with persistence (AOF, fsync always): fast retryable errors meanwhile, every acknowledged change kept', async () => {
    await withOutput(procs, async () => {
      const cart = await createCart(url);
      const model = new CartModel();
      await addToCart(url, cart, 'BTL-750', 2, model);
      await addToCart(url, cart, 'LMP-044', 1, model);
      await killRedis(redis!);
      for (const sdk of SDKS) {
        const started = Date.now();
        const result = await callOnFreshConnection(url, 'view_cart', { cart_id: cart }, sdk);
        const ms = Date.now() - started;
        expect(result.isError, JSON.stringify(result)).toBe(true);
        expect(textOf(result)).toMatch(UNAVAILABLE);
        expect(ms).toBeLessThan(COMMAND_TIMEOUT_MS);
        measured.push(`killed: ${sdk} view_cart → isError "${textOf(result)}" in ${ms} ms`);
      }
      redis = await startRedis({ port: redisPort, dir: dataDir, persistence: true });
      const { ms } = await untilServed('view_cart', { cart_id: cart }, 5000);
      measured.push(`killed, restarted with persistence: served again ${ms} ms after redis-server accepted connections; cart and handle kept`);
      await expectCart(url, cart, model, 'v2');
      await addToCart(url, cart, 'MUG-001', 1, model);
    });
  });

  it('Redis restarted without persistence: handles and state are gone, and the caller is told to call create_cart', async () => {
    await withOutput(procs, async () => {
      const cart = await createCart(url);
      await addToCart(url, cart, 'BTL-750', 1, new CartModel());
      await killRedis(redis!);
      redis = await startRedis({ port: redisPort });
      const { result } = await untilServed('view_cart', { cart_id: cart }, 5000);
      expect(result.isError, JSON.stringify(result)).toBe(true);
      expect(textOf(result)).toBe('This cart_id is unknown or has expired. Call create_cart to get a new cart, then pass its cart_id.');
      measured.push(`restarted without persistence: view_cart → isError "${textOf(result)}"`);
      const again = await createCart(url, {}, 'v2');
      await expectCart(url, again, new CartModel());
    });
  });

  it('an instance killed mid-workflow: calls it was serving fail, nothing half-applied, the workflow goes on on the other instance', async () => {
    await withOutput(procs, async () => {
      const cart = await createCart(url);
      const model = new CartModel();
      await addToCart(url, cart, 'MUG-001', 1, model);
      const adds = Array.from({ length: 6 }, (_, i) => callOnFreshConnection(url, 'add_to_cart', { cart_id: cart, sku: 'LMP-044', quantity: 1 }, SDKS[i % 2]!));
      await sleep(30);
      process.kill(servers[0]!.pid, 'SIGKILL');
      const outcomes = await Promise.allSettled(adds);
      const acked = outcomes.filter((o) => o.status === 'fulfilled' && !o.value.isError).length;
      const failed = outcomes.length - acked;
      const survivor = `http://127.0.0.1:${servers[1]!.port}/mcp`;
      const view = textOf(await callOnFreshConnection(survivor, 'view_cart', { cart_id: cart }));
      const lamps = Number(new RegExp(`(\\d+) x [^\\n]*\\(\\${price(CATALOG['LMP-044'])}\\)`).exec(view)?.[1] ?? 0);
      expect(lamps, `acknowledged adds are kept:\n${view}`).toBeGreaterThanOrEqual(acked);
      expect(lamps, `nothing but the adds that were sent:\n${view}`).toBeLessThanOrEqual(acked + failed);
      measured.push(`instance killed mid-workflow: ${acked} adds acknowledged, ${failed} failed (${outcomes.filter((o) => o.status === 'rejected').length} as transport errors); cart holds ${lamps}`);
      for (let i = 0; i < lamps; i++) model.add('LMP-044', 1);
      await addToCart(survivor, cart, 'BTL-750', 1, model, 'v2');
      await expectCart(survivor, cart, model);
    });
  });
});

function parsePrice(text: string | undefined): number {
  expect(text, 'a price in the text').toBeDefined();
  return Math.round(Number(text!.replace('$', '')) * 100);
}
