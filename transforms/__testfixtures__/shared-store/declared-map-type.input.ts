/**
 * Recently viewed products per MCP session; the store has a declared type and a helper that writes.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type Recent = { skus: string[]; updatedAt: string };

const recents: Map<string, Recent> = new Map();

function remember(sessionId: string, sku: string): Recent {
  const recent = recents.get(sessionId) ?? { skus: [], updatedAt: '' };
  recent.skus = [sku, ...recent.skus.filter((s) => s !== sku)].slice(0, 5);
  recent.updatedAt = new Date().toISOString();
  recents.set(sessionId, recent);
  return recent;
}

export function createRecentServer(): McpServer {
  const server = new McpServer({ name: 'recent', version: '1.0.0' });

  server.registerTool('view_product', { description: 'Show a product.', inputSchema: { sku: z.string() } }, async ({ sku }, extra) => {
    const recent = remember(extra.sessionId ?? 'local', sku);
    return { content: [{ type: 'text', text: `Viewing ${sku}; recently: ${recent.skus.join(', ')}` }] };
  });

  server.registerTool('forget_recent', { description: 'Forget the recently viewed products.' }, async (extra) => {
    const existed = recents.delete(extra.sessionId ?? 'local');
    return { content: [{ type: 'text', text: existed ? 'Forgotten.' : 'Nothing to forget.' }] };
  });

  return server;
}
