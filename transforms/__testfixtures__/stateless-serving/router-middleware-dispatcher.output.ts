/**
 * An express Router module: one handler function mounted on GET, POST and DELETE of /mcp, each mount behind
 * the same middleware (CORS, a bearer check, security headers). The handler opens a session in its
 * `POST && !sessionId && isInitializeRequest` branch and looks later requests up in a Map. The rewrite keeps
 * the middleware in front of the one `all` route. The app mounting the router parses JSON (the handler passes
 * `req.body` on), so the parsed body is handed to the node handler.
 */
import cors from 'cors';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

function createNotesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '0.4.0' });
  server.registerTool('list-notes', { description: 'List the saved notes' }, async () => ({ content: [{ type: 'text', text: '[]' }] }));
  return server;
}

const corsOptions = {
  origin: true,
  methods: ['GET', 'POST', 'DELETE'],
  allowedHeaders: ['Content-Type', 'Authorization'],
};

function requireToken(req: Request, res: Response, next: NextFunction) {
  if (!req.headers.authorization?.startsWith('Bearer ')) {
    res.status(401).json({ error: 'unauthorized' });
    return;
  }
  next();
}

const securityHeaders = (_req: Request, res: Response, next: NextFunction) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};

const mcpHandler = createMcpHandler(createNotesServer, {
  onerror: (error) => console.error('MCP request failed', error),
});
const mcpNodeHandler = toNodeHandler(mcpHandler);

const router = Router();

router.all('/mcp', cors(corsOptions), requireToken, securityHeaders, (req, res) => mcpNodeHandler(req, res, req.body));

export default router;
