/**
 * The only MCP endpoint is HTTP+SSE with one stream at a time (mobile-next/mobile-mcp): the server is built once at the
 * top of the function that starts the HTTP server, from a factory, and only the GET route connects it. With
 * --modern-only the endpoint goes, and that factory serves the 2026-07-28 entry in its place; the server built for
 * the routes alone goes with them. The stdio start keeps its own server, which `serveStdio` builds from the factory.
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { toNodeHandler } from '@modelcontextprotocol/node';

export function createMcpServer(): McpServer {
  return new McpServer({ name: 'mobile', version: '1.0.0' });
}

export async function startSseServer(host: string, port: number) {
  const app = express();

  const mcpHandler = createMcpHandler(createMcpServer, { legacy: 'reject' });
  app.all('/mcp', toNodeHandler(mcpHandler));

  app.listen(port, host);
}

export async function startStdioServer() {
  serveStdio(createMcpServer, { legacy: 'reject' });
}
