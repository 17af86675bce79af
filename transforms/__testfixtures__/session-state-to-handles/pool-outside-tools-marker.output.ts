/**
 * A pool keyed by the session id that no tool reaches (metamcp's McpServerPool shape): the serving layer keeps an
 * upstream connection per session, opened when the session starts and closed with it. No tool can carry a handle
 * for it, so apply leaves one marker at the pool saying where it goes instead of asking to re-key it by a handle.
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface Upstream {
  url: string;
  close(): Promise<void>;
}

function openUpstream(url: string): Upstream {
  return { url, close: async () => undefined };
}

export class UpstreamPool {
  // @mcp-migrate-todo(session-state/keyed-store): `this.upstreams` is keyed by the session id, but no tool reaches it, so no tool can carry a handle for it. If it is bookkeeping of the serving layer (a connection, server or timestamp per session), it goes with the sessions when serving becomes stateless: 2026-07-28 has no session to key it by, so key what must outlive a request by what that layer still has (the caller's identity from authInfo, a tenant or namespace) or make it per request. If a resource or prompt handler reads it, pass what the handler needs in that request (its URI or arguments) instead of the session id.
  private readonly upstreams = new Map<string, Upstream>();

  open(sessionId: string, url: string): void {
    this.upstreams.set(sessionId, openUpstream(url));
  }

  async release(sessionId: string): Promise<void> {
    await this.upstreams.get(sessionId)?.close();
    this.upstreams.delete(sessionId);
  }
}

const pool = new UpstreamPool();

function buildServer(): McpServer {
  const server = new McpServer({ name: 'proxy', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sessionId) => pool.open(sessionId, 'http://upstream.example/mcp'),
  });
  transport.onclose = () => {
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `this.upstreams`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    if (transport.sessionId) void pool.release(transport.sessionId);
  };
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
