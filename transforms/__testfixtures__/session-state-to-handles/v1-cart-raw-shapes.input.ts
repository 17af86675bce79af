/**
 * A small shop: products from a fixed catalogue, one cart per MCP session (SDK v1, `server.tool`).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface CartLine {
  sku: string;
  quantity: number;
}

const PRICES: Record<string, number> = { 'TEA-01': 450, 'MUG-02': 1200, 'POT-03': 3400 };

const carts = new Map<string, CartLine[]>();

export function createShopServer(): McpServer {
  const server = new McpServer({ name: 'tea-shop', version: '1.4.0' });

  server.tool('list_products', async () => ({
    content: [{ type: 'text', text: Object.entries(PRICES).map(([sku, cents]) => `${sku}: ${cents / 100} EUR`).join('\n') }],
  }));

  server.tool(
    'add_item',
    'Add a product to the cart.',
    { sku: z.enum(['TEA-01', 'MUG-02', 'POT-03']), quantity: z.number().int().positive() },
    async ({ sku, quantity }, extra) => {
      const lines = carts.get(extra.sessionId!) ?? [];
      const existing = lines.find((l) => l.sku === sku);
      if (existing) existing.quantity += quantity;
      else lines.push({ sku, quantity });
      carts.set(extra.sessionId!, lines);
      return { content: [{ type: 'text', text: `Added ${quantity} x ${sku}.` }] };
    },
  );

  server.tool('remove_item', { sku: z.string() }, async ({ sku }, extra) => {
    const lines = carts.get(extra.sessionId!) ?? [];
    carts.set(
      extra.sessionId!,
      lines.filter((l) => l.sku !== sku),
    );
    return { content: [{ type: 'text', text: `Removed ${sku}.` }] };
  });

  server.tool('cart_total', 'Total of the cart in euros.', async (extra) => {
    const lines = carts.get(extra.sessionId!) ?? [];
    const cents = lines.reduce((sum, l) => sum + (PRICES[l.sku] ?? 0) * l.quantity, 0);
    return { content: [{ type: 'text', text: `Total: ${(cents / 100).toFixed(2)} EUR` }] };
  });

  server.tool(
    'empty_cart',
    'Remove every item from the cart.',
    {},
    { destructiveHint: true },
    async (_args, extra) => {
      carts.delete(extra.sessionId!);
      return { content: [{ type: 'text', text: 'The cart is empty.' }] };
    },
  );

  return server;
}
