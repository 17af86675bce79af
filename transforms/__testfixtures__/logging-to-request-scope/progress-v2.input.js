// @ts-check
/**
 * Progress on SDK v2 (plain JavaScript): the low-level send tied to its request by relatedRequestId
 * becomes the request-scoped ctx.mcpReq.notify.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer() {
  const server = new McpServer({ name: 'reindex', version: '1.0.0' });

  server.registerTool('reindex', { description: 'Rebuild the search index.', inputSchema: z.object({ shards: z.number().int().min(1) }) }, async ({ shards }, ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken;
    for (let shard = 1; shard <= shards; shard++) {
      if (progressToken !== undefined) {
        await server.server.notification({ method: 'notifications/progress', params: { progress: shard, total: shards, progressToken } }, { relatedRequestId: ctx.mcpReq.id });
      }
    }
    return { content: [{ type: 'text', text: `reindexed ${shards} shards` }] };
  });

  return server;
}
