/**
 * A second HTTP+SSE endpoint mounted by the same router as `sse.ts`'s, its stream route behind the same `sseHeaders`
 * middleware. With --modern-only both endpoints go, and the middleware with the last of their routes: the router's
 * removals are written once both endpoints are planned (a middleware left unused by two removals is found then).
 */
import type { Request, Response } from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { relay } from '../relay.js';
import { logger } from '../logger.js';

function channelFor(sessionId: string): string {
  return `mcp:${sessionId}`;
}

export async function handleSse2Connection(_req: Request, res: Response): Promise<void> {
  const server = new McpServer({ name: 'notes', version: '2.1.0' });
  const transport = new SSEServerTransport('/messages2', res);
  logger.info('SSE stream opened', { sessionId: transport.sessionId });
  const unsubscribe = relay.subscribe(channelFor(transport.sessionId), (message) => {
    transport.handleMessage(JSON.parse(message)).catch((error: unknown) => logger.error('relay failed', { error }));
  });
  server.server.onclose = unsubscribe;
  await server.connect(transport);
}

export async function handleSse2Message(req: Request, res: Response): Promise<void> {
  const sessionId = req.query.sessionId;
  if (typeof sessionId !== 'string') {
    res.status(400).json({ error: 'sessionId is required' });
    return;
  }
  relay.publish(channelFor(sessionId), JSON.stringify(req.body));
  res.status(202).end();
}
