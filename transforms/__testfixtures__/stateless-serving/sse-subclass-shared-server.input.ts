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

  app.get('/mcp', async (_req, res) => {
    const transport = new DebugSSETransport('/mcp', res);
    await server.connect(transport);
  });

  app.post('/mcp', async (req, res) => {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  app.listen(8000);
}
