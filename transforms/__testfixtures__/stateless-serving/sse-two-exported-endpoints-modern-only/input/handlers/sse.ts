/**
 * The deprecated HTTP+SSE endpoint as two exported handlers that the router in `../index.ts` mounts (the shape of
 * example-remote-server): the stream opens here, and the messages posted to `/messages` reach it through a relay
 * channel, so that any instance can take a POST. With --modern-only both handlers go, with the routes mounting them,
 * the relay helper only they use and the import of them; the Streamable HTTP endpoint stays.
 */
import type { Request, Response } from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { relay } from '../relay.js';
import { logger } from '../logger.js';

function channelFor(sessionId: string): string {
  return `mcp:${sessionId}`;
}

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
