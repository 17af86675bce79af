/**
 * The deprecated HTTP+SSE transport while 2025-era clients are served (the default): kept as it is (the sdk-v2
 * step moves its import to @modelcontextprotocol/server-legacy/sse), with one marker on the route that opens
 * the stream recording the decision; the session ids the endpoint logs and keys its registry with stay. It is the
 * project's only MCP endpoint, so a Streamable HTTP entry, `createMcpHandler(buildServer)` on /mcp, goes after its
 * routes for 2026-07-28 clients.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const app = express();

// One stream per 2025-era client, by the session id its POSTs carry in ?sessionId=
const transports = new Map<string, SSEServerTransport>();

function buildServer(): McpServer {
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
