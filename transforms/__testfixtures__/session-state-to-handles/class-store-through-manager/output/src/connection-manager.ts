// One browser-like page per MCP connection (tsaarni/mcpuppet's shape, sweep 38 AL3): the tools reach it through the
// manager's getOrCreate(connectionId), so the handle is a connection_id, not a "manager" the model would be asked to create.
export interface ConnectionState {
  visits: string[];
}

export class ConnectionManager {
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
}
