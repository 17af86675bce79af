/**
 * Issue 5, the authenticated end-to-end proof on `fixtures/e2e-auth-shop` (bearer tokens: alice, bob):
 * a handle is a name, not a capability — a cart minted for one caller is refused for another.
 *
 * 1. Always: the unmigrated fixture really authenticates (401 without a token; `extra.authInfo` reaches the
 *    tools), so the gated part below cannot pass on a server that ignores identity.
 * 2. `apply --allow-dirty --transforms session-state-to-handles` on a copy, ONE
 *    instance, each call on a fresh v1 connection with the caller's token.
 *
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOnFreshConnection, connect, textOf, type ClientOptions } from './support/clients.js';
import { runCli } from './support/cli.js';
import { copyFixture, FIXTURES } from './support/paths.js';
import { startFixtureServer, withOutput, type ManagedProcess } from './support/process.js';
import { addToCart, CartModel, checkout, createCart, expectCart } from './support/shop.js';

const FIXTURE = 'e2e-auth-shop';
const alice: ClientOptions = { sdk: 'v1', bearer: 'alice-token' };
const bob: ClientOptions = { sdk: 'v1', bearer: 'bob-token' };

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

describe(`${FIXTURE} migrated to handles: a handle is bound to its caller`, { timeout: 120_000 }, () => {
  let server: ManagedProcess | undefined;
  let url = '';
  const procs = () => (server ? [server] : []);

  beforeAll(async () => {
    const dir = copyFixture(FIXTURE);
    const run = runCli(['apply', '--allow-dirty', '--transforms', 'session-state-to-handles', dir], { cwd: dir });
    if (run.status !== 0 && run.status !== 1) {
      throw new Error(`apply failed (exit 0 or 1 expected):\n${run.describe()}`);
    }
    const original = readFileSync(path.join(FIXTURES, FIXTURE, 'src', 'server.ts'), 'utf8');
    if (readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8') === original) {
      throw new Error(`apply left src/server.ts (the session-keyed carts) unchanged:\n${run.describe()}`);
    }
    server = await startFixtureServer({ name: 'auth-migrated', dir });
    url = `http://127.0.0.1:${server.port}/mcp`;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
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

  it("bob cannot reach alice's cart through her idempotency key", async () => {
    await withOutput(procs, async () => {
      const key = `auth-e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const alicesCart = await createCart(url, { idempotency_key: key }, alice);
      const model = new CartModel();
      await addToCart(url, alicesCart, 'MUG-001', 1, model, alice);
      expect(await createCart(url, { idempotency_key: key }, alice)).toBe(alicesCart);
      const bobsCart = await createCart(url, { idempotency_key: key }, bob);
      if (bobsCart === alicesCart) {
        // Even if the key space were shared, the handle must still be alice's alone.
        const view = await callOnFreshConnection(url, 'view_cart', { cart_id: bobsCart }, bob);
        expect(view.isError, "bob's retry with alice's key returned her handle, and it works for him").toBe(true);
      } else {
        await expectCart(url, bobsCart, new CartModel(), bob);
      }
      await expectCart(url, alicesCart, model, alice);
    });
  });
});
