/**
 * A server built inline in a route registered inside the function that builds the app, from that function's options
 * (`options.name`): a factory at the module's top level would not see them, so nothing is extracted (review 35 A1: the
 * factory was written at the top level, reading `options` out of scope).
 */
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

export interface Options {
  name: string;
  port: number;
}

export function startServer(options: Options) {
  const app = express();
  app.use(express.json());
  app.post('/mcp', async (req, res) => {
    const server = new McpServer({ name: options.name, version: '1.0.0' });
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    // @mcp-migrate-todo(session-state/per-session-server): the server is built inline in the route: extract its construction into `function buildServer() { … return server; }`. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.listen(options.port);
}
