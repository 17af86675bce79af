/**
 * A bakery order desk whose tools are named in camelCase (SDK v1).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface Basket {
  items: Map<string, number>;
}

const MENU = ['croissant', 'baguette', 'pain-au-chocolat', 'eclair'] as const;

const baskets = new Map<string, Basket>();

function basketOf(sessionId: string | undefined): Basket {
  const key = sessionId ?? 'local';
  const existing = baskets.get(key);
  if (existing) return existing;
  const basket: Basket = { items: new Map() };
  baskets.set(key, basket);
  return basket;
}

export function createBakeryServer(): McpServer {
  const server = new McpServer({ name: 'bakery', version: '2.2.0' });

  server.registerTool('listMenu', { description: 'What the bakery sells today.' }, async () => ({
    content: [{ type: 'text', text: MENU.join(', ') }],
  }));

  server.registerTool(
    'addToBasket',
    { description: 'Add pastries to the basket.', inputSchema: { item: z.enum(MENU), count: z.number().int().min(1).max(24) } },
    async ({ item, count }, extra) => {
      const basket = basketOf(extra.sessionId);
      basket.items.set(item, (basket.items.get(item) ?? 0) + count);
      return { content: [{ type: 'text', text: `${count} x ${item} added.` }] };
    },
  );

  server.registerTool('viewBasket', { description: 'Show the basket.' }, async (extra) => {
    const basket = basketOf(extra.sessionId);
    const lines = [...basket.items].map(([item, count]) => `${count} x ${item}`);
    return { content: [{ type: 'text', text: lines.join('\n') || 'The basket is empty.' }] };
  });

  return server;
}
