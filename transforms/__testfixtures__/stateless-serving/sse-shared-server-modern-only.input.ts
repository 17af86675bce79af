/**
 * The only MCP endpoint is HTTP+SSE with one stream at a time (mobile-next/mobile-mcp): the server is built once at the
 * top of the function that starts the HTTP server, from a factory, and only the GET route connects it. With
 * --modern-only the endpoint goes, and that factory serves the 2026-07-28 entry in its place; the server built for
 * the routes alone goes with them. The stdio start keeps its own server, which `serveStdio` builds from the factory.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

export function createMcpServer(): McpServer {
  return new McpServer({ name: 'mobile', version: '1.0.0' });
}

export async function startSseServer(host: string, port: number) {
  const app = express();
  const server = createMcpServer();

  let transport: SSEServerTransport | null = null;

  app.post('/mcp', (req, res) => {
    if (transport) {
      transport.handlePostMessage(req, res);
    }
  });

  app.get('/mcp', (_req, res) => {
    if (transport) {
      res.status(409).json({ error: 'Another client is already connected.' });
      return;
    }
    transport = new SSEServerTransport('/mcp', res);
    transport.onclose = () => {
      transport = null;
    };
    void server.connect(transport);
  });

  app.listen(port, host);
}

export async function startStdioServer() {
  const transport = new StdioServerTransport();
  const server = createMcpServer();
  await server.connect(transport);
}
