// The manager of class-store-through-manager with a method that only counts the pages (review 44 S44-11): a read of the
// field that takes no session id is not a release by session id, so the tools' calls are still re-keyed by a handle.
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

  count(): number {
    return this.connections.size;
  }
}
