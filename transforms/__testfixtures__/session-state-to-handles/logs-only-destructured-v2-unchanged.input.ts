/**
 * SDK v2: the context has no `requestId` (it is `ctx.mcpReq.id`), so a destructured session id that is
 * only logged is left for a person (the finding stays) rather than renamed to a field that does not exist.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function createSlugServer(): McpServer {
  const server = new McpServer({ name: 'slugs', version: '1.0.0' });

  server.registerTool(
    'slugify',
    { description: 'Turn a title into a URL slug.', inputSchema: z.object({ title: z.string() }) },
    async ({ title }, { sessionId }) => {
      const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      console.log(`[${sessionId}] slugify`, { length: slug.length });
      return { content: [{ type: 'text', text: slug }] };
    },
  );

  return server;
}
