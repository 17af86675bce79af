/**
 * The exported HTTP+SSE handlers of sse-exported-handlers-mounted-modern-only, but the router hands the stream
 * handler to a wrapper of its own (`withDeadline(handleSseConnection)`): what the wrapper does with it is the
 * project's code, so with --modern-only the endpoint is marked with that reason, and nothing is removed.
 */
import type { Request, Response } from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { relay } from '../relay.js';
import { logger } from '../logger.js';

function channelFor(sessionId: string): string {
  return `mcp:${sessionId}`;
}

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (`handleSseConnection`, deprecated) serves 2025-era clients only, and --modern-only serves none: not removed automatically because its handler `handleSseConnection` is passed on (`withDeadline(handleSseConnection)` in `index.ts`), not called: what receives it decides when it runs; remove it with those handlers, their mounts and the registry. 2026-07-28 clients use the program's Streamable HTTP endpoint, once it serves them with `createMcpHandler` (see its rewrite or marker).
export async function handleSseConnection(_req: Request, res: Response): Promise<void> {
  const server = new McpServer({ name: 'notes', version: '2.1.0' });
  const transport = new SSEServerTransport('/messages', res);
  logger.info('SSE stream opened', { sessionId: transport.sessionId });
  const unsubscribe = relay.subscribe(channelFor(transport.sessionId), (message) => {
    transport.handleMessage(JSON.parse(message)).catch((error: unknown) => logger.error('relay failed', { error }));
  });
  server.server.onclose = unsubscribe;
  await server.connect(transport);
}

export async function handleSseMessage(req: Request, res: Response): Promise<void> {
  const sessionId = req.query.sessionId;
  if (typeof sessionId !== 'string') {
    res.status(400).json({ error: 'sessionId is required' });
    return;
  }
  relay.publish(channelFor(sessionId), JSON.stringify(req.body));
  res.status(202).end();
}
