/**
 * Bookmarks server on hono (hono-sessionful's shape) whose route first checks an API key and answers 401 itself
 * (sweep 12 K1): the check stays in front of the handler's fetch, now for every method of the endpoint.
 */
import { Hono, type Context } from 'hono';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

const bookmarks: string[] = [];
const API_KEY = process.env.BOOKMARKS_KEY ?? '';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'bookmarks', version: '1.0.0' });
  server.registerTool(
    'add_bookmark',
    { description: 'Save a URL.', inputSchema: z.object({ url: z.string().url() }) },
    async ({ url }) => {
      bookmarks.push(url);
      return { content: [{ type: 'text', text: `${bookmarks.length} bookmarks` }] };
    },
  );
  return server;
}

const app = new Hono();

const mcpHandler = createMcpHandler(buildServer);
app.all('/mcp', (c: Context) => {
  if (c.req.header('x-api-key') !== API_KEY) return c.text('Unauthorized', 401);
  return mcpHandler.fetch(c.req.raw);
});

app.get('/health', (c) => c.json({ ok: true }));

export default app;
