/**
 * The handler destructures the session id from its context parameter and only logs it (SDK v1).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function createSlugServer(): McpServer {
  const server = new McpServer({ name: 'slugs', version: '1.0.0' });

  server.registerTool(
    'slugify',
    { description: 'Turn a title into a URL slug.', inputSchema: { title: z.string() } },
    async ({ title }, { requestId, signal }) => {
      if (signal.aborted) return { content: [{ type: 'text', text: 'Cancelled.' }], isError: true };
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      console.log(`[${requestId}] slugify`, { requestId, length: slug.length });
      return { content: [{ type: 'text', text: slug }] };
    },
  );

  return server;
}
