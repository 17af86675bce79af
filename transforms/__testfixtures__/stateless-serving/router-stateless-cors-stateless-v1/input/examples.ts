/**
 * Example servers mounted at /:slug/mcp by a module class that builds its own Router. Each request already
 * gets a fresh server and a `sessionIdGenerator: undefined` transport (the SDK 1.x stateless idiom), but the
 * CORS options still name Mcp-Session-Id, which nothing here mints: it leaves both lists. The handler and its
 * three mounts (behind the same middleware) stay as they are.
 */
import cors from 'cors';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

function createClockServer(): McpServer {
  const server = new McpServer({ name: 'clock', version: '1.0.0' });
  server.registerTool('now', { description: 'The current time' }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
  return server;
}

function createDiceServer(): McpServer {
  const server = new McpServer({ name: 'dice', version: '1.0.0' });
  server.registerTool('roll', { description: 'Roll a die' }, async () => ({ content: [{ type: 'text', text: String(1 + Math.floor(Math.random() * 6)) }] }));
  return server;
}

const EXAMPLES: Record<string, () => McpServer> = {
  clock: createClockServer,
  dice: createDiceServer,
};

export class ExamplesModule {
  private readonly router: Router;

  constructor() {
    this.router = this.buildRouter();
  }

  getRouter(): Router {
    return this.router;
  }

  private buildRouter(): Router {
    const router = Router();

    const corsOptions = {
      origin: true,
      methods: ['GET', 'POST', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Mcp-Protocol-Version', 'Mcp-Session-Id'],
      exposedHeaders: ['Mcp-Protocol-Version', 'Mcp-Session-Id'],
    };

    const noSniff = (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      next();
    };

    // Stateless: a fresh server and transport per request.
    const handleExample = async (req: Request, res: Response) => {
      const create = EXAMPLES[String(req.params.slug)];
      if (!create) {
        res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Unknown example server' }, id: null });
        return;
      }
      try {
        const server = create();
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
        });
        res.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        await transport.handleRequest(req, res, req.body);
      } catch (error) {
        console.error('Error handling example request:', error);
        if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
      }
    };

    router.get('/:slug/mcp', cors(corsOptions), noSniff, handleExample);
    router.post('/:slug/mcp', cors(corsOptions), noSniff, handleExample);
    router.delete('/:slug/mcp', cors(corsOptions), noSniff, handleExample);

    return router;
  }
}
