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
  await redis.set(`session:${sessionId}:owner`, userId);
}

export async function getSessionOwner(sessionId: string): Promise<string | null> {
  return await redis.get(`session:${sessionId}:owner`);
}

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
