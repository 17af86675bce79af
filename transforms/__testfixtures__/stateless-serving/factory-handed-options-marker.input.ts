/**
 * factory-handed-object-marker with the object handed in an options object (`createServer({ context })`, destructured
 * by the factory) and passed on to the helper that registers the tools (`registerPageTools(server, context)`): the
 * tools still change the session's page, so the route is marked and so is the object, not told to build the object
 * once outside the route (which would share one page between all clients).
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

function registerPageTools(server: McpServer, context: BrowserContext): void {
  server.registerTool('open_page', { description: 'Open a page.', inputSchema: z.object({ url: z.string().url() }) }, async ({ url }) => {
    await context.open(url);
    return { content: [{ type: 'text', text: `opened ${url}` }] };
  });
  server.registerTool('read_page', { description: 'Read the open page.' }, async () => ({
    content: [{ type: 'text', text: context.read() }],
  }));
}

function createServer({ context }: { context: BrowserContext }): McpServer {
  const server = new McpServer({ name: 'browser', version: '1.0.0' });
  registerPageTools(server, context);
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
    await createServer({ context }).connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
