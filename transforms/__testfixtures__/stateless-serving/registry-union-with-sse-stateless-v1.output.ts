/**
 * Dice server serving both protocol generations from one process: Streamable HTTP on /mcp and the
 * deprecated HTTP+SSE transport on /sse + /messages. One registry holds the transports of both kinds;
 * each route checks the kind it finds.
 */
import express, { type Request, type Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

function createDiceServer(): McpServer {
  const server = new McpServer({ name: 'dice', version: '0.3.0' });
  server.tool('roll', 'Roll a six-sided die.', async () => ({
    content: [{ type: 'text', text: String(1 + Math.floor(Math.random() * 6)) }],
  }));
  return server;
}

// Every open transport, whichever protocol it speaks, by session id.
const transports: Record<string, SSEServerTransport> = {};

const app = express();
app.use(express.json());

app.all('/mcp', async (req: Request, res: Response) => {
  if (req.method !== 'POST') {
    res.status(405).set('Allow', 'POST').json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    return;
  }
  const server = createDiceServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    console.error('MCP request failed:', error);
    if (!res.headersSent) {
      res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  }
});

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages, deprecated) serves 2025-era clients only. It is sessionful by design: new clients use the Streamable HTTP endpoint; remove its routes (GET /sse, POST /messages) and their transport registry once no client needs them.
app.get('/sse', async (_req: Request, res: Response) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => {
    delete transports[transport.sessionId];
  });
  await createDiceServer().connect(transport);
});

app.post('/messages', async (req: Request, res: Response) => {
  const existing = transports[String(req.query.sessionId)];
  if (!(existing instanceof SSEServerTransport)) {
    res.status(400).send('No SSE session with this id');
    return;
  }
  await existing.handlePostMessage(req, res, req.body);
});

const httpServer = app.listen(3000);

process.on('SIGINT', async () => {
  for (const id in transports) {
    await transports[id]!.close();
    delete transports[id];
  }
  httpServer.close();
});
