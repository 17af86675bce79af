/**
 * A get-or-create `create_cart` that starts a missing cart as `{ items: [] }` and reads `items`, which `add_item` also
 * writes (review 41 S41-5): it reads what it starts itself, so it stays the minting tool.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type Cart = { items: string[] };
const carts = new Map<string, Cart>();

export function buildServer(): McpServer {
  const server = new McpServer({ name: 's1', version: '1.0.0' });

  server.registerTool('create_cart', { description: 'Create a cart (or return the current one).', inputSchema: {} },
    async (_args, extra) => {
      const cart = carts.get(extra.sessionId!) ?? { items: [] };
      carts.set(extra.sessionId!, cart);
      return { content: [{ type: 'text', text: `cart with ${cart.items.length} items` }] };
    });

  server.registerTool('add_item', { description: 'Add an item.', inputSchema: { item: z.string() } },
    async ({ item }, extra) => {
      const cart = carts.get(extra.sessionId!) ?? { items: [] };
      cart.items = [...cart.items, item];
      carts.set(extra.sessionId!, cart);
      return { content: [{ type: 'text', text: `${cart.items.length} items` }] };
    });

  return server;
}
