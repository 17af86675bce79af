import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

// Keeps the HTTP+SSE transports of the connected clients, by session id (borgius/jobspy-mcp-server's shape, sweep 36 AJ2).
export class SseManager {
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
