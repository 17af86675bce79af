/**
 * The HTTP endpoint keeps its sessions by hand: the route mints the id, writes it as `Mcp-Session-Id` and checks it
 * on the next request; each request is served by a fresh server over a project transport (no SDK transport to
 * rewrite). The id is also what the tasks layer files the client's tasks under, so the sessions cannot go while the
 * tasks stay: one marker at the header write says so, and the CORS list keeps naming the header.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { buildReportServer } from './server.js';

/** Serves one request on a connected server, under the session id it is given (a project transport over fetch). */
export type ServeRequest = (server: McpServer, request: Request, sessionId: string) => Promise<Response>;

export function createReportApp(serve: ServeRequest): Hono {
  const open = new Set<string>();
  const app = new Hono();
  app.use('*', cors({ origin: '*', allowHeaders: ['Content-Type', 'Mcp-Session-Id'], exposeHeaders: ['Mcp-Session-Id'] }));

  app.delete('/mcp', (c) => {
    const sessionId = c.req.header('mcp-session-id');
    if (!sessionId || !open.delete(sessionId)) return c.json({ error: 'Session not found' }, 404);
    return c.body(null, 204);
  });

  app.post('/mcp', async (c) => {
    const provided = c.req.header('mcp-session-id');
    if (provided && !open.has(provided)) return c.json({ error: 'Session not found' }, 404);
    const sessionId = provided ?? randomUUID();
    const response = await serve(buildReportServer(), c.req.raw, sessionId);
    if (response.ok) {
      open.add(sessionId);
      response.headers.set('Mcp-Session-Id', sessionId);
    }
    return response;
  });

  return app;
}
