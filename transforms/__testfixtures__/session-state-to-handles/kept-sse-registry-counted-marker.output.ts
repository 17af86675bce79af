/**
 * An agent desktop app's shape: the HTTP+SSE endpoint (kept for 2025-era clients) finds its streams in `transports`,
 * and a health route counts them: the registry is the endpoint's, and its marker says so instead of telling the
 * owner to replace it with the stateless handler (which the endpoint's own marker contradicts).
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'agent', version: '1.0.0' });
  server.registerTool('hello', { inputSchema: { who: z.string() } }, async ({ who }) => ({
    content: [{ type: 'text', text: `hi ${who}` }],
  }));
  return server;
}

const app = express();
// @mcp-migrate-todo(session-transport/transport-registry): the session registry of this file's HTTP+SSE endpoint, kept for 2025-era clients (its marker says what removes it), and otherwise only counted (`Object.keys(transports).length`): it is that endpoint's (its SSE streams are found by session id), not plumbing the stateless handler replaces. It stays while the endpoint does; when the endpoint goes, it goes with it and each count becomes 0.
const transports: Record<string, SSEServerTransport> = {};

app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => delete transports[transport.sessionId]);
  await buildServer().connect(transport);
});

app.post('/messages', async (req, res) => {
  const transport = transports[req.query.sessionId as string];
  if (transport) await transport.handlePostMessage(req, res);
  else res.status(404).end();
});

app.get('/health', (_req, res) => {
  res.json({ status: 'ok', activeClients: Object.keys(transports).length });
});

app.listen(3000);
