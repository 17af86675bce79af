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
  // @mcp-migrate-todo(session-transport/session-header): CORS names Mcp-Session-Id for the sessionful endpoints this migration kept (http.ts, marked there): keep it while they mint session ids, then drop it from the list, and allow the headers modern clients send (Mcp-Method, Mcp-Name, MCP-Protocol-Version, Mcp-Param-*).
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
      // @mcp-migrate-todo(session-transport/session-id-generator): This endpoint sends its own `Mcp-Session-Id` (a session id it mints or relays, not one from an SDK transport) and keeps its sessions by hand. They stay for now: the project gives SDK 1.x's tasks layer a task store (`taskStore` at server.ts:12), and that layer files each task under the session id of the transport that created it and lets only that session read it, so without the session a task started by one request could not be read by the next. The sessions go with the tasks layer (SDK v2 has none: move the tasks to the tasks extension, owned by the caller); then drop the header, the session checks, the session store and the DELETE session route. This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x's. On SDK 1.x, serve each POST with a new server from `buildServer()` and a new transport with `sessionIdGenerator: undefined` (`await server.connect(transport); return transport.handleRequest(c.req.raw)` with a `WebStandardStreamableHTTPServerTransport` (`transport.handleRequest(c)` with @hono/mcp's `StreamableHTTPTransport`), both closed when the response closes), and answer GET and DELETE with 405 (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
      response.headers.set('Mcp-Session-Id', sessionId);
    }
    return response;
  });

  return app;
}
