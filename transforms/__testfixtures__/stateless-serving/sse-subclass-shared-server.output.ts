/**
 * CircleCI's unified transport (sweep 10 H1): GET opens an HTTP+SSE stream through a project subclass of the SDK's
 * SSEServerTransport, connected to the one server every request shares. The subclass is that transport: the
 * endpoint is kept for 2025-era clients and marked, and the marker says what its shared server does to them. The
 * POST route, also on the shared server, is marked: no factory builds a server per request.
 */
import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

class DebugSSETransport extends SSEServerTransport {
  override async send(...args: Parameters<SSEServerTransport['send']>) {
    console.error('send', args[0]);
    return super.send(...args);
  }
}

export function startHttp(server: McpServer) {
  const app = express();
  app.use(express.json());

  // @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (GET /mcp) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, each connection is a session, so it stays as it is. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it; 2026-07-28 clients use the Streamable HTTP endpoint. Meanwhile it connects one server instance to every connection's transport: the SDK keeps only the latest, so server→client messages reach the last client; build a server per connection.
  app.get('/mcp', async (_req, res) => {
    const transport = new DebugSSETransport('/mcp', res);
    await server.connect(transport);
  });

  app.post('/mcp', async (req, res) => {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    // @mcp-migrate-todo(session-state/per-session-server): the server is not built in the route by a factory function: extract its construction into `function buildServer() { … return server; }`. Serve the endpoint with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET/DELETE then answer 405) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  app.listen(8000);
}
