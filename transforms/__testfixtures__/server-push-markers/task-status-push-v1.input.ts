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
