/**
 * A pool of upstream clients per session with the time each session began beside it (metamcp's McpServerPool
 * shape): the serving layer fills both when a session starts and a timer reads the times to close old sessions.
 * The times are bookkeeping of the session → their own marker saying they go with it; the pool keeps the marker
 * of a store no tool reaches.
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface UpstreamClient {
  serverId: string;
  close(): Promise<void>;
}

function connectUpstream(serverId: string): UpstreamClient {
  return { serverId, close: async () => undefined };
}

const MAX_SESSION_AGE_MS = 30 * 60 * 1000;

export class UpstreamClientPool {
  // sessionId -> the upstream client opened for it
  // @mcp-migrate-todo(session-state/keyed-store): `this.clients` is keyed by the session id, but no tool reaches it, so no tool can carry a handle for it. If it is bookkeeping of the serving layer (a connection, server or timestamp per session), it goes with the sessions when serving becomes stateless: 2026-07-28 has no session to key it by, so key what must outlive a request by what that layer still has (the caller's identity from authInfo, a tenant or namespace) or make it per request. If a resource or prompt handler reads it, pass what the handler needs in that request (its URI or arguments) instead of the session id.
  private clients: Record<string, UpstreamClient> = {};

  // sessionId -> when the session started
  // @mcp-migrate-todo(session-state/keyed-store): `this.startedAt` records when each session began or was last used: bookkeeping of the session (its age, its idle time), not state a tool reads back, so it needs no handle. It goes with the session: 2026-07-28 has no session to time or expire, so remove it, with the calls that feed and sweep it, when serving becomes stateless (keep it only for the 2025-era sessions still served).
  private startedAt: Record<string, number> = {};

  attach(sessionId: string, serverId: string): UpstreamClient {
    const opened = connectUpstream(serverId);
    this.clients[sessionId] = opened;
    this.startedAt[sessionId] = Date.now();
    return opened;
  }

  async detach(sessionId: string): Promise<void> {
    await this.clients[sessionId]?.close();
    delete this.clients[sessionId];
    delete this.startedAt[sessionId];
  }

  isExpired(sessionId: string): boolean {
    const started = this.startedAt[sessionId];
    return started !== undefined && Date.now() - started > MAX_SESSION_AGE_MS;
  }
}

const pool = new UpstreamClientPool();

function buildServer(): McpServer {
  const server = new McpServer({ name: 'aggregator', version: '3.0.0' });
  server.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sessionId) => {
      pool.attach(sessionId, 'default');
    },
  });
  transport.onclose = () => {
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `this.clients` and `this.startedAt`, kept by apply and marked with what to do about them. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with those markers: when the stores go, or are re-keyed, this read goes with them; until then it serves only 2025-era clients (stdio, server-legacy).
    if (transport.sessionId) void pool.detach(transport.sessionId);
  };
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
