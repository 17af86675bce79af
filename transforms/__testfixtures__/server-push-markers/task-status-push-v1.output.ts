import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'exporter', version: '1.0.0' });

/** Exports run in the background; the client hears about them as they finish. */
async function runExport(exportId: string, table: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 10));
  await server.server.notification({
    method: 'notifications/message',
    params: { level: 'info', data: `export ${exportId} of ${table} done` },
  });
  // @mcp-migrate-todo(server-push/standalone-notification): this notification goes on the session's standalone stream (no relatedRequestId), which 2026-07-28 removes: send progress on the request it is about (ctx.mcpReq.notify inside the handler), report work that outlives the request through the Tasks extension (tasks/get), and list changes through handler.notify.* (HTTP) or the instance's send*ListChanged() under serveStdio. It still reaches 2025-era clients while they are served.
  await server.server.notification({ method: 'notifications/export/done', params: { exportId } });
}

server.registerTool(
  'start_export',
  { description: 'Export a table in the background', inputSchema: { table: z.string() } },
  async ({ table }) => {
    const exportId = `exp_${table}`;
    void runExport(exportId, table);
    return { content: [{ type: 'text', text: exportId }] };
  },
);

export { server };
