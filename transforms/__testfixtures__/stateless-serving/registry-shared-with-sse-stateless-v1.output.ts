/**
 * Weather server: modern Streamable HTTP on /mcp beside the deprecated HTTP+SSE endpoint for older
 * clients, both kept in one registry object (one map per transport kind).
 */
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

// Open transports, per kind, by session id.
const transports = {
  sse: {} as Record<string, SSEServerTransport>,
};

function createWeatherServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.tool('forecast', 'Tomorrow, in one word.', async () => ({ content: [{ type: 'text', text: 'sunny' }] }));
  return server;
}

const app = express();
app.use(express.json());

// Streamable HTTP (2025-03-26 and later)
app.all('/mcp', async (req, res) => {
  if (req.method !== 'POST') {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    return;
  }
  const server = createWeatherServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  try {
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch (error) {
    console.error('Error handling MCP request:', error);
    if (!res.headersSent) {
      res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  }
});

// HTTP+SSE (2024-11-05) for older clients
// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages, deprecated) serves 2025-era clients only. It is sessionful by design: new clients use the Streamable HTTP endpoint; remove its routes (GET /sse, POST /messages) and their transport registry once no client needs them.
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
