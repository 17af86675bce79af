/**
 * sse-exported-handlers-mounted-modern-only's endpoint written another way: the handlers are exported by a list at the
 * end of the module, the router is mounted under `/api` (the transport gives clients `/api/messages`, the router's route
 * is `/messages`), and the message route hands the request on through an arrow. With --modern-only the handlers go,
 * with their names in the export list, the routes mounting them (a comment on a route's line too) and the headers
 * middleware only the stream route used; the middleware the router exports stays.
 */
import type { Request, Response } from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { relay } from '../relay.js';
import { logger } from '../logger.js';

function channelFor(sessionId: string): string {
  return `mcp:${sessionId}`;
}

async function handleSseConnection(_req: Request, res: Response): Promise<void> {
  const server = new McpServer({ name: 'notes', version: '2.1.0' });
  const transport = new SSEServerTransport('/api/messages', res);
  logger.info('SSE stream opened', { sessionId: transport.sessionId });
  const unsubscribe = relay.subscribe(channelFor(transport.sessionId), (message) => {
    transport.handleMessage(JSON.parse(message)).catch((error: unknown) => logger.error('relay failed', { error }));
  });
  server.server.onclose = unsubscribe;
  await server.connect(transport);
}

async function handleSseMessage(req: Request, res: Response): Promise<void> {
  const sessionId = req.query.sessionId;
  if (typeof sessionId !== 'string') {
    res.status(400).json({ error: 'sessionId is required' });
    return;
  }
  relay.publish(channelFor(sessionId), JSON.stringify(req.body));
  res.status(202).end();
}

export { channelFor, handleSseConnection, handleSseMessage };
