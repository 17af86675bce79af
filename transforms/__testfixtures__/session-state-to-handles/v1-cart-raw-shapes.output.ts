/**
 * A small shop: products from a fixed catalogue, one cart per MCP session (SDK v1, `server.tool`).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

interface CartLine {
  sku: string;
  quantity: number;
}

const PRICES: Record<string, number> = { 'TEA-01': 450, 'MUG-02': 1200, 'POT-03': 3400 };

const carts = new Map<string, CartLine[]>();

/** cart_id handles (mcp-migrate): minted by create_cart, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const cartHandles = createHandleRegistry({
  prefix: 'cart',
  argument: 'cart_id',
  mintTool: 'create_cart',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => carts.delete(id),
});

export function createShopServer(): McpServer {
  const server = new McpServer({ name: 'tea-shop', version: '1.4.0' });

  server.tool('list_products', async () => ({
    content: [{ type: 'text', text: Object.entries(PRICES).map(([sku, cents]) => `${sku}: ${cents / 100} EUR`).join('\n') }],
  }));

  server.tool(
    'add_item',
    'Add a product to the cart.',
    { sku: z.enum(['TEA-01', 'MUG-02', 'POT-03']), quantity: z.number().int().positive(), cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') },
    async ({ sku, quantity, cart_id }, extra) => {
      const cartDenied = cartHandles.check(cart_id, extra);
      if (cartDenied) return cartDenied;
      const lines = carts.get(cart_id) ?? [];
      const existing = lines.find((l) => l.sku === sku);
      if (existing) existing.quantity += quantity;
      else lines.push({ sku, quantity });
      carts.set(cart_id, lines);
      return { content: [{ type: 'text', text: `Added ${quantity} x ${sku}.` }] };
    },
  );

  server.tool('remove_item', { sku: z.string(), cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') }, async ({ sku, cart_id }, extra) => {
    const cartDenied = cartHandles.check(cart_id, extra);
    if (cartDenied) return cartDenied;
    const lines = carts.get(cart_id) ?? [];
    carts.set(
      cart_id,
      lines.filter((l) => l.sku !== sku),
    );
    return { content: [{ type: 'text', text: `Removed ${sku}.` }] };
  });

  server.tool('cart_total', 'Total of the cart in euros.', { cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') }, async ({ cart_id }, extra) => {
    const cartDenied = cartHandles.check(cart_id, extra);
    if (cartDenied) return cartDenied;
    const lines = carts.get(cart_id) ?? [];
    const cents = lines.reduce((sum, l) => sum + (PRICES[l.sku] ?? 0) * l.quantity, 0);
    return { content: [{ type: 'text', text: `Total: ${(cents / 100).toFixed(2)} EUR` }] };
  });

  server.tool(
    'empty_cart',
    'Remove every item from the cart.',
    { cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') },
    { destructiveHint: true },
    async (_args, extra) => {
      const cartDenied = cartHandles.check(_args.cart_id, extra);
      if (cartDenied) return cartDenied;
      carts.delete(_args.cart_id);
      return { content: [{ type: 'text', text: 'The cart is empty.' }] };
    },
  );

  server.registerTool(
    'create_cart',
    {
      description:
        'Create a new cart and return its cart_id. Pass the cart_id to add_item, remove_item, cart_total and empty_cart. A cart_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_cart again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same cart_id instead of creating a second cart, for as long as that cart_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const cart_id = cartHandles.mint(extra, idempotency_key);
      return {
        content: [{ type: 'text' as const, text: `cart_id: ${cart_id}` }],
        structuredContent: { cart_id },
      };
    },
  );

  return server;
}
