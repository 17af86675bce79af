import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

// Keeps the HTTP+SSE transports of the connected clients, by session id (borgius/jobspy-mcp-server's shape, sweep 36 AJ2).
export class SseManager {
  // @mcp-migrate-todo(session-transport/transport-registry): the session registry of the HTTP+SSE endpoint whose transports `SseManager.createTransport()` makes, kept for 2025-era clients (its marker says what removes it): it is that endpoint's (its SSE streams are found by session id), not plumbing the stateless handler replaces. It stays while the endpoint does; when the endpoint goes, it goes with it, with the methods that fill and read it.
  transports = {};

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
