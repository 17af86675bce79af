/**
 * Weather server: modern Streamable HTTP on /mcp beside the deprecated HTTP+SSE endpoint for older
 * clients, both kept in one registry object whose type is written out as an annotation (jae-jae/fetcher-mcp's
 * shape): the checker declares `transports.streamable` by the annotation's member.
 */
import express from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

// Open transports, per kind, by session id.
const transports: {
  sse: Record<string, SSEServerTransport>;
} = {
  sse: {},
};

function createWeatherServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool('forecast', { description: 'Tomorrow, in one word.' }, async () => ({ content: [{ type: 'text', text: 'sunny' }] }));
  return server;
}

const app = express();
app.use(express.json());

// Streamable HTTP (2025-03-26 and later)
const mcpHandler = createMcpHandler(createWeatherServer);
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

// HTTP+SSE (2024-11-05) for older clients
// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it; 2026-07-28 clients use the Streamable HTTP endpoint.
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports.sse[transport.sessionId] = transport;
  res.on('close', () => {
    delete transports.sse[transport.sessionId];
  });
  await createWeatherServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports.sse[String(req.query.sessionId)];
  if (!transport) {
    res.status(400).send('No SSE transport for this session');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
});

app.listen(3000);
