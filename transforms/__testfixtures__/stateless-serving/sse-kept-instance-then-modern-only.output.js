// @ts-check
/**
 * The README's HTTP+SSE server after a default run (sse-module-server-kept-instance): the SSE routes kept beside the
 * new entry, connecting the one server `createServer()` builds at module level. `--modern-only` later removes the SSE
 * routes, and that server with them: only the removed routes used it, and the entry builds its own per request.
 */
import express from 'express';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';

function createServer() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();

// Streamable HTTP for 2026-07-28 clients (and 2025-era clients, without sessions)
const mcpHandler = createMcpHandler(createServer);
app.all('/mcp', toNodeHandler(mcpHandler));

app.listen(3001);
