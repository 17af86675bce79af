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
// @mcp-migrate-todo(session-state/keyed-store): `progressTokens` keeps per session the progressToken of a request's _meta, keyed by the session id, which a 2026-07-28 request does not have (the lookup finds nothing there, so whatever it feeds is skipped). The request a handler serves carries its own: read it there (ctx.mcpReq._meta?.progressToken, and send the progress with ctx.mcpReq.notify(…)), then drop this map and what fills it.
const progressTokens: Record<string, string | number | undefined> = {};

const server = new McpServer({ name: 'jobs', version: '1.0.0' });

server.tool('search_jobs', 'Search the job boards', { query: z.string() }, async ({ query }, extra) => {
  // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `progressTokens`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is '' (the fallback), so all such requests share that one entry. Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
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
