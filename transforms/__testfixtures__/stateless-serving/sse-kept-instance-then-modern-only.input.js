// @ts-check
/**
 * The README's HTTP+SSE server after a default run (sse-module-server-kept-instance): the SSE routes kept beside the
 * new entry, connecting the one server `createServer()` builds at module level. `--modern-only` later removes the SSE
 * routes, and that server with them: only the removed routes used it, and the entry builds its own per request.
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createServer() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}
const server = createServer();

const app = express();
/** @type {Record<string, SSEServerTransport>} */
const transports = {};

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages, registry `transports`) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it; 2026-07-28 clients use the Streamable HTTP endpoint this migration added on /mcp (`mcpHandler`). Meanwhile it connects one server instance to every connection's transport: the SDK keeps only the latest, so server→client messages reach the last client; build a server per connection.
app.get('/sse', async (req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => delete transports[transport.sessionId]);
  await server.connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports[String(req.query.sessionId)];
  if (transport) await transport.handlePostMessage(req, res);
  else res.status(400).send('No transport found for sessionId');
});

// Streamable HTTP for 2026-07-28 clients (and 2025-era clients, without sessions)
const mcpHandler = createMcpHandler(createServer);
app.all('/mcp', toNodeHandler(mcpHandler));

app.listen(3001);
