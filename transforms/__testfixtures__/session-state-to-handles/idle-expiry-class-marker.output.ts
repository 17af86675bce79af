/**
 * Idle-session expiry in a class (supergateway's shape): `IdleSessions` counts the requests in flight per MCP
 * session in a class field and, when a session goes quiet, starts a timer that forgets it and runs its
 * cleanup. That is bookkeeping of the serving layer, not state a tool reads back: apply leaves one marker at
 * the field saying it goes with the sessions (no handle advice) and changes nothing else.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export class IdleSessions {
  // @mcp-migrate-todo(session-state/keyed-store): `this.sessions` expires MCP sessions (a timer forgets or sweeps the sessions past their time): bookkeeping of the serving layer, not state a tool reads back, so it needs no handle. Without sessions there is nothing to expire: remove it, with the calls that feed it, when the session registry and its routing are replaced by stateless serving.
  private sessions = new Map<string, { inFlight: number } | { expiry: NodeJS.Timeout }>();

  constructor(
    private readonly idleMs: number,
    private readonly cleanup: (sessionId: string) => void,
  ) {}

  begin(sessionId: string): void {
    const entry = this.sessions.get(sessionId);
    if (entry && 'expiry' in entry) clearTimeout(entry.expiry);
    this.sessions.set(sessionId, { inFlight: entry && 'inFlight' in entry ? entry.inFlight + 1 : 1 });
  }

  end(sessionId: string): void {
    const entry = this.sessions.get(sessionId);
    if (!entry || !('inFlight' in entry)) return;
    if (entry.inFlight > 1) {
      entry.inFlight--;
      return;
    }
    this.sessions.set(sessionId, {
      expiry: setTimeout(() => {
        this.sessions.delete(sessionId);
        this.cleanup(sessionId);
      }, this.idleMs),
    });
  }
}

function buildServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());
const idle = new IdleSessions(5 * 60_000, (sessionId) => console.error(`session ${sessionId} expired`));

app.use('/mcp', (req, res, next) => {
  const sessionId = req.headers['mcp-session-id'];
  if (typeof sessionId !== 'string') {
    next();
    return;
  }
  idle.begin(sessionId);
  res.on('close', () => idle.end(sessionId));
  next();
});

app.post('/mcp', async (req, res) => {
  const server = buildServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void server.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
