/**
 * The handed-transport shape with the listeners passed by reference, not written inline: the connection
 * manager hands the HTTP layer a bound method for one source and an arrow-function property for the other;
 * both file the transport under its session id (shutdown closes them all) and log the id.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** The HTTP layer, as the connection manager sees it. */
export interface TransportSource {
  onTransport(listener: (transport: StreamableHTTPServerTransport) => Promise<void>): void;
}

function buildServer(): Server {
  return new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
}

export class ConnectionManager {
  // @mcp-migrate-todo(session-transport/transport-registry): serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).
  private readonly connections = new Map<string, StreamableHTTPServerTransport>();

  constructor(
    private readonly source: TransportSource,
    private readonly admin: TransportSource,
  ) {}

  start(): void {
    this.source.onTransport(this.register.bind(this));
    this.admin.onTransport(this.registerAdmin);
  }

  private async register(transport: StreamableHTTPServerTransport): Promise<void> {
    // @mcp-migrate-todo(session-state/session-telemetry): `this.source.onTransport(…)` hands this callback a transport, and its session id files it in `this.connections` (marked at its declaration) and is logged (console.info()): the serving layer's own id, not application state, so no handle stands for it. It is real while the transport is sessionful (2025-era clients) and goes with that registry: a transport made per request has no session id, so every transport would be filed under 'anonymous' (one replacing another, and the first to close removing the other's entry) and every log line would carry 'anonymous'. When serving becomes stateless, remove this registration and its cleanup together with that registry (keep open transports in a Set if shutdown must close them) and drop the session id from these log lines (a per-request transport serves one request, whose handler logs its request id).
    const sessionId = transport.sessionId ?? 'anonymous';
    this.connections.set(sessionId, transport);
    transport.onclose = () => {
      this.connections.delete(sessionId);
      console.info('connection closed', { sessionId });
    };
    await buildServer().connect(transport);
    console.info('connection opened', { sessionId });
  }

  private readonly registerAdmin = async (transport: StreamableHTTPServerTransport): Promise<void> => {
    // @mcp-migrate-todo(session-state/session-telemetry): `this.admin.onTransport(…)` hands this callback a transport, and its session id files it in `this.connections` (marked at its declaration) and is logged (console.info()): the serving layer's own id, not application state, so no handle stands for it. It is real while the transport is sessionful (2025-era clients) and goes with that registry: a transport made per request has no session id, so every transport would be filed under 'admin' (one replacing another, and the first to close removing the other's entry) and every log line would carry 'admin'. When serving becomes stateless, remove this registration and its cleanup together with that registry (keep open transports in a Set if shutdown must close them) and drop the session id from these log lines (a per-request transport serves one request, whose handler logs its request id).
    const sessionId = transport.sessionId ?? 'admin';
    this.connections.set(sessionId, transport);
    await buildServer().connect(transport);
    console.info('admin connection opened', { sessionId });
  };

  async stop(): Promise<void> {
    for (const transport of this.connections.values()) await transport.close();
    this.connections.clear();
  }
}
