/**
 * Shopping carts. A cart lives as long as the MCP session that filled it.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { createRedisHandleRegistry, createRedisStore } from './mcp-redis-store.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface CartLine {
  sku: string;
  name: string;
  unitPriceCents: number;
  quantity: number;
}

export interface Cart {
  lines: CartLine[];
  updatedAt: number;
}

const carts = createRedisStore<Cart>({ name: 'carts', ttlMs: 24 * 60 * 60 * 1000 });

/** cart_id handles (mcp-migrate): minted by create_cart, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
export const cartHandles = createRedisHandleRegistry({
  prefix: 'cart',
  argument: 'cart_id',
  mintTool: 'create_cart',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => carts.delete(id),
});

function cartKey(cart_id: string): string {
  // stdio has no session id: every call then shares the one local cart.
  return cart_id;
}

export async function getCart(cart_id: string): Promise<Cart> {
  const key = cartKey(cart_id);
  let cart = await carts.get(key);
  if (!cart) {
    cart = { lines: [], updatedAt: Date.now() };
    await carts.set(key, cart);
  }
  return cart;
}

export function addLine(cart: Cart, line: CartLine): CartLine {
  const existing = cart.lines.find((l) => l.sku === line.sku);
  if (existing) {
    existing.quantity += line.quantity;
  } else {
    cart.lines.push({ ...line });
  }
  cart.updatedAt = Date.now();
  return existing ?? line;
}

export function removeLine(cart: Cart, sku: string): boolean {
  const before = cart.lines.length;
  cart.lines = cart.lines.filter((l) => l.sku !== sku);
  cart.updatedAt = Date.now();
  return cart.lines.length < before;
}

export function cartTotalCents(cart: Cart): number {
  return cart.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
}

export async function clearCart(cart_id: string): Promise<void> {
  await carts.delete(cartKey(cart_id));
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
