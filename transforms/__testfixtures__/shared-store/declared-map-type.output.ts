/**
 * Recently viewed products per MCP session; the store has a declared type and a helper that writes.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createRedisHandleRegistry, createRedisStore, type RedisStore, withSharedState } from './mcp-redis-store.js';

type Recent = { skus: string[]; updatedAt: string };

const recents: RedisStore<Recent> = createRedisStore<Recent>({ name: 'recents', ttlMs: 24 * 60 * 60 * 1000 });

/** recent_id handles (mcp-migrate): minted by create_recent, bound to the caller, expire after 24 hours idle. */
const recentHandles = createRedisHandleRegistry({
  prefix: 'recent',
  argument: 'recent_id',
  mintTool: 'create_recent',
  ttlMs: 24 * 60 * 60 * 1000,
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

  server.registerTool('view_product', { description: 'Show a product.', inputSchema: { sku: z.string(), recent_id: z.string().describe('The recent_id returned by create_recent.') } }, withSharedState(async ({ sku, recent_id }, extra) => {
    const recentDenied = await recentHandles.check(recent_id, extra);
    if (recentDenied) return recentDenied;
    const recent = await remember(recent_id, sku);
    return { content: [{ type: 'text', text: `Viewing ${sku}; recently: ${recent.skus.join(', ')}` }] };
  }));

  server.registerTool('forget_recent', { description: 'Forget the recently viewed products.', inputSchema: { recent_id: z.string().describe('The recent_id returned by create_recent.') } }, withSharedState(async ({ recent_id }, extra) => {
    const recentDenied = await recentHandles.check(recent_id, extra);
    if (recentDenied) return recentDenied;
    const existed = await recents.delete(recent_id);
    return { content: [{ type: 'text', text: existed ? 'Forgotten.' : 'Nothing to forget.' }] };
  }));

  server.registerTool(
    'create_recent',
    {
      description: 'Create a new recent and return its recent_id. Pass the recent_id to view_product and forget_recent. A recent_id expires after 24 hours without use; then call create_recent again.',
      inputSchema: { idempotency_key: z.string().optional().describe('Optional. Retrying with the same key returns the same recent_id instead of creating a second recent.') },
    },
    async ({ idempotency_key }, extra) => {
      const recent_id = await recentHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `recent_id: ${recent_id}` }], structuredContent: { recent_id } };
    },
  );

  return server;
}
