/**
 * The route builds, per session, an object holding the session's browser page and hands it to the server's factory
 * (`createServer(new BrowserContext())`, as dgutierrez1/concurrent-playwright-mcp hands its SessionManager; sweep 15
 * N1): `open_page` sets its page, `read_page` reads it back. Built per request it would hold no page on the next call;
 * built once outside the route, every client would share one page. The route is marked, and so is the object where
 * it is built, even with a transport option (DNS-rebinding protection) that a rewrite would have to move as well.
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

function createServer(context: BrowserContext): McpServer {
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
    const context = new BrowserContext();
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: ['127.0.0.1:3000'],
      onsessioninitialized: (id) => {
        transports[id] = transport!;
      },
    });
    await createServer(context).connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
