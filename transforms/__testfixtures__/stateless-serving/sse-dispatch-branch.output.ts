/**
 * A plain node:http listener dispatching by path (playwright-mcp's shape) while 2025-era clients are served:
 * the HTTP+SSE handler function and its branch are kept (server-legacy), one marker on the handler saying
 * `--modern-only` removes it with its branch and its map of streams.
 */
import http from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

function clockServer(): McpServer {
  const server = new McpServer({ name: 'clock', version: '3.0.0' });
  server.registerTool('now', { description: 'The time, ISO 8601' }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
  return server;
}

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (`serveSse`) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it; 2026-07-28 clients use the Streamable HTTP endpoint.
async function serveSse(req: http.IncomingMessage, res: http.ServerResponse, url: URL, streams: Map<string, SSEServerTransport>) {
  if (req.method === 'GET') {
    const transport = new SSEServerTransport('/sse', res);
    streams.set(transport.sessionId, transport);
    res.on('close', () => streams.delete(transport.sessionId));
    await clockServer().connect(transport);
    return;
  }
  const stream = streams.get(url.searchParams.get('sessionId') ?? '');
  if (!stream) {
    res.statusCode = 404;
    res.end('No such stream');
    return;
  }
  await stream.handlePostMessage(req, res);
}

const modern = toNodeHandler(createMcpHandler(clockServer));

export function listen(port: number): http.Server {
  // @mcp-migrate-todo(session-transport/transport-registry): `streams` holds the streams of the HTTP+SSE endpoint kept for 2025-era clients (`serveSse`, marked at its route): it stays with that endpoint, and `mcp-migrate apply --modern-only` removes both.
  const streams = new Map<string, SSEServerTransport>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/sse')) {
      await serveSse(req, res, url, streams);
    } else {
      await modern(req, res);
    }
  });
  return server.listen(port);
}
