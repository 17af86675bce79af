/**
 * Recently viewed products per MCP session; the store has a declared type and a helper that writes.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createRedisHandleRegistry, createRedisStore, type RedisStore, withSharedState } from './mcp-redis-store.js';

type Recent = { skus: string[]; updatedAt: string };

const recents: RedisStore<Recent> = createRedisStore<Recent>({ name: 'recents', ttlMs: 24 * 60 * 60 * 1000 });

/** recent_id handles (mcp-migrate): minted by create_recent, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const recentHandles = createRedisHandleRegistry({
  prefix: 'recent',
  argument: 'recent_id',
  mintTool: 'create_recent',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => recents.delete(id),
});

async function remember(sessionId: string, sku: string): Promise<Recent> {
  const recent = await recents.get(sessionId) ?? { skus: [], updatedAt: '' };
  recent.skus = [sku, ...recent.skus.filter((s) => s !== sku)].slice(0, 5);
  recent.updatedAt = new Date().toISOString();
  await recents.set(sessionId, recent);
  return recent;
}

export function createRecentServer(): McpServer {
  const server = new McpServer({ name: 'recent', version: '1.0.0' });

  server.registerTool('view_product', { description: 'Show a product.', inputSchema: { sku: z.string(), recent_id: z.string().max(29).regex(/^recent_[A-Za-z0-9_-]{22}$/, 'Not a recent_id: call create_recent to get one.').describe('The recent_id returned by create_recent.') } }, withSharedState(async ({ sku, recent_id }, extra) => {
    const recentDenied = await recentHandles.check(recent_id, extra);
    if (recentDenied) return recentDenied;
    const recent = await remember(recent_id, sku);
    return { content: [{ type: 'text', text: `Viewing ${sku}; recently: ${recent.skus.join(', ')}` }] };
  }));

  server.registerTool('forget_recent', { description: 'Forget the recently viewed products.', inputSchema: { recent_id: z.string().max(29).regex(/^recent_[A-Za-z0-9_-]{22}$/, 'Not a recent_id: call create_recent to get one.').describe('The recent_id returned by create_recent.') } }, withSharedState(async ({ recent_id }, extra) => {
    const recentDenied = await recentHandles.check(recent_id, extra);
    if (recentDenied) return recentDenied;
    const existed = await recents.delete(recent_id);
    return { content: [{ type: 'text', text: existed ? 'Forgotten.' : 'Nothing to forget.' }] };
  }));

  server.registerTool(
    'create_recent',
    {
      description:
        'Create a new recent and return its recent_id. Pass the recent_id to view_product and forget_recent. A recent_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_recent again.',
      inputSchema: {
        idempotency_key: z
          .string()
          .max(128)
          .optional()
          .describe(
            'Optional. Retrying with the same key returns the same recent_id instead of creating a second recent, for as long as that recent_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.',
          ),
      },
    },
    async ({ idempotency_key }, extra) => {
      const recent_id = await recentHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `recent_id: ${recent_id}` }], structuredContent: { recent_id } };
    },
  );

  return server;
}
