/**
 * One sessionful transport for the whole server, made in a helper that also mounts the routes
 * (iris-eval/mcp-server's `createHttpTransport()`): there is no session registry, so the marker names none.
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

export async function createHttpTransport(port: number): Promise<{ transport: NodeStreamableHTTPServerTransport; httpServer: Server }> {
  const app = express();
  app.use(express.json());
  // @mcp-migrate-todo(session-transport/session-id-generator): the transport is created in the helper `createHttpTransport()` (called from `serve()`), not in a route handler: replace the helper and the routing that calls it with one stateless endpoint by hand. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  app.post('/mcp', async (req, res) => {
    await transport.handleRequest(req, res, req.body);
  });
  app.get('/mcp', async (req, res) => {
    await transport.handleRequest(req, res);
  });
  const httpServer = app.listen(port);
  return { transport, httpServer };
}

export async function serve(mcpServer: McpServer, port: number): Promise<Server> {
  const { transport, httpServer } = await createHttpTransport(port);
  await mcpServer.connect(transport);
  return httpServer;
}
