/**
 * A dev-tools gateway's shape (WinstonFassett/web-dev-mcp, sweep 34 AH7): the HTTP+SSE endpoint (kept for 2025-era
 * clients) keeps `{ transport, server }` per connection in `connections`, and `notifyAll` iterates it to log to every
 * connection. The registry's marker says it is the kept endpoint's, iterated by `notifyAll`, and goes with the
 * endpoint, instead of "replace it with the stateless handler", which the endpoint's own marker contradicts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

function createServerInstance(): McpServer {
  const mcp = new McpServer({ name: 'gateway', version: '0.4.0' });
  mcp.registerTool('status', { description: 'Gateway status' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  return mcp;
}

const connections = new Map<string, { transport: SSEServerTransport; server: McpServer }>();

export function notifyAll(message: string): void {
  for (const { server } of connections.values()) {
    server.server.sendLoggingMessage({ level: 'error', data: message }).catch(() => {});
  }
}

export function createMcpMiddleware(path: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = req.url ?? '';
    if (url.startsWith(`${path}/sse`) && req.method === 'GET') {
      const transport = new SSEServerTransport(`${path}/message`, res);
      const server = createServerInstance();
      connections.set(transport.sessionId, { transport, server });
      transport.onclose = () => {
        connections.delete(transport.sessionId);
      };
      server.connect(transport).catch((err) => console.error(err));
      return;
    }
    if (url.startsWith(`${path}/message`) && req.method === 'POST') {
      const sessionId = new URL(url, 'http://localhost').searchParams.get('sessionId');
      const entry = sessionId ? connections.get(sessionId) : undefined;
      if (!entry) {
        res.statusCode = 400;
        res.end('Invalid or missing sessionId');
        return;
      }
      entry.transport.handlePostMessage(req, res).catch((err) => console.error(err));
      return;
    }
    next();
  };
}
