/**
 * A hono endpoint that keeps its own sessions: no SDK transport mints the id, the route does, writes it as
 * `Mcp-Session-Id` and checks it on the next request (cyanheads' template over `@hono/mcp`; here a project
 * relay). One marker at the header write, for the endpoint; the CORS list beside it keeps the header, marked.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { McpServer } from '@modelcontextprotocol/server';

/** Hands a request to the session's server (a project class over the SDK server, no SDK transport). */
interface Relay {
  server(sessionId: string): McpServer;
  handle(request: Request, sessionId: string): Promise<Response>;
}

export function createApp(relay: Relay): Hono {
  const sessions = new Set<string>();
  const app = new Hono();
  // @mcp-migrate-todo(session-transport/session-header): CORS names Mcp-Session-Id for the sessionful endpoints this migration kept (server.ts, marked there): keep it while they mint session ids, then drop it from the list, and allow the headers modern clients send (Mcp-Method, Mcp-Name, MCP-Protocol-Version, Mcp-Param-*).
  app.use('*', cors({ origin: '*', allowHeaders: ['Content-Type', 'Mcp-Session-Id'], exposeHeaders: ['Mcp-Session-Id'] }));

  app.delete('/mcp', (c) => {
    const sessionId = c.req.header('mcp-session-id');
    if (!sessionId || !sessions.delete(sessionId)) return c.json({ error: 'Session not found' }, 404);
    return c.body(null, 204);
  });

  app.post('/mcp', async (c) => {
    const provided = c.req.header('mcp-session-id');
    if (provided && !sessions.has(provided)) return c.json({ error: 'Session not found' }, 404);
    const sessionId = provided ?? randomUUID();
    const response = await relay.handle(c.req.raw, sessionId);
    if (response.ok) {
      sessions.add(sessionId);
      // @mcp-migrate-todo(session-transport/session-id-generator): This endpoint sends its own `Mcp-Session-Id` (a session id it mints or relays, not one from an SDK transport) and keeps its sessions by hand, so it is not rewritten automatically: drop the header, the session checks and the DELETE session route with the sessions. Serve the endpoint with `app.all('/mcp', (c) => handler.fetch(c.req.raw))` and `const handler = createMcpHandler(buildServer)` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
      response.headers.set('Mcp-Session-Id', sessionId);
    }
    return response;
  });

  return app;
}
