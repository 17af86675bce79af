/**
 * An HTTP+SSE endpoint with one transport and no registry (mobile-next/mobile-mcp's shape): the stream route keeps
 * the latest transport in a variable and the message route posts to it. Kept for 2025-era clients with one marker;
 * it reads and keys no session id, so the marker does not say it does (sweep 7 E12). It is the project's only MCP
 * endpoint, so a Streamable HTTP entry goes after its routes.
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createMcpServer(): McpServer {
  const server = new McpServer({ name: 'device-control', version: '1.0.0' });
  server.registerTool('list_devices', { description: 'Lists the connected devices.' }, async () => ({ content: [{ type: 'text', text: 'emulator-5554' }] }));
  return server;
}

const app = express();
let transport: SSEServerTransport | undefined;

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /sse, POST /messages) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, each connection is a session, so it stays as it is. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it; 2026-07-28 clients use the Streamable HTTP endpoint this migration added on /mcp (`mcpHandler`).
app.get('/sse', async (_req, res) => {
  transport = new SSEServerTransport('/messages', res);
  await createMcpServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  if (!transport) {
    res.status(400).send('No stream');
    return;
  }
  await transport.handlePostMessage(req, res);
});

// Streamable HTTP for 2026-07-28 clients (and 2025-era clients, without sessions)
const mcpHandler = createMcpHandler(createMcpServer);
app.all('/mcp', toNodeHandler(mcpHandler));

app.listen(3000);
