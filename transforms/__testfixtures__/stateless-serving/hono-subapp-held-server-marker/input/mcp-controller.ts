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
  await container.mcpServer.connect(transport);
  return transport.handleRequest(c);
});

export default routes;
