/**
 * A long export on SDK 1.x (--target stateless-v1) that reports its progress through the low-level
 * server: once tied to its request by `relatedRequestId`, once without (the standalone stream, gone on
 * 2026-07-28). Both move onto the request; a list-changed notification is not about this request and
 * stays as it is.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'exports', version: '1.0.0' });

  server.registerTool('export_rows', { description: 'Export rows in batches.', inputSchema: { batches: z.number().int().min(1) } }, async ({ batches }, extra) => {
    const progressToken = extra._meta?.progressToken;
    for (let done = 1; done <= batches; done++) {
      if (progressToken !== undefined) {
        await server.server.notification(
          {
            method: 'notifications/progress',
            params: { progress: done, total: batches, progressToken },
          },
          { relatedRequestId: extra.requestId },
        );
      }
    }
    await server.server.notification({ method: 'notifications/resources/list_changed' });
    return { content: [{ type: 'text', text: `exported ${batches} batches` }] };
  });

  server.registerTool('warm_cache', { description: 'Warm the cache.' }, async (extra) => {
    const progressToken = extra._meta?.progressToken;
    // Reported on the standalone stream before: nothing carries it on 2026-07-28.
    if (progressToken !== undefined) await server.server.notification({ method: 'notifications/progress', params: { progress: 1, total: 1, progressToken } });
    return { content: [{ type: 'text', text: 'warm' }] };
  });

  return server;
}
