/**
 * The deprecated HTTP+SSE endpoint, the program's only MCP endpoint: two exported handlers that `../routes/mcp.ts`
 * mounts behind its API-key check. By default they stay for 2025-era clients, and the 2026-07-28 entry
 * (`createMcpHandler(createBookmarksServer)`) is mounted after their routes there, behind the same check.
 */
import type { Request, Response } from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { createBookmarksServer } from '../server.js';

const streams: Record<string, SSEServerTransport> = {};

// @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (`openStream`, `postMessage`, registry `streams`) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` removes it; 2026-07-28 clients use the Streamable HTTP endpoint this migration added on /mcp in `routes/mcp.ts` (`mcpHandler`).
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
