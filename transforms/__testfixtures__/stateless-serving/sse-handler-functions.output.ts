/**
 * The HTTP+SSE endpoint as exported handler functions the application mounts elsewhere (example-remote-server's
 * shape), with a logger that records the session id: kept for 2025-era clients, one marker on the handler that
 * opens the stream; the other handler and the session ids both log are covered by it.
 */
import type { Request, Response } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const logger = {
  info: (message: string, fields: Record<string, unknown>) => console.log(message, JSON.stringify(fields)),
};

const streams: Record<string, SSEServerTransport> = {};

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (`handleSseConnection`, `handleSseMessage`, registry `streams`) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, remove it with those handlers, their mounts and the registry; the project has no Streamable HTTP endpoint yet: serve 2026-07-28 clients with `createMcpHandler(factory)` (mounted with `toNodeHandler`) (not added automatically: its handler `handleSseConnection` is exported: other modules may mount or call it (none of the files migrated here does)).
export async function handleSseConnection(_req: Request, res: Response): Promise<void> {
  const server = new McpServer({ name: 'remote', version: '2.1.0' });
  const transport = new SSEServerTransport('/message', res);
  streams[transport.sessionId] = transport;
  logger.info('SSE stream opened', { sessionId: transport.sessionId });
  server.server.onclose = () => {
    logger.info('SSE stream closed', { sessionId: transport.sessionId });
    delete streams[transport.sessionId];
  };
  await server.connect(transport);
}

export async function handleSseMessage(req: Request, res: Response): Promise<void> {
  const transport = streams[String(req.query.sessionId)];
  if (!transport) {
    res.status(404).end('Session not found');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
}
