/**
 * Links server on hono, as a class: the app is a field, the MCP routes are arrow-function fields reading
 * `c.req`; web-standard Streamable HTTP, one transport per MCP session (SDK v2 imports, 2025-era serving).
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { isInitializeRequest, McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
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
  private readonly transports = new Map<string, WebStandardStreamableHTTPServerTransport>();

  constructor() {
    this.app.post('/mcp', this.post);
    this.app.get('/mcp', this.session);
    this.app.delete('/mcp', this.session);
    this.app.get('/health', (c) => c.json({ ok: true }));
  }

  private post = async (c: Context) => {
    const sessionId = c.req.header('mcp-session-id');
    const body: unknown = await c.req.json();
    let transport = sessionId ? this.transports.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId || !isInitializeRequest(body)) {
        return c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null }, 400);
      }
      const created = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          this.transports.set(sid, created);
        },
        onsessionclosed: (sid) => {
          this.transports.delete(sid);
        },
      });
      transport = created;
      await createLinksServer().connect(created);
    }
    return transport.handleRequest(c.req.raw, { parsedBody: body });
  };

  private session = async (c: Context) => {
    const sessionId = c.req.header('mcp-session-id');
    const transport = sessionId ? this.transports.get(sessionId) : undefined;
    if (!transport) return c.text('Invalid or missing session ID', 400);
    return transport.handleRequest(c.req.raw);
  };
}
