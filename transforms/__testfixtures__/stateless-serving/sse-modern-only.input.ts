/**
 * The deprecated HTTP+SSE transport with --modern-only (no 2025-era client is served): a marker to remove the
 * endpoint, nothing rewritten.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const app = express();
const transports = new Map<string, SSEServerTransport>();

function buildServer(): McpServer {
  return new McpServer({ name: 'legacy-sse', version: '1.0.0' });
}

app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports.set(transport.sessionId, transport);
  res.on('close', () => transports.delete(transport.sessionId));
  await buildServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports.get(String(req.query.sessionId));
  if (!transport) {
    res.status(400).send('Unknown session');
    return;
  }
  await transport.handlePostMessage(req, res);
});

app.listen(3000);
