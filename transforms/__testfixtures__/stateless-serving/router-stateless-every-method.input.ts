/**
 * An express router whose one handler is mounted on GET, POST and DELETE of /mcp behind the same
 * middleware, and serves every method with a new server and a `sessionIdGenerator: undefined` transport
 * (already stateless on SDK 1.x, no POST branch): createMcpHandler does exactly that on one `all` route.
 */
import cors from 'cors';
import { Router, type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

function buildServer(): McpServer {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool('forecast', { description: 'Tomorrow, roughly.' }, async () => ({ content: [{ type: 'text', text: 'sunny' }] }));
  return server;
}

export function mcpRouter(): Router {
  const router = Router();
  const corsOptions = { origin: true, methods: ['GET', 'POST', 'DELETE'] };

  // Stateless: each request gets a fresh server and transport.
  const handleMcp = async (req: Request, res: Response) => {
    try {
      const server = buildServer();
      const transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: undefined, // no sessions
      });
      res.on('close', () => {
        transport.close();
        server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      console.error('Error handling MCP request:', error);
      if (!res.headersSent) {
        res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
      }
    }
  };

  router.get('/mcp', cors(corsOptions), handleMcp);
  router.post('/mcp', cors(corsOptions), handleMcp);
  router.delete('/mcp', cors(corsOptions), handleMcp);
  return router;
}
