/**
 * --modern-only on an app whose deprecated HTTP+SSE endpoint sits under its own section banner (Klavis-AI/klavis'
 * servers): the endpoint goes with its routes and registry, and so does the banner naming it, which would otherwise
 * stand above nothing (sweep 7 E13). The banner of the Streamable HTTP section stays.
 */
import express from 'express';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'maps', version: '1.0.0' });
  server.registerTool('geocode', { description: 'Geocodes an address.' }, async () => ({ content: [{ type: 'text', text: '52.52,13.40' }] }));
  return server;
}

const app = express();

//=============================================================================
// STREAMABLE HTTP TRANSPORT (PROTOCOL VERSION 2026-07-28)
//=============================================================================

const mcpHandler = createMcpHandler(buildServer);
app.all('/mcp', toNodeHandler(mcpHandler));

//=============================================================================
// DEPRECATED HTTP+SSE TRANSPORT (PROTOCOL VERSION 2024-11-05)
//=============================================================================

// to support multiple simultaneous connections we have a lookup object from
// sessionId to transport
const transports = new Map<string, SSEServerTransport>();

app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  res.on('close', () => {
    transports.delete(transport.sessionId);
  });
  transports.set(transport.sessionId, transport);
  await buildServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports.get(String(req.query.sessionId));
  if (!transport) {
    res.status(404).send({ error: 'Transport not found' });
    return;
  }
  await transport.handlePostMessage(req, res);
});

app.listen(5000, () => {
  console.log('server running on port 5000');
});
