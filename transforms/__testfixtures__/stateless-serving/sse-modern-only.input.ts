/**
 * The deprecated HTTP+SSE transport with --modern-only (no 2025-era client is served): the endpoint goes, its
 * /sse and /messages routes, the registry only they use and the session ids they log with them. It was the
 * project's only MCP endpoint, so its GET /sse route becomes the 2026-07-28 entry, `createMcpHandler(buildServer,
 * { legacy: 'reject' })` on /mcp, serving the servers the exported factory builds.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const app = express();

// One stream per 2025-era client, by the session id its POSTs carry in ?sessionId=
const transports = new Map<string, SSEServerTransport>();

export function buildServer(): McpServer {
  return new McpServer({ name: 'legacy-sse', version: '1.0.0' });
}

app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports.set(transport.sessionId, transport);
  console.error('SSE client connected', transport.sessionId);
  res.on('close', () => {
    console.error('SSE client disconnected', transport.sessionId);
    transports.delete(transport.sessionId);
  });
  await buildServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const sessionId = String(req.query.sessionId);
  const transport = transports.get(sessionId);
  if (!transport) {
    console.error('No SSE stream for session', sessionId);
    res.status(400).send('Unknown session');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
});

app.listen(3000);
