/**
 * The shop fixture's catalogue and a cart model, so the end-to-end proofs can compute the totals a
 * migrated `fixtures/v1-streamable-express` must report. The prices are checked against the fixture's own
 * source (src/server.ts, `CATALOG`) when the module loads: a fixture change fails here, not as a wrong total.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { callOnFreshConnection, textOf, type ClientSpec, type ToolResult } from './clients.js';
import { FIXTURES } from './paths.js';

export const CATALOG = {
  'MUG-001': 1400,
  'TNT-210': 18900,
  'LMP-044': 3900,
  'BTL-750': 2900,
} as const;
export type Sku = keyof typeof CATALOG;

const serverSource = readFileSync(path.join(FIXTURES, 'v1-streamable-express', 'src', 'server.ts'), 'utf8');
for (const [sku, cents] of Object.entries(CATALOG)) {
  if (!new RegExp(`sku: '${sku}',[^}]*priceCents: ${cents}\\b`).test(serverSource)) {
    throw new Error(`fixtures/v1-streamable-express/src/server.ts no longer lists ${sku} at ${cents} cents; update test/e2e/support/shop.ts`);
  }
}

/** `$12.34`, as the fixture's formatPrice prints it. */
export function price(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** What a cart should hold, turn by turn. */
export class CartModel {
  readonly lines = new Map<Sku, number>();
  add(sku: Sku, quantity: number): void {
    this.lines.set(sku, (this.lines.get(sku) ?? 0) + quantity);
  }
  totalCents(): number {
    let total = 0;
    for (const [sku, qty] of this.lines) total += CATALOG[sku] * qty;
    return total;
  }
}

/** A handle as the design's handle pattern mints it: `<prefix>_<base64url of 16 CSPRNG bytes>`. */
const CART_ID = /^cart_[A-Za-z0-9_-]{22}$/;

/** A well-formed handle that no server minted. */
export const UNKNOWN_CART_ID = `cart_${'A'.repeat(22)}`;

function describeResult(result: ToolResult): string {
  return JSON.stringify(result, null, 2);
}

/** Call a tool on a fresh connection and insist it did not fail. */
async function callOk(url: string, tool: string, args: Record<string, unknown>, client: ClientSpec = 'v1'): Promise<ToolResult> {
  const result = await callOnFreshConnection(url, tool, args, client);
  expect(result.isError ?? false, `${tool} ${JSON.stringify(args)} returned a tool error:\n${describeResult(result)}`).toBe(false);
  return result;
}

/** `create_cart` on a fresh connection; checks the handle's shape and that it is in both structuredContent and text. */
export async function createCart(url: string, args: Record<string, unknown> = {}, client: ClientSpec = 'v1'): Promise<string> {
  const result = await callOk(url, 'create_cart', args, client);
  const id = result.structuredContent?.cart_id;
  expect(typeof id === 'string' ? id : undefined, `create_cart must return structuredContent.cart_id:\n${describeResult(result)}`).toMatch(CART_ID);
  expect(textOf(result), 'create_cart must repeat the handle in its text content').toContain(id as string);
  return id as string;
}

/** `add_to_cart` on a fresh connection; checks the running total the fixture reports. */
export async function addToCart(url: string, cartId: string, sku: Sku, quantity: number, model: CartModel, client: ClientSpec = 'v1'): Promise<void> {
  const result = await callOk(url, 'add_to_cart', { cart_id: cartId, sku, quantity }, client);
  model.add(sku, quantity);
  expect(textOf(result), `add_to_cart ${sku} x${quantity} on ${cartId}`).toContain(`Cart total: ${price(model.totalCents())}`);
}

/** `view_cart` on a fresh connection; checks every line and the total. */
export async function expectCart(url: string, cartId: string, model: CartModel, client: ClientSpec = 'v1'): Promise<void> {
  const text = textOf(await callOk(url, 'view_cart', { cart_id: cartId }, client));
  if (model.lines.size === 0) {
    // The fixtures say so in words.
    expect(text, `view_cart ${cartId} should be empty`).toMatch(/cart is empty|Total: \$0\.00/);
    return;
  }
  for (const [sku, qty] of model.lines) {
    expect(text, `view_cart ${cartId} should list ${sku}`).toMatch(new RegExp(`\\b${qty} x [^\\n]*\\(${price(CATALOG[sku]).replace('$', '\\$')}\\)`));
  }
  const listed = text.split('\n').filter((line) => /^\s*\d+ x /.test(line));
  expect(listed, `view_cart ${cartId} should list exactly the model's lines:\n${text}`).toHaveLength(model.lines.size);
  expect(text, `view_cart ${cartId}`).toContain(`Total: ${price(model.totalCents())}`);
}

/** `checkout` on a fresh connection; checks the order total. */
export async function checkout(url: string, cartId: string, model: CartModel, client: ClientSpec = 'v1'): Promise<void> {
  const text = textOf(await callOk(url, 'checkout', { cart_id: cartId, shippingPostcode: 'SW1A 1AA' }, client));
  expect(text, `checkout ${cartId}`).toContain(`placed for ${price(model.totalCents())}`);
  expect(text).toContain('shipping to SW1A 1AA');
}

/** The 30-turn interleaving of two carts: turn i adds to cart A (even) or B (odd). */
export function interleavedTurns(turns = 30): Array<{ cart: 'a' | 'b'; sku: Sku; quantity: number }> {
  const aSkus: Sku[] = ['MUG-001', 'LMP-044'];
  const bSkus: Sku[] = ['BTL-750', 'TNT-210', 'MUG-001'];
  return Array.from({ length: turns }, (_, i) => {
    const cart = i % 2 === 0 ? 'a' : 'b';
    const skus = cart === 'a' ? aSkus : bSkus;
    return { cart, sku: skus[Math.floor(i / 2) % skus.length], quantity: (i % 3) + 1 };
  });
}
