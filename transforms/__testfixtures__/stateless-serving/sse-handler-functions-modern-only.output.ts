/**
 * The exported HTTP+SSE handler functions with --modern-only: the application mounts or calls them elsewhere, so
 * removing them is a person's change: one marker on the handler that opens the stream, nothing rewritten.
 */
import type { Request, Response } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

const logger = {
  info: (message: string, fields: Record<string, unknown>) => console.log(message, JSON.stringify(fields)),
};

const streams: Record<string, SSEServerTransport> = {};

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (`handleSseConnection`, `handleSseMessage`, registry `streams`, deprecated) serves 2025-era clients only, and --modern-only serves none: not removed automatically because its handler `handleSseConnection` is exported: other modules may mount or call it (none of the files migrated here does); remove it with those handlers, their mounts and the registry. Its program has no Streamable HTTP endpoint yet: serve 2026-07-28 clients with `createMcpHandler(buildServer)` (mounted with `toNodeHandler`) before removing it, or no client can reach the server.
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
