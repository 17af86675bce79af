/**
 * The generated `mcp-redis-store` module (src/transforms/shared-store/runtime.ts) against a real
 * `redis-server` (the e2e harness starts one; skipped locally without it, FAILS in CI): the module is
 * written into <repo>/.test-tmp beside the generated `mcp-handles`, as apply writes it, and loaded in
 * every flavour (TS, ESM JS, CommonJS). Interleavings that the end-to-end proofs can only hope to hit
 * (two calls loading one value, then both saving) are forced here.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleModuleSource, type ModuleFlavour } from '../../src/transforms/handles/runtime.js';
import { redisStoreModuleSource } from '../../src/transforms/shared-store/runtime.js';
import { skipWithoutRedis, startRedis, type RedisInstance } from '../e2e/support/redis.js';
import { cleanUpMaterialised as cleanUp, materialise } from '../support/transform-fixtures.js';

interface Caller {
  authInfo?: { clientId?: string; extra?: Record<string, unknown> };
}
interface ToolError {
  content: { type: 'text'; text: string }[];
  isError: true;
}
interface Registry {
  mint(caller: Caller | undefined, key?: string): Promise<string>;
  check(handle: unknown, caller: Caller | undefined): Promise<ToolError | undefined>;
  release(handle: string): Promise<void>;
}
interface Store<V> {
  get(key: string): Promise<V | undefined>;
  set(key: string, value: V): Promise<unknown>;
  delete(key: string): Promise<boolean>;
  has(key: string): Promise<boolean>;
}
interface RedisStoreModule {
  createRedisHandleRegistry(options: { prefix: string; argument: string; mintTool: string; ttlMs: number; maxAgeMs?: number; maxPerCaller?: number; onExpire?: (id: string) => unknown }): Registry;
  createRedisStore<V>(options: { name: string; ttlMs: number }): Store<V>;
  withSharedState<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
  closeRedisClient(): Promise<void>;
}

const ALICE: Caller = { authInfo: { clientId: 'c', extra: { sub: 'alice' } } };
const BOB: Caller = { authInfo: { clientId: 'c', extra: { sub: 'bob' } } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and its resolver, to force an interleaving. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

async function load(flavour: ModuleFlavour): Promise<RedisStoreModule> {
  const ext = flavour === 'ts' ? 'ts' : flavour === 'cjs' ? 'cjs' : 'js';
  const dir = materialise(`redis-runtime-${flavour}`, new Map([
    [`mcp-handles.${ext}`, handleModuleSource(flavour)],
    [`mcp-redis-store.${ext}`, redisStoreModuleSource(flavour, `./mcp-handles.${ext === 'ts' ? 'js' : ext}`)],
  ]));
  const file = path.join(dir, `mcp-redis-store.${ext}`);
  expect(fs.existsSync(file)).toBe(true);
  if (flavour === 'cjs') return createRequire(file)(file) as RedisStoreModule;
  return (await import(pathToFileURL(file).href)) as RedisStoreModule;
}

describe.skipIf(skipWithoutRedis)('generated mcp-redis-store module against a real redis-server', { timeout: 60_000 }, () => {
  let redis: RedisInstance | undefined;
  const modules: RedisStoreModule[] = [];
  let m: RedisStoreModule;

  beforeAll(async () => {
    redis = await startRedis();
    process.env.REDIS_URL = redis.url;
    m = await load('ts');
    modules.push(m);
  }, 60_000);

  afterAll(async () => {
    for (const mod of modules) await mod.closeRedisClient().catch(() => {});
    await redis?.stop();
    delete process.env.REDIS_URL;
    cleanUp();
  });

  const registry = (ttlMs = 60_000, onExpire?: (id: string) => unknown) =>
    m.createRedisHandleRegistry({ prefix: 'cart', argument: 'cart_id', mintTool: 'create_cart', ttlMs, onExpire });

  it('mints 128-bit handles bound to the caller; unknown, foreign and other-prefix handles get the one error naming the minting tool', async () => {
    const carts = registry();
    const handle = await carts.mint(ALICE);
    expect(handle).toMatch(/^cart_[A-Za-z0-9_-]{22}$/);
    expect(await carts.check(handle, ALICE)).toBeUndefined();
    const foreign = await carts.check(handle, BOB);
    const unknown = await carts.check(`cart_${'A'.repeat(22)}`, ALICE);
    const missing = await carts.check(undefined, ALICE);
    for (const denied of [foreign, unknown, missing]) {
      expect(denied?.isError).toBe(true);
      expect(denied?.content[0]?.text).toContain('Call create_cart to get a new cart, then pass its cart_id.');
    }
    expect(foreign?.content[0]?.text).toBe(unknown?.content[0]?.text.replace('A'.repeat(22), handle.slice(5)));
    const boards = m.createRedisHandleRegistry({ prefix: 'board', argument: 'board_id', mintTool: 'create_board', ttlMs: 60_000 });
    expect((await boards.check(handle, ALICE))?.isError, 'a cart handle is not a board handle').toBe(true);
    expect(await redis!.command('GET', `mcp:handle:${handle}`)).toContain('user:0::alice');
  });

  it('the handle TTL is the Redis expiry: an idle handle expires, a used one lives on', async () => {
    const carts = registry(400);
    const idle = await carts.mint(ALICE);
    const used = await carts.mint(ALICE);
    expect(Number((await redis!.command('PTTL', `mcp:handle:${idle}`)).replace(/^:/, ''))).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      await sleep(200);
      expect(await carts.check(used, ALICE), `check ${i} restarts the idle time`).toBeUndefined();
    }
    expect((await carts.check(idle, ALICE))?.isError).toBe(true);
    const store = m.createRedisStore<{ n: number }>({ name: 'ttl-carts', ttlMs: 300 });
    await store.set('x', { n: 1 });
    expect(await store.get('x')).toEqual({ n: 1 });
    await sleep(600);
    expect(await store.get('x')).toBeUndefined();
  });

  it('idempotency keys: the same key and caller give one handle (also when racing), another caller gets its own, an expired handle frees the key', async () => {
    const carts = registry(400);
    const [a, b, c] = await Promise.all([carts.mint(ALICE, 'k1'), carts.mint(ALICE, 'k1'), carts.mint(ALICE, 'k1')]);
    expect(new Set([a, b, c]).size).toBe(1);
    const bobs = await carts.mint(BOB, 'k1');
    expect(bobs).not.toBe(a);
    expect(await carts.check(bobs, BOB)).toBeUndefined();
    await sleep(700);
    const fresh = await carts.mint(ALICE, 'k1');
    expect(fresh).not.toBe(a);
    expect(await carts.check(fresh, ALICE)).toBeUndefined();
  });

  it('release drops the handle and, through onExpire, the state it keyed', async () => {
    const store = m.createRedisStore<string[]>({ name: 'release-carts', ttlMs: 60_000 });
    const carts = registry(60_000, (id) => store.delete(id));
    const handle = await carts.mint(ALICE);
    await store.set(handle, ['MUG-001']);
    await carts.release(handle);
    expect((await carts.check(handle, ALICE))?.isError).toBe(true);
    expect(await store.has(handle)).toBe(false);
  });

  it('load-modify-save: a value changed in place is saved when the handler returns; one call sees one object', async () => {
    const store = m.createRedisStore<{ lines: string[] }>({ name: 'lms-carts', ttlMs: 60_000 });
    await store.set('c1', { lines: [] });
    const add = m.withSharedState(async (id: string, sku: string) => {
      const cart = (await store.get(id))!;
      expect(await store.get(id), 'the same object within one call').toBe(cart);
      cart.lines.push(sku);
      return cart.lines.length;
    });
    expect(await add('c1', 'MUG-001')).toBe(1);
    expect(await add('c1', 'LMP-044')).toBe(2);
    expect(await store.get('c1')).toEqual({ lines: ['MUG-001', 'LMP-044'] });
    // Outside withSharedState nothing is saved behind the caller's back.
    const loose = (await store.get('c1'))!;
    loose.lines.push('lost');
    expect(await store.get('c1')).toEqual({ lines: ['MUG-001', 'LMP-044'] });
  });

  it('compare-and-set: of two calls that loaded the same value, the later save fails and the earlier one is kept', async () => {
    const store = m.createRedisStore<{ lines: string[] }>({ name: 'cas-carts', ttlMs: 60_000 });
    await store.set('c1', { lines: ['first'] });
    const loaded = gate();
    const release = gate();
    const slow = m.withSharedState(async () => {
      const cart = (await store.get('c1'))!;
      loaded.open();
      await release.wait;
      cart.lines.push('slow');
    });
    const fast = m.withSharedState(async () => {
      const cart = (await store.get('c1'))!;
      cart.lines.push('fast');
    });
    const slowRun = slow();
    await loaded.wait;
    await fast();
    release.open();
    await expect(slowRun).rejects.toThrow(/changed by another request meanwhile.*Retry/);
    expect(await store.get('c1')).toEqual({ lines: ['first', 'fast'] });
  });

  it('create-if-absent is a compare-and-set too: two calls creating one value do not overwrite each other', async () => {
    const store = m.createRedisStore<{ lines: string[] }>({ name: 'create-carts', ttlMs: 60_000 });
    const both = gate();
    let seen = 0;
    const create = m.withSharedState(async (sku: string) => {
      let cart = await store.get('new');
      if (++seen === 2) both.open();
      await both.wait;
      if (!cart) {
        cart = { lines: [] };
        await store.set('new', cart);
      }
      cart.lines.push(sku);
    });
    const results = await Promise.allSettled([create('a'), create('b')]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results[0]!.status === 'fulfilled' ? 'a' : 'b';
    expect(await store.get('new')).toEqual({ lines: [winner] });
  });

  it('a delete inside a call is not undone by the save', async () => {
    const store = m.createRedisStore<{ lines: string[] }>({ name: 'delete-carts', ttlMs: 60_000 });
    await store.set('c1', { lines: ['x'] });
    await m.withSharedState(async () => {
      const cart = (await store.get('c1'))!;
      cart.lines.push('y');
      await store.delete('c1');
    })();
    expect(await store.get('c1')).toBeUndefined();
  });

  describe('who a handle is bound to, its bounds and lifetimes (the same rules as the in-memory registry)', () => {
    const limited = (options: { ttlMs?: number; maxAgeMs?: number; maxPerCaller?: number; onExpire?: (id: string) => unknown } = {}) =>
      m.createRedisHandleRegistry({ prefix: 'cart', argument: 'cart_id', mintTool: 'create_cart', ttlMs: 60_000, ...options });
    const refusalOf = async (minting: Promise<string>): Promise<string> => {
      const error = await minting.then(() => undefined, (e: Error) => e);
      expect(error?.name, 'the mint was refused').toBe('HandleRefusal');
      expect(error!.message).toContain('create_cart');
      return error!.message;
    };

    it('issuer + String(sub): a numeric subject works, another issuer is another principal, a token without a subject mints nothing', async () => {
      const carts = limited();
      const numeric = { authInfo: { clientId: 'shop-app', extra: { sub: 7 } } };
      const handle = await carts.mint(numeric);
      expect(await carts.check(handle, { authInfo: { clientId: 'x', extra: { sub: '7' } } })).toBeUndefined();
      expect((await carts.check(handle, { authInfo: { clientId: 'shop-app', extra: { sub: 7, iss: 'https://other.example' } } }))?.isError).toBe(true);
      const app = { authInfo: { clientId: 'shop-app' } };
      expect(await refusalOf(carts.mint(app))).toMatch(/names no user/);
      expect((await carts.check(handle, app))?.isError).toBe(true);
    });

    it('anonymous: a short idempotency key is refused, a random one replays; the refusal of a forged handle repeats nothing', async () => {
      const carts = limited();
      expect(await refusalOf(carts.mint(undefined, 'retry'))).toMatch(/too easy to guess/);
      const key = randomBytes(16).toString('base64url');
      const handle = await carts.mint(undefined, key);
      expect(await carts.mint({}, key)).toBe(handle);
      const forged = await carts.check(`cart_${'A'.repeat(20)}\r\n`, undefined);
      expect(forged?.content[0]?.text).toBe('This cart_id is unknown or has expired. Call create_cart to get a new cart, then pass its cart_id.');
      expect(await refusalOf(carts.mint(ALICE, 'k'.repeat(129)))).toMatch(/longer than 128/);
    });

    it('caps the live handles per principal; an expired one frees a place', async () => {
      const carts = limited({ ttlMs: 400, maxPerCaller: 2 });
      await carts.mint(BOB);
      await sleep(250);
      const kept = await carts.mint(BOB);
      expect(await refusalOf(carts.mint(BOB))).toMatch(/2 live cart handles/);
      expect(await carts.mint(ALICE)).toMatch(/^cart_/);
      await sleep(250);
      expect(await carts.check(kept, BOB)).toBeUndefined();
      expect(await carts.mint(BOB)).toMatch(/^cart_/);
    });

    it('a handle in use expires at maxAgeMs; its claim lives as long as it does, not just one idle TTL', async () => {
      const carts = limited({ ttlMs: 500, maxAgeMs: 1_600 });
      const handle = await carts.mint(ALICE, 'max-age');
      for (let i = 0; i < 4; i++) {
        await sleep(300);
        expect(await carts.check(handle, ALICE), `in use after ${(i + 1) * 300} ms`).toBeUndefined();
      }
      expect(await carts.mint(ALICE, 'max-age'), 'a retry after more than one idle TTL, while the handle lives').toBe(handle);
      await sleep(500);
      expect((await carts.check(handle, ALICE))?.isError, 'past the absolute lifetime').toBe(true);
      expect(await carts.mint(ALICE, 'max-age')).not.toBe(handle);
    });
  });

  for (const flavour of ['esm', 'cjs'] as const) {
    it(`the ${flavour === 'esm' ? 'ESM JavaScript' : 'CommonJS'} flavour loads and shares state with the TypeScript one`, async () => {
      const js = await load(flavour);
      modules.push(js);
      const tsRegistry = registry();
      const jsRegistry = js.createRedisHandleRegistry({ prefix: 'cart', argument: 'cart_id', mintTool: 'create_cart', ttlMs: 60_000 });
      const handle = await jsRegistry.mint(ALICE, `${flavour}-key`);
      expect(await tsRegistry.check(handle, ALICE)).toBeUndefined();
      expect(await tsRegistry.mint(ALICE, `${flavour}-key`)).toBe(handle);
      const jsStore = js.createRedisStore<{ n: number }>({ name: 'flavours', ttlMs: 60_000 });
      await js.withSharedState(async () => {
        await jsStore.set(handle, { n: 1 });
      })();
      expect(await m.createRedisStore<{ n: number }>({ name: 'flavours', ttlMs: 60_000 }).get(handle)).toEqual({ n: 1 });
    });
  }
});

afterAll(() => {
  // The suite may be skipped (no redis-server locally); nothing to clean then.
});
