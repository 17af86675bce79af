/**
 * A get-or-create `create_cart` that starts a missing cart as `{ items: [] }` and reads `items`, which `add_item` also
 * writes (review 41 S41-5): it reads what it starts itself, so it stays the minting tool.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry, withHandle } from './mcp-handles.js';

type Cart = { items: string[] };
const carts = new Map<string, Cart>();

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

export function buildServer(): McpServer {
  const server = new McpServer({ name: 's1', version: '1.0.0' });

  server.registerTool('create_cart', { description: 'Create a cart (or return the current one). Returns a cart_id: pass it to add_item. A cart_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_cart again.', inputSchema: { idempotency_key: z.string().max(128).optional().describe('Optional. Retrying with the same key returns the same cart_id instead of creating a second cart, for as long as that cart_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.') } },
    async (_args, extra) => {
      const cart_id = cartHandles.mint(extra, _args.idempotency_key);
      const cart = carts.get(cart_id) ?? { items: [] };
      carts.set(cart_id, cart);
      return withHandle({ content: [{ type: 'text', text: `cart with ${cart.items.length} items` }] }, { cart_id });
    });

  server.registerTool('add_item', { description: 'Add an item.', inputSchema: { item: z.string(), cart_id: z.string().max(27).regex(/^cart_[A-Za-z0-9_-]{22}$/, 'Not a cart_id: call create_cart to get one.').describe('The cart_id returned by create_cart.') } },
    async ({ item, cart_id }, extra) => {
      const cartDenied = cartHandles.check(cart_id, extra);
      if (cartDenied) return cartDenied;
      const cart = carts.get(cart_id) ?? { items: [] };
      cart.items = [...cart.items, item];
      carts.set(cart_id, cart);
      return { content: [{ type: 'text', text: `${cart.items.length} items` }] };
    });

  return server;
}
