import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-state/session-auth.js';

const SERVING = `import express from 'express';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
`;

ruleTester(rule, {
  valid: [
    {
      name: 'the session id and the caller identity passed to different calls; the identity alone checked per request',
      code: `${SERVING}const transports = new Map<string, StreamableHTTPServerTransport>();
declare function audit(user: unknown): void;
declare function touch(sessionId: string): void;
const app = express();
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (!(req as any).auth) return res.status(401).end();
  audit((req as any).auth);
  if (sessionId) touch(sessionId);
  await transports.get(sessionId!)?.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'the session id passed with something that is not identity (a config value named like one is not read off a request)',
      code: `${SERVING}declare function remember(sessionId: string, settings: { region: string }): void;
const settings = { region: 'eu' };
const app = express();
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string;
  remember(sessionId, settings);
  res.end();
});`,
    },
    {
      name: "a session-keyed store holding auth is keyed-store's (a store access is not a binding call), and a log call naming both is telemetry",
      code: `${SERVING}const authBySession = new Map<string, unknown>();
const app = express();
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string;
  authBySession.set(sessionId, (req as any).auth);
  console.log('session', sessionId, (req as any).auth);
  res.end();
});`,
    },
    {
      name: "a tool definition's own `auth` (the scopes it requires) checked with a context carrying the session id is not the caller's identity",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
declare function withRequiredScopes(scopes: string[], context: { sessionId?: string }): void;
const def = { name: 'echo', auth: ['tool:echo:read'] };
const server = new McpServer({ name: 'x', version: '1' });
server.tool('echo', async (extra) => {
  const sdkSessionId = extra.sessionId;
  withRequiredScopes(def.auth, { sessionId: sdkSessionId });
  if (sdkSessionId) withRequiredScopes(def.auth, sdkSessionId as never);
  return { content: [] };
});`,
    },
  ],
  invalid: [
    {
      name: 'ownership pinned to the session: recorded on initialization, checked on later requests (one finding, at the check)',
      code: `${SERVING}declare function setSessionOwner(sessionId: string, userId: string): Promise<void>;
declare function isSessionOwnedBy(sessionId: string, userId: string): Promise<boolean>;
function userOf(auth: unknown): string { return String((auth as { clientId: string }).clientId); }
const app = express();
app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const userId = userOf((req as any).auth);
  if (sessionId) {
    if (!(await isSessionOwnedBy(sessionId, userId))) return res.status(401).end();
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: async (sid) => {
      await setSessionOwner(sid, userId);
    },
  });
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'check', line: 12, data: { call: 'isSessionOwnedBy(…)', identity: '`userId`' } }],
    },
    {
      name: 'auth details recorded per session by a helper reached from the session callback, never checked',
      code: `${SERVING}import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
type AuthenticatedRequest = express.Request & { auth?: AuthInfo };
class Sessions {
  async storeSessionMetadata(sessionId: string, meta: { userId?: string } | undefined): Promise<void> {}
}
class HttpServer {
  private sessions = new Sessions();
  private async onInitialized(req: express.Request, sessionId: string): Promise<void> {
    const authInfo = (req as AuthenticatedRequest).auth;
    await this.sessions.storeSessionMetadata(sessionId, authInfo ? { userId: authInfo.extra?.sub } : undefined);
  }
  handle(req: express.Request, res: express.Response) {
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => this.onInitialized(req, sessionId),
    });
    return transport.handleRequest(req, res, req.body);
  }
}
export { HttpServer };`,
      errors: [{ messageId: 'record', line: 13, data: { call: 'storeSessionMetadata(…)', identity: '`authInfo ? { userId: authInfo.extra?.su…`' } }],
    },
    {
      name: "a handler binding the context's authInfo to ctx.sessionId through a helper, and the Authorization header checked against a session",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import express from 'express';
declare function bindPrincipal(sessionId: string, principal: unknown): void;
declare function sameCaller(sessionId: string, token: string | undefined): boolean;
const server = new McpServer({ name: 'x', version: '1' });
server.tool('whoami', async (extra) => {
  bindPrincipal(extra.sessionId!, extra.authInfo?.clientId);
  return { content: [] };
});
const app = express();
app.post('/mcp', (req, res) => {
  const sid = req.headers['mcp-session-id'] as string;
  if (!sameCaller(sid, req.headers.authorization)) return res.status(403).end();
  res.end();
});`,
      errors: [{ messageId: 'check', line: 13, data: { call: 'sameCaller(…)', identity: '`req.headers.authorization`' } }],
    },
  ],
});
