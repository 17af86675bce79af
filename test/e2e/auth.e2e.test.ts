/**
 * Issue 5, the authenticated end-to-end proof on `fixtures/e2e-auth-shop` (bearer tokens: alice, bob):
 * a handle is a name, not a capability — a cart minted for one caller is refused for another.
 *
 * 1. Always: the unmigrated fixture really authenticates (401 without a token; `extra.authInfo` reaches the
 *    tools), so the gated part below cannot pass on a server that ignores identity.
 * 2. `apply --allow-dirty --transforms session-state-to-handles` on a copy, ONE
 *    instance, each call on a fresh v1 connection with the caller's token.
 * Issue 13: alice and bob are numeric subjects (`extra.sub` 1001, 1002) of ONE OAuth client app, so a
 * principal taken from the client id would make them one; a client-credentials token names no user.
 *
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOnFreshConnection, connect, textOf, type ClientOptions } from './support/clients.js';
import { runCli } from './support/cli.js';
import { copyFixture, FIXTURES } from './support/paths.js';
import { startFixtureServer, withOutput, type ManagedProcess } from './support/process.js';
import { migratedServerEnv, skipWithoutRedis, startRedis, type RedisInstance } from './support/redis.js';
import { addToCart, CartModel, checkout, createCart, expectCart } from './support/shop.js';

const FIXTURE = 'e2e-auth-shop';
const alice: ClientOptions = { sdk: 'v1', bearer: 'alice-token' };
const bob: ClientOptions = { sdk: 'v1', bearer: 'bob-token' };
/** A client-credentials token of the same OAuth client app: it names no user. */
const service: ClientOptions = { sdk: 'v1', bearer: 'service-token' };

describe(`${FIXTURE} unmigrated: the fixture really authenticates`, { timeout: 60_000 }, () => {
  let server: ManagedProcess | undefined;
  let url = '';

  beforeAll(async () => {
    server = await startFixtureServer({ name: 'auth-unmigrated', dir: copyFixture(FIXTURE) });
    url = `http://127.0.0.1:${server.port}/mcp`;
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a client without a token (401) and tells each tool who is calling', async () => {
    await withOutput(server ? [server] : [], async () => {
      const refused = await connect(url, 'v1').then(
        async (c) => {
          await c.close();
          return undefined;
        },
        (e: Error) => e,
      );
      expect(refused?.message ?? 'connected without a token').toMatch(/401|Unauthorized|Missing Authorization/i);
      expect(textOf(await callOnFreshConnection(url, 'whoami', {}, alice))).toBe('You are alice.');
      expect(textOf(await callOnFreshConnection(url, 'whoami', {}, bob))).toBe('You are bob.');
      const wrong = await connect(url, { sdk: 'v1', bearer: 'mallory-token' }).then(
        async (c) => {
          await c.close();
          return undefined;
        },
        (e: Error) => e,
      );
      expect(wrong?.message ?? 'connected with an unknown token').toMatch(/401|Unauthorized|Unknown token/i);
    });
  });
});

for (const store of ['memory', 'redis'] as const) {
  describe.skipIf(store === 'redis' && skipWithoutRedis)(`${FIXTURE} migrated to handles (--store ${store}): a handle is bound to its caller`, { timeout: 120_000 }, () => {
    let server: ManagedProcess | undefined;
    let redis: RedisInstance | undefined;
    let url = '';
    const procs = () => [...(server ? [server] : []), ...(redis ? [redis.process] : [])];

    beforeAll(async () => {
      const dir = copyFixture(FIXTURE);
      // Stays on SDK v1 (the fixture's bearer middleware has no v2 home installed here); redis: the registry and carts move to Redis.
      const transforms = store === 'redis' ? ['--transforms', 'session-state-to-handles,shared-store', '--store', 'redis'] : ['--transforms', 'session-state-to-handles'];
      const run = runCli(['apply', '--allow-dirty', ...transforms, dir], { cwd: dir });
      if (run.status !== 0 && run.status !== 1) {
        throw new Error(`apply failed (exit 0 or 1 expected):\n${run.describe()}`);
      }
      const original = readFileSync(path.join(FIXTURES, FIXTURE, 'src', 'server.ts'), 'utf8');
      const migrated = readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8');
      if (migrated === original) {
        throw new Error(`apply left src/server.ts (the session-keyed carts) unchanged:\n${run.describe()}`);
      }
      if (store === 'redis' && !migrated.includes('createRedisHandleRegistry')) {
        throw new Error(`apply --store redis did not move the cart handles to Redis:\n${run.describe()}`);
      }
      if (store === 'redis') redis = await startRedis();
      server = await startFixtureServer({ name: `auth-migrated-${store}`, dir, env: redis ? migratedServerEnv(redis.url) : {} });
      url = `http://127.0.0.1:${server.port}/mcp`;
    }, 180_000);

    afterAll(async () => {
      await server?.stop();
      await redis?.stop();
    });

    it("alice's cart follows her handle across fresh connections; bob gets a tool error naming create_cart for it, and changes nothing", async () => {
      await withOutput(procs, async () => {
        const cart = await createCart(url, {}, alice);
        const model = new CartModel();
        await addToCart(url, cart, 'TNT-210', 1, model, alice);
        await addToCart(url, cart, 'MUG-001', 2, model, alice);

        for (const [tool, args] of [
          ['view_cart', { cart_id: cart }],
          ['add_to_cart', { cart_id: cart, sku: 'BTL-750', quantity: 5 }],
          ['checkout', { cart_id: cart, shippingPostcode: 'SW1A 1AA' }],
        ] as const) {
          const result = await callOnFreshConnection(url, tool, args, bob);
          expect(result.isError, `bob's ${tool} on alice's cart must be refused:\n${JSON.stringify(result)}`).toBe(true);
          expect(textOf(result), `bob's ${tool} on alice's cart`).toContain('create_cart');
          expect(textOf(result), "the refusal must not leak alice's cart").not.toContain('Two-person tent');
        }

        // Bob's attempts left alice's cart as it was, and bob's own cart is his.
        await expectCart(url, cart, model, alice);
        const bobsCart = await createCart(url, {}, bob);
        expect(bobsCart).not.toBe(cart);
        const bobsModel = new CartModel();
        await addToCart(url, bobsCart, 'LMP-044', 1, bobsModel, bob);
        const aliceOnBobs = await callOnFreshConnection(url, 'view_cart', { cart_id: bobsCart }, alice);
        expect(aliceOnBobs.isError, 'alice on bob\'s cart').toBe(true);
        await checkout(url, cart, model, alice);
        await checkout(url, bobsCart, bobsModel, bob);
      });
    });

    it("two users of one OAuth client app are two principals: bob cannot get alice's cart by replaying her idempotency key", async () => {
      await withOutput(procs, async () => {
        // A signed-in user's key is scoped to the user: a short, guessable key is fine here.
        const key = 'order-1';
        const alicesCart = await createCart(url, { idempotency_key: key }, alice);
        const model = new CartModel();
        await addToCart(url, alicesCart, 'MUG-001', 1, model, alice);
        expect(await createCart(url, { idempotency_key: key }, alice)).toBe(alicesCart);
        const bobsCart = await createCart(url, { idempotency_key: key }, bob);
        expect(bobsCart, "bob's retry with alice's key must not return her handle").not.toBe(alicesCart);
        await expectCart(url, bobsCart, new CartModel(), bob);
        const view = await callOnFreshConnection(url, 'view_cart', { cart_id: alicesCart }, bob);
        expect(view.isError, "bob's view of alice's cart").toBe(true);
        await expectCart(url, alicesCart, model, alice);
      });
    });

    it('a token that names no user (client credentials) mints nothing and uses nothing: a tool error naming create_cart, not the client id', async () => {
      await withOutput(procs, async () => {
        const minted = await callOnFreshConnection(url, 'create_cart', {}, service);
        expect(minted.isError, `create_cart with a token without a user:\n${JSON.stringify(minted)}`).toBe(true);
        expect(textOf(minted)).toMatch(/create_cart needs a signed-in user/);
        expect(textOf(minted)).not.toContain('shop-app');
        const alicesCart = await createCart(url, {}, alice);
        const view = await callOnFreshConnection(url, 'view_cart', { cart_id: alicesCart }, service);
        expect(view.isError, "the service token on alice's cart").toBe(true);
        expect(textOf(view)).toContain('create_cart');
      });
    });

    it('forged, oversized and foreign handles are refused with an error naming create_cart that repeats nothing of the input', async () => {
      await withOutput(procs, async () => {
        const alicesCart = await createCart(url, {}, alice);
        const cases: Array<[string, string, ClientOptions]> = [
          ['forged (bidi control)', `cart_${'A'.repeat(21)}\u202e`, alice],
          ['forged (line break)', `cart_${'A'.repeat(20)}\r\n`, alice],
          ['forged (unknown)', `cart_${'B'.repeat(22)}`, alice],
          ['oversized', `cart_${'A'.repeat(60_000)}`, alice],
          ['foreign', alicesCart, bob],
        ];
        for (const [what, cartId, caller] of cases) {
          const result = await callOnFreshConnection(url, 'view_cart', { cart_id: cartId }, caller);
          expect(result.isError, `${what}:\n${JSON.stringify(result).slice(0, 2000)}`).toBe(true);
          const text = textOf(result);
          expect(text, what).toContain('create_cart');
          expect(text.length, `${what}: the refusal stays short`).toBeLessThan(2000);
          expect(text, what).not.toMatch(/[\r\u0000\u202e]|AAAAAAAAAAAAAAAAAAAA|BBBBBBBBBBBBBBBBBBBB/);
          if (what === 'foreign') expect(text).not.toContain(alicesCart.slice(5));
        }
        const longKey = await callOnFreshConnection(url, 'create_cart', { idempotency_key: 'k'.repeat(60_000) }, alice);
        expect(longKey.isError, 'an idempotency_key of 60,000 characters').toBe(true);
        expect(textOf(longKey).length).toBeLessThan(2000);
      });
    });
  });
}
