// One set of database connections per client; filled from the client's own headers.
export interface DbConfig { host: string; user: string; password: string }
export class Connections {
  private configs = new Map<string, DbConfig>();
  add(id: string, config: DbConfig): void { this.configs.set(id, config); }
  list(): string[] { return [...this.configs.keys()]; }
  async closeAll(): Promise<void> { this.configs.clear(); }
}
export async function addFromHeaders(conns: Connections, configs: DbConfig[]): Promise<void> {
  for (const c of configs) conns.add(c.host, c);
}
