// @ts-check
/**
 * The deprecated HTTP+SSE transport on SDK 1.x (JavaScript).
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const server = new McpServer({ name: 'sse', version: '1.0.0' });
/** @type {Record<string, SSEServerTransport>} */
const transports = {};
const app = express();

app.get('/sse', async (_req, res) => {
  // @mcp-migrate-todo(session-transport/sse-transport): SSEServerTransport (HTTP+SSE, deprecated) serves 2025 clients only: serve with createMcpHandler(factory) + toNodeHandler; keep @modelcontextprotocol/server-legacy/sse only if old clients still need this endpoint.
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  // @mcp-migrate-todo(session-transport/sse-transport): SSEServerTransport (HTTP+SSE, deprecated) serves 2025 clients only: serve with createMcpHandler(factory) + toNodeHandler; keep @modelcontextprotocol/server-legacy/sse only if old clients still need this endpoint.
  await server.connect(transport);
});

app.listen(3000);
