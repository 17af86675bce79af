/**
 * A shopping cart kept in Redis per MCP session (SDK v1). The client is injected, typed by the few
 * commands we use (ioredis and node-redis both fit).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

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
    { description: 'Add units of a product to the cart.', inputSchema: { sku: z.string(), quantity: z.number().int().min(1) } },
    async ({ sku, quantity }, extra) => {
      const raw = await redis.get(`cart:${extra.sessionId}`);
      const cart: Cart = raw ? (JSON.parse(raw) as Cart) : {};
      cart[sku] = (cart[sku] ?? 0) + quantity;
      await redis.set(`cart:${extra.sessionId}`, JSON.stringify(cart), 'EX', CART_TTL_SECONDS);
      return { content: [{ type: 'text', text: `${sku}: ${cart[sku]}` }] };
    },
  );

  server.registerTool('show_cart', { description: 'Show the cart.' }, async (extra) => {
    const raw = await redis.get(`cart:${extra.sessionId}`);
    const cart: Cart = raw ? (JSON.parse(raw) as Cart) : {};
    const lines = Object.entries(cart).map(([sku, n]) => `${sku} x ${n}`);
    return { content: [{ type: 'text', text: lines.join('\n') || 'The cart is empty.' }] };
  });

  server.registerTool('clear_cart', { description: 'Empty the cart.' }, async (extra) => {
    await redis.del(`cart:${extra.sessionId}`);
    return { content: [{ type: 'text', text: 'Cart cleared.' }] };
  });

  return server;
}
