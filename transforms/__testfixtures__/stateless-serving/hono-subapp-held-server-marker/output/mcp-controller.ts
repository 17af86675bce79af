/**
 * A Hono sub-app mounted at /mcp by the application (sweep 19 S4): its route is `app.all('/')`, and it connects the one
 * server the container holds to a stateless transport per request. The marker says so (not "built inline in the
 * route"), names the constructor as the factory, and mounts the entry on the sub-app's own path, `/`.
 */
import { StreamableHTTPTransport } from '@hono/mcp';
import { Hono } from 'hono';
import { container } from './container.js';

const app = new Hono();

const routes = app.all('/', async (c) => {
  const transport = new StreamableHTTPTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  // @mcp-migrate-todo(session-state/per-session-server): the server is `container.mcpServer`, one server held by an object and connected to every request, not built in the route: the entry needs a factory that builds a new server each time (`() => new AskServer()` builds one; `buildServer` below). Serve the endpoint with `app.all('/', (c) => handler.fetch(c.req.raw))` and `const handler = createMcpHandler(buildServer)` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  await container.mcpServer.connect(transport);
  return transport.handleRequest(c);
});

export default routes;
