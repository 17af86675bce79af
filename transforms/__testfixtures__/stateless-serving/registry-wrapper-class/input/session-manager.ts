import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

/** The open sessions' transports, by session id (one instance, shared by the routes). */
class SessionManager {
  private transports: Record<string, NodeStreamableHTTPServerTransport> = {};

  add(sessionId: string, transport: NodeStreamableHTTPServerTransport): void {
    this.transports[sessionId] = transport;
  }

  get(sessionId: string): NodeStreamableHTTPServerTransport | null {
    return this.transports[sessionId] || null;
  }

  exists(sessionId: string): boolean {
    return sessionId in this.transports;
  }

  remove(sessionId: string): void {
    delete this.transports[sessionId];
  }
}

export const sessionManager = new SessionManager();
