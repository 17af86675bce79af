/**
 * Two servers of one package, started apart (`node dist/sse-server.js`, `node dist/http-server.js`): this one serves
 * HTTP+SSE only, the other Streamable HTTP. They share a module of types that names `StreamableHTTPServerTransport`
 * in a type and serves nothing. With --modern-only this program's endpoint is its only one: its stream route becomes
 * the 2026-07-28 entry, as if the other program did not exist (it runs in another process).
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import type { Closable } from './types.js';

function createServer(): McpServer {
  const server = new McpServer({ name: 'sse-ping', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());
const transports: Record<string, SSEServerTransport & Closable> = {};

app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => {
    delete transports[transport.sessionId];
  });
  await createServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports[String(req.query.sessionId)];
  if (!transport) {
    res.status(404).send('Session not found');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
});

app.listen(3000);
