/**
 * The deprecated HTTP+SSE endpoint, the program's only MCP endpoint: two exported handlers that `../routes/mcp.ts`
 * mounts behind its API-key check. With --modern-only they go, and the stream route there becomes the 2026-07-28
 * entry (`createMcpHandler(createBookmarksServer)`), behind the same check.
 */
import type { Request, Response } from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { createBookmarksServer } from '../server.js';

const streams: Record<string, SSEServerTransport> = {};

export async function openStream(_req: Request, res: Response): Promise<void> {
  const transport = new SSEServerTransport('/messages', res);
  streams[transport.sessionId] = transport;
  res.on('close', () => {
    delete streams[transport.sessionId];
  });
  await createBookmarksServer().connect(transport);
}

export async function postMessage(req: Request, res: Response): Promise<void> {
  const transport = streams[String(req.query.sessionId)];
  if (!transport) {
    res.status(404).send('Unknown stream');
    return;
  }
  await transport.handlePostMessage(req, res, req.body);
}
