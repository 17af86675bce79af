/**
 * Docs server as a class whose sessions are the application's business: a new session is recorded with the
 * authenticated user in the class's session directory (shown by an admin route), so the transport's
 * lifecycle callback is not registry bookkeeping (SDK v2 imports, 2025-era serving).
 */
import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { isInitializeRequest, McpServer } from '@modelcontextprotocol/server';

interface SessionRecord {
  user: string;
  openedAt: Date;
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'docs', version: '1.4.0' });
  server.registerResource('readme', 'docs://readme', { mimeType: 'text/markdown' }, async (uri) => ({
    contents: [{ uri: uri.href, text: '# Docs' }],
  }));
  return server;
}

export class DocsServer {
  private readonly app: Express = express();
  private readonly transports = new Map<string, NodeStreamableHTTPServerTransport>();
  private readonly directory = new Map<string, SessionRecord>();

  constructor() {
    this.app.use(express.json());
    this.handleMcp = this.handleMcp.bind(this);
    this.app.post('/mcp', this.handleMcp);
    this.app.get('/admin/sessions', (_req: Request, res: Response) => {
      res.json([...this.directory.entries()]);
    });
  }

  private async handleMcp(req: Request, res: Response): Promise<void> {
    const sessionId = req.headers['mcp-session-id'] as string | undefined;
    const existing = sessionId ? this.transports.get(sessionId) : undefined;
    if (existing) {
      await existing.handleRequest(req, res, req.body);
      return;
    }
    if (!isInitializeRequest(req.body)) {
      res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });
      return;
    }
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.transports.set(id, transport);
        // @mcp-migrate-todo(session-transport/session-lifecycle): custom session-lifecycle work in `onsessioninitialized` (uses `this.directory`): there are no sessions to open or close on 2026-07-28. Move setup into the server factory and cleanup into handle expiry. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405). `buildServer` already builds the server: serve with it (a new server per request).
        this.directory.set(id, { user: String(req.headers['x-user'] ?? 'anonymous'), openedAt: new Date() });
      },
    });
    await buildServer().connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  listen(port: number): void {
    this.app.listen(port);
  }
}
