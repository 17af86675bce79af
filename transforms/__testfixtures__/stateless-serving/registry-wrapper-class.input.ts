/**
 * The transport registry lives in a class of the project's (`sessionManager.add/get/exists/remove`, sweep 31 AE2; in
 * a module of its own in test/transforms/registry-wrapper.test.ts): its methods only reach the registry, so the routes'
 * calls of them are session routing, replaced with the routes by `createMcpHandler`; the class, used by nothing then,
 * is left for a person to delete.
 */
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

const greeting = 'Hello from the greeter';

export function createMcpServer(greeting: string): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  server.registerTool('greet', { description: 'Greets the caller' }, async () => ({
    content: [{ type: 'text', text: greeting }],
  }));
  return server;
}

/** The open sessions' transports, by session id (one instance, shared by the routes). */
class SessionManager {
  private transports: Record<string, NodeStreamableHTTPServerTransport> = {};

  add(sessionId: string, transport: NodeStreamableHTTPServerTransport): void {
    this.transports[sessionId] = transport;
  }

  get(sessionId: string): NodeStreamableHTTPServerTransport | null {
    return this.transports[sessionId] || null;
  }

  exists(sessionId: string): boolean {
    return sessionId in this.transports;
  }

  remove(sessionId: string): void {
    delete this.transports[sessionId];
  }
}

const sessionManager = new SessionManager();

const app = express();
app.use(express.json());

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId && sessionManager.exists(sessionId)) {
    const existing = sessionManager.get(sessionId)!;
    await existing.handleRequest(req, res, req.body);
    return;
  }
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      sessionManager.add(id, transport);
    },
  });
  const server = createMcpServer(greeting);
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.delete('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string;
  if (sessionManager.exists(sessionId)) {
    await sessionManager.get(sessionId)!.close();
    sessionManager.remove(sessionId);
  }
  res.status(204).end();
});

app.listen(3000);
