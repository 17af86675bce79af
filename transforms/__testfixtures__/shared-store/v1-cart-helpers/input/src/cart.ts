/**
 * Shopping carts. A cart lives as long as the MCP session that filled it.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

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

const carts = new Map<string, Cart>();

function cartKey(extra: ToolExtra): string {
  // stdio has no session id: every call then shares the one local cart.
  return extra.sessionId ?? 'local';
}

export function getCart(extra: ToolExtra): Cart {
  const key = cartKey(extra);
  let cart = carts.get(key);
  if (!cart) {
    cart = { lines: [], updatedAt: Date.now() };
    carts.set(key, cart);
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

export function clearCart(extra: ToolExtra): void {
  carts.delete(cartKey(extra));
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
