/**
 * example-remote-server's example apps: one stateless handler on GET, POST and DELETE of /:slug/mcp that
 * picks the server factory per request from a table by the route parameter. createMcpHandler takes one
 * factory, built once, so the handler is not rewritten: one marker says why and what to build instead.
 */
import { Router, type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

function weatherServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool('forecast', { description: 'Tomorrow, roughly.' }, async () => ({ content: [{ type: 'text', text: 'sunny' }] }));
  return server;
}

function clockServer(): McpServer {
  const server = new McpServer({ name: 'clock', version: '1.0.0' });
  server.registerTool('now', { description: 'The time.' }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
  return server;
}

const EXAMPLE_SERVERS: Record<string, () => McpServer> = { weather: weatherServer, clock: clockServer };

export function examplesRouter(): Router {
  const router = Router();

  const handleExample = async (req: Request, res: Response) => {
    const createServer = EXAMPLE_SERVERS[String(req.params.slug)];
    if (!createServer) {
      res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Unknown example server' }, id: null });
      return;
    }
    const server = createServer();
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      transport.close();
      server.close();
    });
    // @mcp-migrate-todo(session-transport/session-id-generator): the server factory is picked per request (`createServer = EXAMPLE_SERVERS[String(req.params.slug)]`), and `createMcpHandler` takes one factory, built once: make one handler per entry of `EXAMPLE_SERVERS` outside the route (or one handler whose factory reads the key from the request it is given, `ctx.requestInfo`) and hand each request to it; the route's own answers (an unknown key) stay. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };

  router.get('/:slug/mcp', handleExample);
  router.post('/:slug/mcp', handleExample);
  router.delete('/:slug/mcp', handleExample);
  return router;
}
