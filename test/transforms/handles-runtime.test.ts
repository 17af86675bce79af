/**
 * The generated `mcp-handles` module (src/transforms/session-state-to-handles/runtime.ts), written into <repo>/.test-tmp as
 * apply writes it and driven in every flavour (TS, ESM JS, CommonJS): who a handle is bound to, anonymous
 * mode, bounds, lifetimes and what its messages say. Time is Date.now under vitest's fake clock.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleModuleSource } from '../../src/transforms/session-state-to-handles/runtime.js';
import { redisStoreModuleSource } from '../../src/transforms/shared-store/runtime.js';
import type { ModuleFlavour } from '../../src/transforms/kit/source-style.js';
import { mixedCaseKey } from '../support/random-key.js';
import { cleanUpMaterialised, materialise } from '../support/transform-fixtures.js';

interface Caller {
  authInfo?: { clientId?: string; extra?: Record<string, unknown> };
  http?: { authInfo?: { clientId?: string; extra?: Record<string, unknown> } };
}
interface ToolError {
  content: { type: 'text'; text: string }[];
  isError: true;
}
interface Options {
  prefix: string;
  argument: string;
  mintTool: string;
  ttlMs: number;
  maxAgeMs?: number;
  maxPerCaller?: number;
  onExpire?: (handle: string) => void;
}
interface Registry {
  mint(caller: Caller | undefined, key?: string): string;
  mintOrRefuse(caller: Caller | undefined, key?: string): string | ToolError;
  check(handle: unknown, caller: Caller | undefined): ToolError | undefined;
  release(handle: string): void;
}
interface HandlesModule {
  createHandleRegistry(options: Options): Registry;
  principalOf(caller: Caller | undefined): string | undefined;
  isRandomEnough(key: string): boolean;
  HandleRefusal: new (message: string) => Error;
}

/** Two users of one OAuth client app, as a token verifier reports them. */
const ALICE: Caller = { authInfo: { clientId: 'shop-app', extra: { sub: 'alice' } } };
const BOB: Caller = { authInfo: { clientId: 'shop-app', extra: { sub: 'bob' } } };
const ANONYMOUS: Caller = {};
const CART = { prefix: 'cart', argument: 'cart_id', mintTool: 'create_cart' };

async function load(flavour: ModuleFlavour): Promise<HandlesModule> {
  const ext = flavour === 'ts' ? 'ts' : flavour === 'cjs' ? 'cjs' : 'js';
  const dir = materialise(`handles-runtime-${flavour}`, new Map([[`mcp-handles.${ext}`, handleModuleSource(flavour)]]));
  const file = path.join(dir, `mcp-handles.${ext}`);
  expect(fs.existsSync(file)).toBe(true);
  if (flavour === 'cjs') return createRequire(file)(file) as HandlesModule;
  return (await import(pathToFileURL(file).href)) as HandlesModule;
}

/** The refusal text, and that it names the minting tool. */
function refusalText(result: ToolError | undefined): string {
  expect(result?.isError, 'refused').toBe(true);
  const text = result!.content.map((c) => c.text).join('\n');
  expect(text).toContain('Call create_cart');
  return text;
}

/** The message of a refused mint (thrown, so the SDK turns it into the minting tool's error). */
function mintRefusal(m: HandlesModule, mint: () => string): string {
  try {
    mint();
  } catch (error) {
    expect(error).toBeInstanceOf(m.HandleRefusal);
    expect((error as Error).message).toContain('create_cart');
    return (error as Error).message;
  }
  throw new Error('the mint was not refused');
}

afterAll(() => cleanUpMaterialised());

for (const flavour of ['ts', 'esm', 'cjs'] as const) {
  describe(`generated mcp-handles (${flavour})`, () => {
    let m: HandlesModule;
    let warn: ReturnType<typeof vi.spyOn>;

    beforeAll(async () => {
      m = await load(flavour);
    });
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-07-28T00:00:00Z'));
      warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    });
    afterEach(() => {
      vi.useRealTimers();
      warn.mockRestore();
    });

    describe('the principal is issuer + subject, never the client', () => {
      it('two users of one OAuth client are two principals: bob cannot use alice\'s handle nor get it with her idempotency key', () => {
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 60_000 });
        const key = 'order-1';
        const alices = carts.mint(ALICE, key);
        expect(carts.check(alices, ALICE)).toBeUndefined();
        refusalText(carts.check(alices, BOB));
        const bobs = carts.mint(BOB, key);
        expect(bobs).not.toBe(alices);
        expect(carts.mint(ALICE, key)).toBe(alices);
        expect(carts.check(bobs, BOB)).toBeUndefined();
        refusalText(carts.check(bobs, ALICE));
      });

      it('a numeric subject is a subject (String(sub)); the issuer is part of the principal; v1 extra and v2 ctx agree', () => {
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 60_000 });
        const numeric: Caller = { authInfo: { clientId: 'shop-app', extra: { sub: 42 } } };
        const handle = carts.mint(numeric);
        expect(carts.check(handle, { http: { authInfo: { clientId: 'other', extra: { sub: '42' } } } })).toBeUndefined();
        expect(m.principalOf(numeric)).toBe(m.principalOf({ authInfo: { extra: { sub: '42' } } }));
        const otherIssuer: Caller = { authInfo: { clientId: 'shop-app', extra: { sub: 42, iss: 'https://evil.example' } } };
        refusalText(carts.check(handle, otherIssuer));
        expect(m.principalOf({ authInfo: { extra: { sub: 'b', iss: 'a:' } } })).not.toBe(m.principalOf({ authInfo: { extra: { sub: ':b', iss: 'a' } } }));
      });

      it('a token without a user subject mints nothing (a clear error naming create_cart, not the client id) and uses nothing', () => {
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 60_000 });
        const app: Caller = { authInfo: { clientId: 'shop-app', extra: { scope: 'shop' } } };
        const message = mintRefusal(m, () => carts.mint(app));
        expect(message).toMatch(/names no user/);
        expect(message).not.toContain('shop-app');
        expect(m.principalOf(app)).toBeUndefined();
        expect(m.principalOf({ authInfo: { clientId: 'shop-app' } })).toBeUndefined();
        const alices = carts.mint(ALICE);
        refusalText(carts.check(alices, app));
        // For low-level servers, where a throw is a protocol error: the same refusal as a tool error.
        const refused = carts.mintOrRefuse(app);
        expect(typeof refused === 'string' ? refused : refused.content[0]!.text).toBe(message);
        expect(carts.mintOrRefuse(ALICE, 'k')).toBe(carts.mint(ALICE, 'k'));
      });
    });

    describe('anonymous mode', () => {
      it('warns once on stderr at the first anonymous mint, saying a handle is a bearer secret; an authenticated mint does not warn', async () => {
        const fresh = await load(flavour);
        const carts = fresh.createHandleRegistry({ ...CART, ttlMs: 60_000 });
        carts.mint(ALICE);
        expect(warn).not.toHaveBeenCalled();
        carts.mint(ANONYMOUS);
        carts.mint(ANONYMOUS);
        fresh.createHandleRegistry({ ...CART, ttlMs: 1 }).mint(ANONYMOUS);
        expect(warn).toHaveBeenCalledTimes(1);
        expect(String(warn.mock.calls[0]![0])).toMatch(/create_cart minted a cart for an unauthenticated caller.*bearer secret/);
      });

      it('an idempotency key must carry 128 bits of randomness: short, repeated and sequential keys are refused, random ones accepted', () => {
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 60_000, maxPerCaller: 10_000 });
        for (const key of ['1', 'retry', 'order-2026-07-28', 'a'.repeat(40), 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ', '0123456789012345678901234567890123456789', 'deadbeefdeadbeef', 'x'.repeat(21) + 'y', 'ab'.repeat(20), 'abc'.repeat(10) + '1234', 'q7'.repeat(16)]) {
          const message = mintRefusal(m, () => carts.mint(ANONYMOUS, key));
          expect(message).toMatch(/too easy to guess.*16 random bytes/);
          if (key.length > 3) expect(message).not.toContain(key);
        }
        // Real keys are accepted: 10,000 random base64url keys, 10,000 hex keys and 10,000 UUIDs. One string cannot
        // prove it was drawn at random, so a random key is refused now and then, by design:
        // - a base64url key written in one case only (probability 2 × (38/64)^22 ≈ 2.1e-5) is judged by the one-case
        //   alphabet (22 × log2(38) ≈ 115 bits < 128) and always refused: checked key by key;
        // - a mixed-case key with fewer distinct characters than half of what a random one shows (≤ 9 of 22:
        //   2.3e-9, exact), a hex key (≤ 6 of 32: 1.8e-10) or a UUID (rarer still).
        // So one false refusal among the 30,000 is allowed (two happen with probability ~3e-10 per flavour), not
        // zero: that every key passes would fail one run in 4,800 at 2.3e-9 (and one in a hundred when the check
        // refused one random key in 18,000, before c544319). A check that refused one random key in 18,000 again
        // is caught in 1 − e^-1.67 · 2.67 ≈ 50% of flavours, 87% of runs (the 600 hex keys asserted before: 3%).
        const bytes = randomBytes(16 * 20_000);
        const keyAt = (i: number, encoding: 'base64url' | 'hex') => bytes.subarray(16 * i, 16 * (i + 1)).toString(encoding);
        const falselyRefused: string[] = [];
        for (let i = 0; i < 10_000; i++) {
          const k = keyAt(i, 'base64url');
          if (k === k.toLowerCase() || k === k.toUpperCase()) expect(m.isRandomEnough(k), `one-case key ${k}`).toBe(false);
          else if (!m.isRandomEnough(k)) falselyRefused.push(k);
        }
        for (let i = 10_000; i < 20_000; i++) {
          const k = keyAt(i, 'hex');
          if (!m.isRandomEnough(k)) falselyRefused.push(k);
        }
        for (let i = 0; i < 10_000; i++) {
          const k = randomUUID();
          if (!m.isRandomEnough(k)) falselyRefused.push(k);
        }
        expect(falselyRefused.length, `random keys refused: ${falselyRefused.join(', ')}`).toBeLessThanOrEqual(1);
        // The replayed key is mixed-case (a one-case one is refused, see above).
        const key = mixedCaseKey();
        const handle = carts.mint(ANONYMOUS, key);
        expect(carts.mint(ANONYMOUS, key)).toBe(handle);
        // A signed-in user's key is scoped to the user: a short one is fine there.
        expect(carts.mint(ALICE, 'retry')).toBe(carts.mint(ALICE, 'retry'));
      });
    });

    describe('bounds', () => {
      it('forged, oversized and foreign handles get one refusal that names create_cart and repeats nothing of the input', () => {
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 60_000 });
        const alices = carts.mint(ALICE);
        const texts = [
          `cart_${'A'.repeat(22)}`,
          `cart_${'A'.repeat(21)}\u202e`,
          `cart_${'A'.repeat(20)}\r\n`,
          `cart_${'A'.repeat(21)}\u0000`,
          'board_' + alices.slice(5),
          alices + 'x',
          'x'.repeat(512 * 1024),
          alices,
        ].map((handle, i) => refusalText(carts.check(handle, i === 7 ? BOB : ALICE)));
        for (const text of texts) {
          expect(text).toBe('This cart_id is unknown or has expired. Call create_cart to get a new cart, then pass its cart_id.');
        }
        expect(refusalText(carts.check(undefined, ALICE))).toBe('cart_id is missing. Call create_cart to get a new cart, then pass its cart_id.');
        expect(refusalText(carts.check(12, ALICE))).toContain('cart_id is missing.');
      });

      it('an idempotency key longer than 128 characters is refused, signed in or not', () => {
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 60_000 });
        expect(mintRefusal(m, () => carts.mint(ALICE, 'k'.repeat(129)))).toMatch(/longer than 128 characters/);
        expect(carts.mint(ALICE, 'k'.repeat(128))).toMatch(/^cart_/);
      });

      it('caps the live handles of one principal (naming the limit); others are unaffected; an expired one frees a place', () => {
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 10_000, maxPerCaller: 3 });
        const first = carts.mint(ALICE);
        vi.advanceTimersByTime(5_000);
        carts.mint(ALICE);
        carts.mint(ALICE);
        expect(mintRefusal(m, () => carts.mint(ALICE))).toMatch(/3 live cart handles/);
        // A retry of a live key is no new handle.
        const bobs = carts.mint(BOB, 'k');
        expect(carts.mint(BOB, 'k')).toBe(bobs);
        vi.advanceTimersByTime(5_000);
        refusalText(carts.check(first, ALICE));
        expect(carts.mint(ALICE)).toMatch(/^cart_/);
        expect(m.createHandleRegistry({ ...CART, ttlMs: 10_000 }).mint(ALICE), 'the default cap is not 0').toMatch(/^cart_/);
      });
    });

    describe('lifetimes', () => {
      it('an idle handle expires exactly at its TTL (no grace) and is never revived; onExpire runs once', () => {
        const expired: string[] = [];
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 1_000, onExpire: (h) => expired.push(h) });
        const handle = carts.mint(ALICE);
        vi.advanceTimersByTime(999);
        expect(carts.check(handle, ALICE)).toBeUndefined();
        vi.advanceTimersByTime(999);
        expect(carts.check(handle, ALICE), 'each use restarts the idle time').toBeUndefined();
        vi.advanceTimersByTime(1_000);
        refusalText(carts.check(handle, ALICE));
        vi.advanceTimersByTime(10);
        refusalText(carts.check(handle, ALICE));
        expect(expired).toEqual([handle]);
      });

      it('a handle in use expires at its absolute lifetime (maxAgeMs)', () => {
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 1_000, maxAgeMs: 2_500 });
        const handle = carts.mint(ALICE);
        for (let t = 900; t < 2_500; t += 900) {
          vi.setSystemTime(new Date('2026-07-28T00:00:00Z').getTime() + t);
          expect(carts.check(handle, ALICE), `in use at ${t} ms`).toBeUndefined();
        }
        vi.setSystemTime(new Date('2026-07-28T00:00:00Z').getTime() + 2_500);
        refusalText(carts.check(handle, ALICE));
      });

      it('the idempotency claim lives exactly as long as its handle: a retry after expiry mints anew, after the first state was dropped', () => {
        const events: string[] = [];
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 1_000, maxAgeMs: 3_000, onExpire: (h) => events.push(`expired ${h}`) });
        const first = carts.mint(ALICE, 'k');
        vi.advanceTimersByTime(900);
        expect(carts.mint(ALICE, 'k'), 'a retry while it lives').toBe(first);
        vi.advanceTimersByTime(900);
        expect(carts.check(first, ALICE)).toBeUndefined();
        vi.advanceTimersByTime(900);
        expect(carts.mint(ALICE, 'k'), 'the claim lives on while the handle is used').toBe(first);
        vi.advanceTimersByTime(400);
        const second = carts.mint(ALICE, 'k');
        events.push(`minted ${second}`);
        expect(second).not.toBe(first);
        expect(events).toEqual([`expired ${first}`, `minted ${second}`]);
      });

      it('expired handles are dropped least recently used first, whatever the order they were minted in', () => {
        const expired: string[] = [];
        const carts = m.createHandleRegistry({ ...CART, ttlMs: 1_000, maxPerCaller: 100_000, onExpire: (h) => expired.push(h) });
        const older = carts.mint(ALICE);
        const newer = carts.mint(ALICE);
        const many = Array.from({ length: 5_000 }, () => carts.mint(BOB));
        vi.advanceTimersByTime(600);
        expect(carts.check(older, ALICE)).toBeUndefined();
        vi.advanceTimersByTime(600);
        // Any call sweeps: newer and bob's idle handles go, older (used 600 ms ago) stays.
        carts.mint(ALICE);
        expect(expired).toEqual([newer, ...many]);
        expect(carts.check(older, ALICE)).toBeUndefined();
      });
    });
  });
}

describe('the generated module under the strictest compiler settings a project may use (sweep 24 X2)', () => {
  // erasableSyntaxOnly: what Node's type stripping runs (`node --strip-types src/main.ts`, sweep 38 AL2): no parameter
  // properties, enums or namespaces in the generated modules.
  it('type-checks with exactOptionalPropertyTypes, noPropertyAccessFromIndexSignature, noUncheckedIndexedAccess and erasableSyntaxOnly, with the Redis module beside it', async () => {
    const { default: typescript } = await import('typescript');
    const dir = materialise('handles-runtime-strictest', new Map([['mcp-handles.ts', handleModuleSource('ts')], ['mcp-redis-store.ts', redisStoreModuleSource('ts', './mcp-handles.js', 'strictest')]]));
    const program = typescript.createProgram([path.join(dir, 'mcp-handles.ts'), path.join(dir, 'mcp-redis-store.ts')], {
      erasableSyntaxOnly: true,
      strict: true,
      exactOptionalPropertyTypes: true,
      noPropertyAccessFromIndexSignature: true,
      noUncheckedIndexedAccess: true,
      noImplicitOverride: true,
      noImplicitReturns: true,
      target: typescript.ScriptTarget.ES2022,
      module: typescript.ModuleKind.NodeNext,
      moduleResolution: typescript.ModuleResolutionKind.NodeNext,
      types: ['node'],
      noEmit: true,
    });
    const diagnostics = typescript.getPreEmitDiagnostics(program).map((d) => typescript.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(program.getSourceFiles().some((sf) => sf.fileName.includes('@types/node'))).toBe(true);
    expect(program.getSourceFiles().some((sf) => sf.fileName.includes('mcp-redis-store'))).toBe(true);
    expect(diagnostics).toEqual([]);
  });
});
