// One browser-like page per MCP connection, released when the connection closes (tsaarni/mcpuppet's shape, sweep 38 AL5):
// keyed by a handle, the entries would never be released by onDisconnect(sessionId), and the cap would refuse new ones
// for good. The tools' calls are marked, and the field points at that marker.
export interface ConnectionState {
  visits: string[];
}

export class ConnectionManager {
  // @mcp-migrate-todo(session-state/keyed-store): `this.connections` keeps, per session, what the tools reach through `connectionManager`'s calls of ConnectionManager: it goes with those calls, which are marked in history.ts; see that marker.
  private readonly connections = new Map<string, ConnectionState>();

  getOrCreate(connectionId: string): ConnectionState {
    let state = this.connections.get(connectionId);
    if (!state) {
      if (this.connections.size >= 10) throw new Error("Maximum connections reached (10)");
      state = { visits: [] };
      this.connections.set(connectionId, state);
    }
    return state;
  }

  onDisconnect(connectionId: string): void {
    this.connections.delete(connectionId);
  }
}
