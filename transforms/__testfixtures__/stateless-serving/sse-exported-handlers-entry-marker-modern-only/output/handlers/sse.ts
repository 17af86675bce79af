/**
 * The program's only MCP endpoint is HTTP+SSE, in two exported handlers that `../app.ts` mounts; the server they
 * serve is built by a factory this module keeps to itself. With --modern-only the entry would go where the stream
 * route is, in `../app.ts`, and call that factory from there: it cannot import it, so the endpoint stays, marked
 * with that reason.
 */
import type { Request, Response } from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const transports = new Map<string, SSEServerTransport>();

function buildTimeServer(): McpServer {
  const server = new McpServer({ name: 'clock', version: '0.3.0' });
  server.registerTool('now', { description: 'The current time, ISO 8601.' }, async () => ({
    content: [{ type: 'text', text: new Date().toISOString() }],
  }));
  return server;
}

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (`sseHandler`, `messagesHandler`, registry `transports`, deprecated) is the project's only MCP endpoint: with --modern-only it would go, but no Streamable HTTP entry could be written in its place (the factory `buildTimeServer` is declared in the module of its handlers without `export`, so `app.ts` cannot import it: export it, then run apply again), and without one no client could reach the server. Kept: serve 2026-07-28 clients with `createMcpHandler(factory)` mounted with `toNodeHandler`, then remove this endpoint with its routes and registry (or run apply --modern-only again).
export async function sseHandler(_req: Request, res: Response): Promise<void> {
  const transport = new SSEServerTransport('/messages', res);
  transports.set(transport.sessionId, transport);
  res.on('close', () => transports.delete(transport.sessionId));
  await buildTimeServer().connect(transport);
}

export async function messagesHandler(req: Request, res: Response): Promise<void> {
  const transport = transports.get(String(req.query.sessionId));
  if (!transport) {
    res.status(400).json({ error: 'No transport for this session' });
    return;
  }
  await transport.handlePostMessage(req, res);
}
