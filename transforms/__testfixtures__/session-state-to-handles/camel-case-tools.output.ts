/**
 * A bakery order desk whose tools are named in camelCase (SDK v1).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

interface Basket {
  items: Map<string, number>;
}

const MENU = ['croissant', 'baguette', 'pain-au-chocolat', 'eclair'] as const;

const baskets = new Map<string, Basket>();

/** basketId handles (mcp-migrate): minted by createBasket, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const basketHandles = createHandleRegistry({
  prefix: 'basket',
  argument: 'basketId',
  mintTool: 'createBasket',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => baskets.delete(id),
});

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
    { description: 'Add pastries to the basket.', inputSchema: { item: z.enum(MENU), count: z.number().int().min(1).max(24), basketId: z.string().max(29).regex(/^basket_[A-Za-z0-9_-]{22}$/, 'Not a basketId: call createBasket to get one.').describe('The basketId returned by createBasket.') } },
    async ({ item, count, basketId }, extra) => {
      const basketDenied = basketHandles.check(basketId, extra);
      if (basketDenied) return basketDenied;
      const basket = basketOf(basketId);
      basket.items.set(item, (basket.items.get(item) ?? 0) + count);
      return { content: [{ type: 'text', text: `${count} x ${item} added.` }] };
    },
  );

  server.registerTool('viewBasket', { description: 'Show the basket.', inputSchema: { basketId: z.string().max(29).regex(/^basket_[A-Za-z0-9_-]{22}$/, 'Not a basketId: call createBasket to get one.').describe('The basketId returned by createBasket.') } }, async ({ basketId }, extra) => {
    const basketDenied = basketHandles.check(basketId, extra);
    if (basketDenied) return basketDenied;
    const basket = basketOf(basketId);
    const lines = [...basket.items].map(([item, count]) => `${count} x ${item}`);
    return { content: [{ type: 'text', text: lines.join('\n') || 'The basket is empty.' }] };
  });

  server.registerTool(
    'createBasket',
    {
      description:
        'Create a new basket and return its basketId. Pass the basketId to addToBasket and viewBasket. A basketId expires after 24 hours without use, and 7 days after it was created however often it is used; then call createBasket again.',
      inputSchema: {
        idempotencyKey: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same basketId instead of creating a second basket, for as long as that basketId lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotencyKey }, extra) => {
      const basketId = basketHandles.mint(extra, idempotencyKey);
      return { content: [{ type: 'text' as const, text: `basketId: ${basketId}` }], structuredContent: { basketId } };
    },
  );

  return server;
}
