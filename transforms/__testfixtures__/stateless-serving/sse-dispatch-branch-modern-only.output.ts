/**
 * A plain node:http listener dispatching by path (playwright-mcp's shape) with --modern-only: one branch hands
 * `/sse` requests and a map of streams to an HTTP+SSE handler function, the other serves Streamable HTTP
 * statelessly. No 2025-era client is served: the handler function, its map and its branch go; the listener
 * hands every request to the stateless handler.
 */
import http from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';

function clockServer(): McpServer {
  const server = new McpServer({ name: 'clock', version: '3.0.0' });
  server.registerTool('now', { description: 'The time, ISO 8601' }, async () => ({ content: [{ type: 'text', text: new Date().toISOString() }] }));
  return server;
}

const modern = toNodeHandler(createMcpHandler(clockServer));

export function listen(port: number): http.Server {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    await modern(req, res);
  });
  return server.listen(port);
}
