/**
 * The program's only MCP endpoint is HTTP+SSE, in two exported handlers that `../routes/mcp.ts` mounts; the API key is
 * checked by middleware mounted on their paths (`router.use(['/sse', '/messages'], requireApiKey)`). An entry on /mcp
 * would not be behind it, so with --modern-only the endpoint stays, marked with that reason (session 33 review V1).
 */
import type { Request, Response } from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { createBookmarksServer } from '../server.js';

const streams: Record<string, SSEServerTransport> = {};

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (`openStream`, `postMessage`, registry `streams`, deprecated) is the project's only MCP endpoint: with --modern-only it would go, but no Streamable HTTP entry could be written in its place (its routes are guarded by middleware mounted on their paths (`mcpRouter.use(['/sse', '/messages'], requireApiKey)`), which would not run in front of the entry on /mcp), and without one no client could reach the server. Kept: serve 2026-07-28 clients with `createMcpHandler(factory)` mounted with `toNodeHandler`, then remove this endpoint with its routes and registry (or run apply --modern-only again).
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
