// @ts-check
/**
 * The SDK README's HTTP+SSE server: one McpServer built at module level, connected to each stream's transport. By
 * default the SSE routes stay for 2025-era clients and a Streamable HTTP entry is added beside them: its factory is
 * extracted from the server's construction, and the module-level server stays, built by that factory, for the SSE
 * routes that still connect it (sweep 19 S1: the binding was removed while the kept route used it). Written as the
 * sdk-v2 step leaves it: McpServer from SDK v2, the SSE transport still SDK 1.x's.
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
