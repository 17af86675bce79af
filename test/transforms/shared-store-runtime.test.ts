/**
 * The generated `mcp-redis-store` module (src/transforms/shared-store/runtime.ts) against a real
 * `redis-server` (the e2e harness starts one; skipped locally without it, FAILS in CI): the module is
 * written into <repo>/.test-tmp beside the generated `mcp-handles`, as apply writes it, and loaded in
 * every flavour (TS, ESM JS, CommonJS). Interleavings that the end-to-end proofs can only hope to hit
 * (two calls loading one value, then both saving) are forced here.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleModuleSource } from '../../src/transforms/session-state-to-handles/runtime.js';
import type { ModuleFlavour } from '../../src/transforms/kit/source-style.js';
import { redisStoreModuleSource } from '../../src/transforms/shared-store/runtime.js';
import { freePort } from '../e2e/support/process.js';
import { freezeRedis, skipWithoutRedis, startRedis, thawRedis, type RedisInstance } from '../e2e/support/redis.js';
import { mixedCaseKey } from '../support/random-key.js';
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

/** The namespace the module is generated with (apply derives it from the package name). */
const NS = 'gen-ns';
/** Short, so that a frozen Redis fails a call quickly here; a local Redis answers in well under a millisecond. */
const COMMAND_TIMEOUT_MS = 1000;
/*
 * Expiry is Redis's own clock, so the lifetime tests below wait in real time. Each handle or value that must
 * still live when it is used again has at least 700 ms of slack past the sleep before that use (and each
 * that must be gone is checked after its lifetime plus 100 ms or more: a late timer only helps there): on a
 * 2-core CI machine shared by three workers, redis-server and fixture servers, a worker that holds
 * TypeScript's heap (this project runs unisolated) can pause for hundreds of milliseconds between two calls;
 * 150-200 ms of slack, as these tests had, is within one such pause.
 */

/** A fresh instance of the generated module (its own Redis client), configured by the environment as it is now. */
async function load(flavour: ModuleFlavour, env: Record<string, string> = {}): Promise<RedisStoreModule> {
  const ext = flavour === 'ts' ? 'ts' : flavour === 'cjs' ? 'cjs' : 'js';
  const dir = materialise(`redis-runtime-${flavour}`, new Map([
    [`mcp-handles.${ext}`, handleModuleSource(flavour)],
    [`mcp-redis-store.${ext}`, redisStoreModuleSource(flavour, `./mcp-handles.${ext === 'ts' ? 'js' : ext}`, NS)],
  ]));
  // The module reads its configuration when it loads.
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await importModule(flavour, dir, ext);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

async function importModule(flavour: ModuleFlavour, dir: string, ext: string): Promise<RedisStoreModule> {
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
    process.env.MCP_REDIS_COMMAND_TIMEOUT_MS = String(COMMAND_TIMEOUT_MS);
    m = await load('ts');
    modules.push(m);
    // Connect and load the scripts before the first timed call: the commands below have 1 s (a mint's
    // script half of it), and a cold first mint on a loaded 2-core machine can take longer. The retry is
    // what the module's error asks a client to do.
    const warmUp = m.createRedisHandleRegistry({ prefix: 'warm', argument: 'warm_id', mintTool: 'create_warm', ttlMs: 60_000 });
    for (let attempt = 1; ; attempt++) {
      try {
        await warmUp.mint({ authInfo: { clientId: 'c', extra: { sub: 'warm-up' } } });
        break;
      } catch (error) {
        if (attempt === 5 || !/state store is unavailable/.test((error as Error).message)) throw error;
        await sleep(1000);
      }
    }
  }, 60_000);

  afterAll(async () => {
    for (const mod of modules) await mod.closeRedisClient().catch(() => {});
    await redis?.stop();
    delete process.env.REDIS_URL;
    delete process.env.MCP_REDIS_COMMAND_TIMEOUT_MS;
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
    expect(await redis!.command('GET', `${NS}:handle:${handle}`)).toContain('user:0::alice');
  });

  it('the handle TTL is the Redis expiry: an idle handle expires, a used one lives on', async () => {
    const carts = registry(2000);
    const idle = await carts.mint(ALICE);
    const used = await carts.mint(ALICE);
    expect(Number((await redis!.command('PTTL', `${NS}:handle:${idle}`)).replace(/^:/, ''))).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      await sleep(600);
      expect(await carts.check(used, ALICE), `check ${i} restarts the idle time`).toBeUndefined();
    }
    expect((await carts.check(idle, ALICE))?.isError, 'idle for 2.4 s, TTL 2 s').toBe(true);
    const store = m.createRedisStore<{ n: number }>({ name: 'ttl-carts', ttlMs: 1000 });
    await store.set('x', { n: 1 });
    expect(await store.get('x')).toEqual({ n: 1 });
    await sleep(1100);
    expect(await store.get('x')).toBeUndefined();
  });

  it('idempotency keys: the same key and caller give one handle (also when racing), another caller gets its own, an expired handle frees the key', async () => {
    const carts = registry(1000);
    const [a, b, c] = await Promise.all([carts.mint(ALICE, 'k1'), carts.mint(ALICE, 'k1'), carts.mint(ALICE, 'k1')]);
    expect(new Set([a, b, c]).size).toBe(1);
    const bobs = await carts.mint(BOB, 'k1');
    expect(bobs).not.toBe(a);
    expect(await carts.check(bobs, BOB)).toBeUndefined();
    await sleep(1100);
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
    await expect(slowRun).rejects.not.toThrow(/cas-carts:|gen-ns|c1/);
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

  it('a delete joins the commit: a checkout racing an add keeps the acknowledged add (the checkout is refused)', async () => {
    const store = m.createRedisStore<{ lines: string[] }>({ name: 'race-carts', ttlMs: 60_000 });
    await store.set('c1', { lines: ['MUG-001'] });
    const loaded = gate();
    const release = gate();
    const checkout = m.withSharedState(async () => {
      const cart = (await store.get('c1'))!;
      loaded.open();
      await release.wait;
      await store.delete('c1');
      return cart.lines.length;
    });
    const add = m.withSharedState(async () => {
      (await store.get('c1'))!.lines.push('LMP-044');
    });
    const running = checkout();
    await loaded.wait;
    await add(); // acknowledged
    release.open();
    await expect(running).rejects.toThrow(/race-carts entry was changed by another request meanwhile.*Retry/);
    expect(await store.get('c1')).toEqual({ lines: ['MUG-001', 'LMP-044'] });
  });

  it("one call's changes to several keys commit together or not at all, blind sets included", async () => {
    const orders = m.createRedisStore<{ n: number }>({ name: 'atomic-orders', ttlMs: 60_000 });
    const stock = m.createRedisStore<{ n: number }>({ name: 'atomic-stock', ttlMs: 60_000 });
    await stock.set('mug', { n: 5 });
    const loaded = gate();
    const release = gate();
    const order = m.withSharedState(async () => {
      await orders.set('o1', { n: 1 }); // never read in this call: a blind set
      (await stock.get('mug'))!.n -= 1;
      loaded.open();
      await release.wait;
    });
    const running = order();
    await loaded.wait;
    await m.withSharedState(async () => {
      (await stock.get('mug'))!.n = 0;
    })();
    release.open();
    await expect(running).rejects.toThrow(/atomic-stock entry was changed by another request meanwhile.*Retry/);
    expect(await orders.get('o1'), 'the blind set did not commit on its own').toBeUndefined();
    expect(await stock.get('mug')).toEqual({ n: 0 });
  });

  it('a set of a value the call did not read is checked against the value it replaces', async () => {
    const store = m.createRedisStore<{ by: string }>({ name: 'blind-carts', ttlMs: 60_000 });
    await store.set('k', { by: 'first' });
    const set = gate();
    const release = gate();
    const blind = m.withSharedState(async () => {
      await store.set('k', { by: 'blind' });
      set.open();
      await release.wait;
    });
    const running = blind();
    await set.wait;
    expect(await store.get('k'), 'nothing is written before the call returns').toEqual({ by: 'first' });
    await m.withSharedState(async () => {
      (await store.get('k'))!.by = 'other';
    })();
    release.open();
    await expect(running).rejects.toThrow(/changed by another request meanwhile/);
    expect(await store.get('k')).toEqual({ by: 'other' });
  });

  it('the owner check commits with the save: state is not written for a handle released meanwhile', async () => {
    const store = m.createRedisStore<{ lines: string[] }>({ name: 'owner-carts', ttlMs: 60_000 });
    const carts = registry(60_000, (id) => store.delete(id));
    const handle = await carts.mint(ALICE);
    const loaded = gate();
    const release = gate();
    const add = m.withSharedState(async () => {
      expect(await carts.check(handle, ALICE)).toBeUndefined();
      const cart = (await store.get(handle)) ?? { lines: [] };
      cart.lines.push('MUG-001');
      await store.set(handle, cart);
      loaded.open();
      await release.wait;
    });
    const running = add();
    await loaded.wait;
    await carts.release(handle);
    release.open();
    await expect(running).rejects.toThrow(/cart_id this call used was released or expired meanwhile.*Call create_cart/);
    expect(await store.get(handle)).toBeUndefined();
    expect(await redis!.command('EXISTS', `${NS}:owner-carts:${handle}`)).toBe(':0\r\n');
  });

  it("nothing is written once the request's abort signal fired (SDK v1 extra.signal, v2 ctx.mcpReq.signal)", async () => {
    const store = m.createRedisStore<{ n: number }>({ name: 'abort-carts', ttlMs: 60_000 });
    await store.set('k', { n: 0 });
    for (const context of [(signal: AbortSignal) => ({ signal }), (signal: AbortSignal) => ({ mcpReq: { signal } })]) {
      const controller = new AbortController();
      const handler = m.withSharedState(async (_args: object, _ctx: object) => {
        (await store.get('k'))!.n += 1;
        controller.abort(); // the client went away while the handler ran
      });
      await expect(handler({}, context(controller.signal))).rejects.toThrow(/client cancelled this call; its changes were not saved/);
    }
    expect(await store.get('k')).toEqual({ n: 0 });
  });

  it('a frozen Redis: a call fails within the command timeout with a retryable error, and its save is not applied when Redis resumes', async () => {
    const store = m.createRedisStore<{ n: number }>({ name: 'frozen-carts', ttlMs: 60_000 });
    await store.set('k', { n: 0 });
    const loaded = gate();
    const release = gate();
    const add = m.withSharedState(async () => {
      (await store.get('k'))!.n += 1;
      loaded.open();
      await release.wait;
    });
    const running = add();
    await loaded.wait;
    freezeRedis(redis!);
    try {
      const started = Date.now();
      release.open(); // the commit is sent to the frozen Redis
      const outcome = await Promise.race([running.then(() => 'saved', (e: Error) => e.message), sleep(5000).then(() => 'hung')]);
      expect(outcome).toMatch(/^The state store is unavailable \(.*\); this call's changes were not saved\. Retry the call in a few seconds\.$/);
      expect(Date.now() - started, 'fails within the command timeout (plus what a loaded machine adds), not at the 5 s "hung"').toBeLessThan(COMMAND_TIMEOUT_MS + 2000);
      // A call that starts while Redis is frozen fails as fast.
      const read = await Promise.race([store.get('k').then(() => 'answered', (e: Error) => e.message), sleep(5000).then(() => 'hung')]);
      expect(read).toMatch(/state store is unavailable.*Retry/);
    } finally {
      thawRedis(redis!);
    }
    await sleep(300); // Redis runs what it received while frozen: the commit, past its deadline
    expect(await store.get('k')).toEqual({ n: 0 });
    await add(); // and serves again
    expect(await store.get('k')).toEqual({ n: 1 });
  });

  it("a client giving up stops the call at once, also in a handle check waiting on a frozen Redis", async () => {
    const carts = registry();
    // A caller of its own: the per-caller cap tests below count ALICE's and BOB's live handles.
    const dave: Caller = { authInfo: { clientId: 'c', extra: { sub: 'dave' } } };
    const handle = await carts.mint(dave);
    const controller = new AbortController();
    const view = m.withSharedState(async (_args: object, _ctx: object) => carts.check(handle, dave));
    freezeRedis(redis!);
    try {
      const started = Date.now();
      const running = view({}, { mcpReq: { signal: controller.signal } }).then(() => 'answered', (e: Error) => e.message);
      setTimeout(() => controller.abort(), 100);
      // Waiting for the command timeout instead would end in 'The state store is unavailable' at 1 s or later.
      expect(await running).toBe("The client cancelled this call; its changes were not saved.");
      expect(Date.now() - started, 'before the command timeout').toBeLessThan(COMMAND_TIMEOUT_MS);
    } finally {
      thawRedis(redis!);
    }
  });

  it('a mint sent to a frozen Redis fails within the command timeout and mints nothing when Redis resumes (its script carries a deadline)', async () => {
    const carts = registry();
    const erin: Caller = { authInfo: { clientId: 'c', extra: { sub: 'erin' } } };
    await carts.mint({ authInfo: { clientId: 'c', extra: { sub: 'frank' } } }); // connected: the mint below is sent and waits in the frozen Redis (a caller of its own: the cap tests count ALICE's and BOB's handles)
    freezeRedis(redis!);
    let outcome: string;
    try {
      const started = Date.now();
      outcome = await Promise.race([carts.mint(erin, 'k'.repeat(22)).then(() => 'minted', (e: Error) => e.message), sleep(5000).then(() => 'hung')]);
      // Generous: this is about what is written, not speed (a loaded CI machine adds its own delay).
      expect(Date.now() - started, 'fails near the command timeout').toBeLessThan(COMMAND_TIMEOUT_MS + 2500);
    } finally {
      thawRedis(redis!);
    }
    expect(outcome).toMatch(/state store is unavailable.*Retry/);
    await sleep(300); // Redis runs the mint it received while frozen, past its deadline
    const handlesOf = (await redis!.command('KEYS', `${NS}:handles-of:*`)).toString();
    expect(handlesOf, 'no handle was minted for erin after the caller was told it failed').not.toContain('erin');
    const claims = (await redis!.command('KEYS', `${NS}:idem:*`)).toString();
    expect(claims).not.toContain('erin');
  });

  it('commits survive a script cache flush (EVALSHA falls back to EVAL)', async () => {
    const store = m.createRedisStore<{ n: number }>({ name: 'flush-carts', ttlMs: 60_000 });
    const bump = m.withSharedState(async () => {
      const value = (await store.get('k')) ?? { n: 0 };
      value.n += 1;
      await store.set('k', value);
    });
    await bump();
    expect(await redis!.command('SCRIPT', 'FLUSH')).toBe('+OK\r\n');
    await bump();
    expect(await store.get('k')).toEqual({ n: 2 });
  });

  it('a store may not use the names of the registry\'s own keys', () => {
    for (const name of ['handle', 'idem']) expect(() => m.createRedisStore({ name, ttlMs: 1000 })).toThrow(/reserved/);
  });

  it('MCP_STATE_NAMESPACE overrides the generated namespace', async () => {
    const other = await load('ts', { MCP_STATE_NAMESPACE: 'tenant-b' });
    modules.push(other);
    const handle = await other.createRedisHandleRegistry({ prefix: 'cart', argument: 'cart_id', mintTool: 'create_cart', ttlMs: 60_000 }).mint(ALICE);
    expect(await redis!.command('EXISTS', `tenant-b:handle:${handle}`)).toBe(':1\r\n');
    expect((await registry().check(handle, ALICE))?.isError, 'another namespace is another deployment').toBe(true);
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
      const key = mixedCaseKey();
      const handle = await carts.mint(undefined, key);
      expect(await carts.mint({}, key)).toBe(handle);
      const forged = await carts.check(`cart_${'A'.repeat(20)}\r\n`, undefined);
      expect(forged?.content[0]?.text).toBe('This cart_id is unknown or has expired. Call create_cart to get a new cart, then pass its cart_id.');
      expect(await refusalOf(carts.mint(ALICE, 'k'.repeat(129)))).toMatch(/longer than 128/);
    });

    it('caps the live handles per principal; an expired one frees a place', async () => {
      const carts = limited({ ttlMs: 2000, maxPerCaller: 2 });
      await carts.mint(BOB);
      await sleep(1050);
      const kept = await carts.mint(BOB);
      expect(await refusalOf(carts.mint(BOB))).toMatch(/2 live cart handles/);
      expect(await carts.mint(ALICE)).toMatch(/^cart_/);
      await sleep(1050); // the first is 2.1 s idle (expired), kept 1.05 s
      expect(await carts.check(kept, BOB)).toBeUndefined();
      expect(await carts.mint(BOB)).toMatch(/^cart_/);
    });

    it('a handle in use expires at maxAgeMs; its claim lives as long as it does, not just one idle TTL', async () => {
      const carts = limited({ ttlMs: 2000, maxAgeMs: 4_000 });
      const handle = await carts.mint(ALICE, 'max-age');
      for (let i = 0; i < 4; i++) {
        await sleep(800);
        expect(await carts.check(handle, ALICE), `in use after ${(i + 1) * 800} ms`).toBeUndefined();
      }
      expect(await carts.mint(ALICE, 'max-age'), 'a retry after more than one idle TTL, while the handle lives').toBe(handle);
      await sleep(900);
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

describe.skipIf(skipWithoutRedis)('generated mcp-redis-store module: Redis down at start, then started', { timeout: 60_000 }, () => {
  it('fails fast with a retryable error, logs one line without a stack, and serves by itself once Redis is up', async () => {
    const port = await freePort();
    const mod = await load('ts', { REDIS_URL: `redis://127.0.0.1:${port}`, MCP_REDIS_COMMAND_TIMEOUT_MS: String(COMMAND_TIMEOUT_MS) });
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    let late: RedisInstance | undefined;
    try {
      const store = mod.createRedisStore<{ n: number }>({ name: 'down-carts', ttlMs: 60_000 });
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const outcome = await Promise.race([store.get('k').then(() => 'answered', (e: Error) => e.message), sleep(3000).then(() => 'hung')]);
        expect(outcome).toBe("The state store is unavailable (no connection to Redis); this call's changes were not saved. Retry the call in a few seconds.");
        // Fast: no wait for the command timeout (1 s), which a queued command would end in.
        expect(Date.now() - started, `call ${i} fails fast`).toBeLessThan(COMMAND_TIMEOUT_MS);
      }
      await sleep(1500); // the client keeps trying to connect meanwhile
      late = await startRedis({ port });
      const up = Date.now();
      for (;;) {
        const saved = await mod.withSharedState(async () => {
          await store.set('k', { n: 1 });
        })().then(() => true, () => false);
        if (saved) break;
        expect(Date.now() - up, 'serving again within the reconnect backoff (1 s)').toBeLessThan(3000);
        await sleep(100);
      }
      expect(await store.get('k')).toEqual({ n: 1 });
      const lines = logged.filter((l) => l.startsWith('[mcp-redis-store]'));
      expect(lines.filter((l) => l.includes('is unavailable')), 'one line per 30 s, not one per reconnect attempt').toEqual([
        expect.stringMatching(/^\[mcp-redis-store\] Redis at 127\.0\.0\.1:\d+ is unavailable: ECONNREFUSED\. Calls that need it fail with a retryable error; reconnecting\.$/),
      ]);
      expect(lines.at(-1)).toBe('[mcp-redis-store] Redis is back; serving again.');
      expect(logged.join('\n'), 'no stack traces').not.toMatch(/\n\s+at /);
    } finally {
      spy.mockRestore();
      await mod.closeRedisClient();
      await late?.stop();
    }
  });
});

// The first describe's afterAll cleaned up before the second describe loaded its module: that copy was left
// in .test-tmp by every run. (Nothing to clean when both are skipped, without redis-server.)
afterAll(() => cleanUp());
