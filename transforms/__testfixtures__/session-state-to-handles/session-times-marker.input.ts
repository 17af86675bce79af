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
  private clients: Record<string, UpstreamClient> = {};

  // sessionId -> when the session started
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
    if (transport.sessionId) void pool.detach(transport.sessionId);
  };
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
