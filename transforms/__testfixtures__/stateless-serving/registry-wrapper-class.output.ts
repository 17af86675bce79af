/**
 * The transport registry lives in a class of the project's (`sessionManager.add/get/exists/remove`, sweep 31 AE2; in
 * a module of its own in test/transforms/registry-wrapper.test.ts): its methods only reach the registry, so the routes'
 * calls of them are session routing, replaced with the routes by `createMcpHandler`; the class, used by nothing then,
 * is left for a person to delete.
 */
import express from 'express';
import {
  NodeStreamableHTTPServerTransport,
  toNodeHandler,
} from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';

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

const mcpHandler = createMcpHandler(() => createMcpServer(greeting));
const mcpNodeHandler = toNodeHandler(mcpHandler);
app.all('/mcp', (req, res) => mcpNodeHandler(req, res, req.body));

app.listen(3000);
