/**
 * Links server on hono, as a class: the app is a field, the MCP routes are arrow-function fields reading
 * `c.req`; web-standard Streamable HTTP, one transport per MCP session (SDK v2 imports, 2025-era serving).
 */
import { Hono } from 'hono';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function createLinksServer(): McpServer {
  const server = new McpServer({ name: 'links', version: '1.0.0' });
  server.registerTool(
    'shorten',
    { description: 'Shorten a URL.', inputSchema: z.object({ url: z.string().url() }) },
    async ({ url }) => ({ content: [{ type: 'text', text: `https://l.nk/${url.length.toString(36)}` }] }),
  );
  return server;
}

export class LinksApp {
  readonly app = new Hono();

  constructor() {
    const mcpHandler = createMcpHandler(createLinksServer);
    this.app.all('/mcp', (c) => mcpHandler.fetch(c.req.raw));
    this.app.get('/health', (c) => c.json({ ok: true }));
  }
}
