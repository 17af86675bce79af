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
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  await server.connect(transport);
});

app.listen(3000);
