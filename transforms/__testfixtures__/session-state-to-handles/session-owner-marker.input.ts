/**
 * Session ownership (example-remote-server's shape): the owner of each session is recorded when it opens, and later
 * requests are refused unless their caller is that owner. The check is what the project must redo per request (the
 * principal against what the request names), so apply leaves one marker at the check, none at the record, and one at
 * the transport registry (serving plumbing).
 */
import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';

/** Kept in Redis by the project (`session:<id>:owner`). */
declare function setSessionOwner(sessionId: string, userId: string): Promise<void>;
declare function isSessionOwnedBy(sessionId: string, userId: string): Promise<boolean>;

function userIdOf(auth: AuthInfo | undefined): string | undefined {
  return auth?.clientId;
}

const transports = new Map<string, StreamableHTTPServerTransport>();
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const userId = userIdOf((req as express.Request & { auth?: AuthInfo }).auth);
  if (!userId) {
    res.status(401).end();
    return;
  }
  if (sessionId) {
    if (!(await isSessionOwnedBy(sessionId, userId))) {
      res.status(401).end();
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
