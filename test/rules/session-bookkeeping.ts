/** Shared by the keyed-store and transport-registry tests: one project, judged by both rules. */

/** Serving code that counts, times and flags each session it routes by the `Mcp-Session-Id` header (no handler reaches it). */
export const SESSION_BOOKKEEPING = `import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports = new Map<string, StreamableHTTPServerTransport>();
const lastSeen = new Map<string, number>();
const requestCounts = new Map<string, number>();
const idleTimers = new Map<string, { timeout: ReturnType<typeof setTimeout> } | { accessCount: number }>();
const dirty = new Set<string>();
export async function handle(req: any, res: any) {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  if (sid) {
    const count = (requestCounts.get(sid) ?? 0) + 1;
    requestCounts.set(sid, count);
    lastSeen.set(sid, Date.now());
    idleTimers.set(sid, { timeout: setTimeout(() => transports.get(sid)?.close(), 60_000) });
    dirty.add(sid);
    if (dirty.has(sid) && count > 10) dirty.delete(sid);
    return transports.get(sid)!.handleRequest(req, res, req.body);
  }
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      transports.set(id, transport);
      idleTimers.set(id, { accessCount: 1 });
    },
  });
  await transport.handleRequest(req, res, req.body);
}`;

/**
 * Shared by the transport-registry and session-id-read tests (sweep 19 S2, lark-base's shape): an HTTP+SSE route files
 * the client's API token with its transport in a session manager, and the low-level `tools/call` handler reads the
 * token back through `this.server.transport?.sessionId`. The registry keeps a credential, not only routes.
 */
export const REGISTRY_HOLDING_CREDENTIALS = {
  'src/sessionManager.ts': `import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
interface Session { apiToken: string; transport: Transport | null; openedAt: number }
class SessionManager {
  private sessions: Map<string, Session> = new Map();
  createSession(sessionId: string, apiToken: string, transport: Transport | null = null): void {
    this.sessions.set(sessionId, { apiToken, transport, openedAt: Date.now() });
  }
  getSession(sessionId: string): Session | undefined {
    return this.sessions.get(sessionId);
  }
  getTransport(sessionId: string): Transport | null {
    return this.sessions.get(sessionId)?.transport ?? null;
  }
  deleteSession(sessionId: string): void {
    this.sessions.delete(sessionId);
  }
}
export const sessionManager = new SessionManager();
`,
  'src/mcpServer.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { sessionManager } from './sessionManager.js';
export class BaseMCPServer {
  private server: Server;
  constructor() {
    this.server = new Server({ name: 'base', version: '1.0.0' }, { capabilities: { tools: {} } });
    this.server.setRequestHandler(CallToolRequestSchema, async () => {
      const sessionId = this.server.transport?.sessionId as string;
      const session = sessionManager.getSession(sessionId);
      if (!session) throw new Error('Session not found');
      const res = await fetch('https://api.example.com/tables', { headers: { authorization: \`Bearer \${session.apiToken}\` } });
      return { content: [{ type: 'text' as const, text: await res.text() }] };
    });
  }
  async connect(transport: Transport): Promise<void> {
    await this.server.connect(transport);
  }
}
`,
  'src/index.ts': `import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import express from 'express';
import { BaseMCPServer } from './mcpServer.js';
import { sessionManager } from './sessionManager.js';
const server = new BaseMCPServer();
const app = express();
app.get('/sse', async (req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  sessionManager.createSession(transport.sessionId, String(req.query.apiToken), transport);
  res.on('close', () => sessionManager.deleteSession(transport.sessionId));
  await server.connect(transport);
});
app.post('/messages', async (req, res) => {
  const transport = sessionManager.getTransport(req.query.sessionId as string);
  if (transport instanceof SSEServerTransport) await transport.handlePostMessage(req, res);
  else res.status(400).send('No transport found for sessionId');
});
app.listen(3001);
`,
};

/** The same registry, whose records keep the token but nothing reads it back: routing only. */
export const REGISTRY_TOKEN_NEVER_READ = {
  ...REGISTRY_HOLDING_CREDENTIALS,
  'src/mcpServer.ts': REGISTRY_HOLDING_CREDENTIALS['src/mcpServer.ts'].replace('${session.apiToken}', '${process.env.API_TOKEN}'),
};
