/**
 * An express router whose one handler is mounted on GET, POST and DELETE of /mcp behind the same
 * middleware, and serves every method with a new server and a `sessionIdGenerator: undefined` transport
 * (already stateless on SDK 1.x, no POST branch): createMcpHandler does exactly that on one `all` route.
 */
import cors from 'cors';
import { Router } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool('forecast', { description: 'Tomorrow, roughly.' }, async () => ({ content: [{ type: 'text', text: 'sunny' }] }));
  return server;
}

export function mcpRouter(): Router {
  const router = Router();
  const corsOptions = { origin: true, methods: ['GET', 'POST', 'DELETE'] };

  // Stateless: each request gets a fresh server and transport.
  const mcpHandler = createMcpHandler(buildServer, {
    onerror: (error) => console.error('Error handling MCP request:', error),
  });
  const mcpNodeHandler = toNodeHandler(mcpHandler);

  router.all('/mcp', cors(corsOptions), (req, res) => mcpNodeHandler(req, res, req.body));
  return router;
}
