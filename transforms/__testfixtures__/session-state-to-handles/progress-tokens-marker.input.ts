/**
 * The progress token of the latest request on each SSE connection, kept by the POST route and read back by a tool to
 * send progress (borgius/jobspy-mcp-server's SseManager, sweep 36 AJ1): request metadata, not a credential and not
 * state a tool created → one marker at the store (no handle: the request the tool serves carries its own token).
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';

const transports: Record<string, SSEServerTransport> = {};
const progressTokens: Record<string, string | number | undefined> = {};

const server = new McpServer({ name: 'jobs', version: '1.0.0' });

server.tool('search_jobs', 'Search the job boards', { query: z.string() }, async ({ query }, extra) => {
  const token = progressTokens[extra.sessionId ?? ''];
  if (token !== undefined) {
    await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 50, total: 100 } });
  }
  return { content: [{ type: 'text', text: `jobs matching ${query}` }] };
});

const app = express();
app.use(express.json());
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  res.on('close', () => delete transports[transport.sessionId]);
  await server.connect(transport);
});
app.post('/messages', async (req, res) => {
  const sessionId = String(req.query.sessionId);
  progressTokens[sessionId] = req.body?.params?._meta?.progressToken;
  const transport = transports[sessionId];
  if (!transport) {
    res.status(400).send('unknown session');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
});
app.listen(3000);
