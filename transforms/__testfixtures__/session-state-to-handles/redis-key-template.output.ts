/**
 * A shopping cart kept in Redis per MCP session (SDK v1). The client is injected, typed by the few
 * commands we use (ioredis and node-redis both fit).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

/** cart_id handles (mcp-migrate): minted by create_cart, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const cartHandles = createHandleRegistry({
  prefix: 'cart',
  argument: 'cart_id',
  mintTool: 'create_cart',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
});

export interface RedisLike {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'EX', seconds: number): Promise<unknown>;
  del(key: string): Promise<number>;
}

type Cart = Record<string, number>;

const CART_TTL_SECONDS = 3600;

export function createCartServer(redis: RedisLike): McpServer {
  const server = new McpServer({ name: 'redis-cart', version: '0.4.0' });

  server.registerTool(
    'add_to_cart',
    { description: 'Add units of a product to the cart.', inputSchema: { sku: z.string(), quantity: z.number().int().min(1), cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') } },
    async ({ sku, quantity, cart_id }, extra) => {
      const cartDenied = cartHandles.check(cart_id, extra);
      if (cartDenied) return cartDenied;
      const raw = await redis.get(`cart:${cart_id}`);
      const cart: Cart = raw ? (JSON.parse(raw) as Cart) : {};
      cart[sku] = (cart[sku] ?? 0) + quantity;
      await redis.set(`cart:${cart_id}`, JSON.stringify(cart), 'EX', CART_TTL_SECONDS);
      return { content: [{ type: 'text', text: `${sku}: ${cart[sku]}` }] };
    },
  );

  server.registerTool('show_cart', { description: 'Show the cart.', inputSchema: { cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') } }, async ({ cart_id }, extra) => {
    const cartDenied = cartHandles.check(cart_id, extra);
    if (cartDenied) return cartDenied;
    const raw = await redis.get(`cart:${cart_id}`);
    const cart: Cart = raw ? (JSON.parse(raw) as Cart) : {};
    const lines = Object.entries(cart).map(([sku, n]) => `${sku} x ${n}`);
    return { content: [{ type: 'text', text: lines.join('\n') || 'The cart is empty.' }] };
  });

  server.registerTool('clear_cart', { description: 'Empty the cart.', inputSchema: { cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') } }, async ({ cart_id }, extra) => {
    const cartDenied = cartHandles.check(cart_id, extra);
    if (cartDenied) return cartDenied;
    await redis.del(`cart:${cart_id}`);
    return { content: [{ type: 'text', text: 'Cart cleared.' }] };
  });

  server.registerTool(
    'create_cart',
    {
      description:
        'Create a new cart and return its cart_id. Pass the cart_id to add_to_cart, show_cart and clear_cart. A cart_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_cart again.',
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
      return { content: [{ type: 'text' as const, text: `cart_id: ${cart_id}` }], structuredContent: { cart_id } };
    },
  );

  return server;
}
