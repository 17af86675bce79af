/**
 * The session's server comes from a factory that builds, with it, an object holding the session's browser page
 * (browserbase's `new Context(…)` in `serverList.create()`): `open_page` sets its page, `read_page` reads it back.
 * A server built per request would build a new context, with no page, on every call, so the route is marked and so
 * is the object where it is built (scan reports both).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { z } from 'zod';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

class BrowserContext {
  private page: { url: string; html: string } | null = null;

  async open(url: string): Promise<void> {
    const response = await fetch(url);
    this.page = { url, html: await response.text() };
  }

  read(): string {
    return this.page ? `${this.page.url}: ${this.page.html.length} bytes` : 'No page open: call open_page first.';
  }
}

function createServer(): McpServer {
  // @mcp-migrate-todo(session-state/per-session-server): `new BrowserContext(…)` is built with each session's server and its fields change after it is built: what it holds lives as long as the session, and a server built per request would build it afresh on every call. The serving code that builds a server per session is left as it is until that state has another home (marked at its `connect`).
  const context = new BrowserContext();
  const server = new McpServer({ name: 'browser', version: '1.0.0' });
  server.registerTool('open_page', { description: 'Open a page.', inputSchema: z.object({ url: z.string().url() }) }, async ({ url }) => {
    await context.open(url);
    return { content: [{ type: 'text', text: `opened ${url}` }] };
  });
  server.registerTool('read_page', { description: 'Read the open page.' }, async () => ({
    content: [{ type: 'text', text: context.read() }],
  }));
  return server;
}

const transports: Record<string, NodeStreamableHTTPServerTransport> = {};
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    if (sessionId || !isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport!;
      },
    });
    // @mcp-migrate-todo(session-state/per-session-server): the server's factory `createServer()` keeps `new BrowserContext(…)`, whose fields change after it is built: state one call leaves for the next, which lives as long as each session's server today and would start afresh on every call with a server built per request. Move that state to an explicit handle the tools take (minted by the tool that starts it, `<noun>_id`, checked against the caller) or key it by the caller's identity (authInfo); what holds nothing a later call needs can be made per request. Then serve with a factory. Serve the endpoint with `createMcpHandler(createServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405).
    await createServer().connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
