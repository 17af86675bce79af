import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

// Keeps the HTTP+SSE transports of the connected clients, by session id (borgius/jobspy-mcp-server's shape, sweep 36 AJ2).
export class SseManager {
  transports = {};

  // @mcp-migrate-todo(session-transport/sse-transport): HTTP+SSE endpoint (`createTransport`) kept for 2025-era clients, served from @modelcontextprotocol/server-legacy/sse: it is sessionful by design, so the session ids it reads, logs and keys its registry with stay with it. Once no 2025-era client needs it, remove it with those handlers, their mounts and the registry; the project has no Streamable HTTP endpoint yet: serve 2026-07-28 clients with `createMcpHandler(factory)` (mounted with `toNodeHandler`) (not added automatically: its handlers are methods of `SseManager`, which this rewrite does not take apart (their callers, the class and what injects it go with them)).
  createTransport(messagesPath, res) {
    const transport = new SSEServerTransport(messagesPath, res);
    this.transports[transport.sessionId] = transport;
    return transport;
  }

  getTransport(req) {
    return this.transports[req.query.sessionId];
  }

  removeTransport(sessionId) {
    delete this.transports[sessionId];
  }
}
