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
