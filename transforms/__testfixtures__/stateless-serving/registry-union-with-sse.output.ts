/**
 * Dice server serving both protocol generations from one process: Streamable HTTP on /mcp and the
 * deprecated HTTP+SSE transport on /sse + /messages. One registry holds the transports of both kinds;
 * each route checks the kind it finds.
 */
import express, { type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

function createDiceServer(): McpServer {
  const server = new McpServer({ name: 'dice', version: '0.3.0' });
  server.registerTool('roll', { description: 'Roll a six-sided die.' }, async () => ({
    content: [{ type: 'text', text: String(1 + Math.floor(Math.random() * 6)) }],
  }));
  return server;
}

// Every open transport, whichever protocol it speaks, by session id.
const transports: Record<string, SSEServerTransport> = {};

const app = express();
app.use(express.json());

const mcpHandler = createMcpHandler(createDiceServer, {
  onerror: (error) => console.error('MCP request failed:', error),
});
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it; 2026-07-28 clients use the Streamable HTTP endpoint.
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
  await mcpHandler.close();
  for (const id in transports) {
    await transports[id]!.close();
    delete transports[id];
  }
  httpServer.close();
});
