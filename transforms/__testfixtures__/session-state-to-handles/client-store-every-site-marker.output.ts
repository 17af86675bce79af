/**
 * Session ownership kept in Redis by helpers of the serving layer (no tool reaches it), written in one function and
 * read in another. No tool can carry a handle for it, so apply marks it — at each keyed call, so that every site scan
 * reports is explained where it stands, the first with the advice and the others pointing at it.
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export interface RedisLike {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<unknown>;
}

declare const redis: RedisLike;

export async function setSessionOwner(sessionId: string, userId: string): Promise<void> {
  // Written once, when the session opens.
  // @mcp-migrate-todo(session-state/keyed-store): `redis` is keyed by the session id here too: one store, marked with what to do about it in `getSessionOwner()`. Resolve this call together with that marker.
  await redis.set(`session:${sessionId}:owner`, userId);
}

export async function getSessionOwner(sessionId: string): Promise<string | null> {
  // @mcp-migrate-todo(session-state/keyed-store): `redis` is keyed by the session id, but no tool reaches it, so no tool can carry a handle for it. If it is bookkeeping of the serving layer (a connection, server or timestamp per session), it goes with the sessions when serving becomes stateless: 2026-07-28 has no session to key it by, so key what must outlive a request by what that layer still has (the caller's identity from authInfo, a tenant or namespace) or make it per request. If a resource or prompt handler reads it, pass what the handler needs in that request (its URI or arguments) instead of the session id.
  return await redis.get(`session:${sessionId}:owner`);
}

// @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
const transports = new Map<string, StreamableHTTPServerTransport>();
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const userId = String(req.headers['x-user-id'] ?? '');
  if (sessionId) {
    if ((await getSessionOwner(sessionId)) !== userId) {
      res.status(403).end();
      return;
    }
    await transports.get(sessionId)?.handleRequest(req, res, req.body);
    return;
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: async (sid) => {
      transports.set(sid, transport);
      await setSessionOwner(sid, userId);
    },
  });
  const server = new McpServer({ name: 'owned', version: '1.0.0' });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
