/**
 * Bookmarks server on hono: web-standard Streamable HTTP, one transport per MCP session
 * (SDK v2 imports, 2025-era serving).
 */
import { Hono } from 'hono';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

const bookmarks: string[] = [];

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
app.all('/mcp', (c) => mcpHandler.fetch(c.req.raw));

app.get('/health', (c) => c.json({ ok: true }));

export default app;
