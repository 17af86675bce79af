/**
 * playwright-mcp's shape: the transport is connected in `onsessioninitialized` by a function of the
 * project that builds a backend (a browser, say) from the factory it is handed, once per session.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import type { Transport } from '@modelcontextprotocol/server';

interface Backend {
  name: string;
  visit(url: string): Promise<string>;
}
type BackendFactory = () => Backend;

function createServer(backend: Backend): McpServer {
  const server = new McpServer({ name: backend.name, version: '1.0.0' });
  server.registerTool('visit', { description: 'Opens a page in the backend of this connection.' }, async () => ({
    content: [{ type: 'text', text: await backend.visit('about:blank') }],
  }));
  return server;
}

// One backend per connection: its tools share it.
export async function connect(backendFactory: BackendFactory, transport: Transport): Promise<void> {
  const backend = backendFactory();
  const server = createServer(backend);
  await server.connect(transport);
}

async function handleStreamable(backendFactory: BackendFactory, req: http.IncomingMessage, res: http.ServerResponse, sessions: Map<string, NodeStreamableHTTPServerTransport>) {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) {
    const transport = sessions.get(sessionId);
    if (!transport) {
      res.statusCode = 404;
      res.end('Session not found');
      return;
    }
    return await transport.handleRequest(req, res);
  }

  if (req.method === 'POST') {
    // @mcp-migrate-todo(session-transport/session-id-generator): the server is connected in `onsessioninitialized` by `connect(backendFactory, transport)` (declared in this file), a function of this project that calls `backendFactory()` and builds the server there, once per session: the sessions carry what that call builds (one object per connection, shared by its requests), and a stateless endpoint would build it on every request. It is not rewritten; once that object is behind a handle (or holds nothing between requests), extract the server's construction into a factory. Serve the endpoint with `toNodeHandler(createMcpHandler(buildServer))` from the request listener (route other paths before it; GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: async (id) => {
        await connect(backendFactory, transport);
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await transport.handleRequest(req, res);
    return;
  }

  res.statusCode = 400;
  res.end('Invalid request');
}

export function startHttpTransport(httpServer: http.Server, backendFactory: BackendFactory): void {
  const sessions = new Map<string, NodeStreamableHTTPServerTransport>();
  httpServer.on('request', async (req, res) => {
    await handleStreamable(backendFactory, req, res, sessions);
  });
}
