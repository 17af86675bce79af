/**
 * An express Router module: one handler function mounted on GET, POST and DELETE of /mcp, each mount behind
 * the same middleware (CORS, a bearer check, security headers). The handler opens a session in its
 * `POST && !sessionId && isInitializeRequest` branch and looks later requests up in a Map. The rewrite keeps
 * the middleware in front of the one `all` route. The app mounting the router parses JSON (the handler passes
 * `req.body` on), so the parsed body is handed to the node handler.
 */
import { randomUUID } from 'node:crypto';
import cors from 'cors';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

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

const transports = new Map<string, NodeStreamableHTTPServerTransport>();

async function handleMcp(req: Request, res: Response) {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  try {
    if (req.method === 'POST' && !sessionId && isInitializeRequest(req.body)) {
      const transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, transport);
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) transports.delete(transport.sessionId);
      };
      await createNotesServer().connect(transport);
      await transport.handleRequest(req, res, req.body);
      return;
    }
    const existing = sessionId ? transports.get(sessionId) : undefined;
    if (!existing) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null });
      return;
    }
    await existing.handleRequest(req, res, req.body);
  } catch (err) {
    console.error('MCP request failed', err);
    if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: null });
  }
}

const router = Router();

router.get('/mcp', cors(corsOptions), requireToken, securityHeaders, handleMcp);
router.post('/mcp', cors(corsOptions), requireToken, securityHeaders, handleMcp);
router.delete('/mcp', cors(corsOptions), requireToken, securityHeaders, handleMcp);

export default router;
