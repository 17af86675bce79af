/**
 * Two session-keyed stores in one file: the wishlist moves to Redis, the drafts (whose count a tool
 * reports with `.size`) stay in process with a marker, and both registries keep working.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const wishlists = new Map<string, string[]>();
const drafts = new Map<string, string>();

export function createMixedServer(): McpServer {
  const server = new McpServer({ name: 'mixed', version: '1.0.0' });

  server.registerTool('wish', { description: 'Add a SKU to the wishlist.', inputSchema: { sku: z.string() } }, async ({ sku }, extra) => {
    const list = wishlists.get(extra.sessionId ?? 'local') ?? [];
    list.push(sku);
    wishlists.set(extra.sessionId ?? 'local', list);
    return { content: [{ type: 'text', text: `${list.length} wished.` }] };
  });

  server.registerTool('save_draft', { description: 'Save a review draft.', inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    drafts.set(extra.sessionId ?? 'local', text);
    return { content: [{ type: 'text', text: `Saved; ${drafts.size} drafts on this server.` }] };
  });

  return server;
}
