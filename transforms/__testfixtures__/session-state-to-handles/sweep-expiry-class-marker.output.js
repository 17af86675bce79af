/**
 * Plain JS, metamcp's shape: a `SessionClock` class records when each MCP session started and a
 * `setInterval` sweep (through a method of the class) closes the sessions past their lifetime. The map of
 * times is bookkeeping of the serving layer, not state a tool reads back: one marker at it saying it goes with
 * the sessions, nothing else changed.
 */
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export class SessionClock {
  constructor(lifetimeMs, onExpired) {
    this.lifetimeMs = lifetimeMs;
    this.onExpired = onExpired;
    // @mcp-migrate-todo(session-transport/transport-registry): a record per session kept by the HTTP layer: remove it with the session routing (2026-07-28 has no sessions to validate or expire) and bind identity per request.
    this.startedAt = new Map();
    this.timer = undefined;
  }

  start(sessionId) {
    this.startedAt.set(sessionId, Date.now());
  }

  sweep() {
    const now = Date.now();
    for (const [sessionId, started] of this.startedAt.entries()) {
      if (now - started > this.lifetimeMs) this.onExpired(sessionId);
    }
  }

  run(everyMs = 60_000) {
    this.timer = setInterval(() => this.sweep(), everyMs);
  }
}

function buildServer() {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const clock = new SessionClock(60 * 60_000, (sessionId) => console.error(`session ${sessionId} is past its lifetime`));
clock.run();

const app = express();
app.use(express.json());
app.use('/mcp', (req, _res, next) => {
  const sessionId = req.headers['mcp-session-id'];
  if (typeof sessionId === 'string') clock.start(sessionId);
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
