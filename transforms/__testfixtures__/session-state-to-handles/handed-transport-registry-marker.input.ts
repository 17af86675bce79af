/**
 * jdutton/mcp-typescript-simple's shape: the HTTP layer creates the sessionful transports and hands each new one
 * to a listener; the connection manager's listener files it under its session id (shutdown closes them all) and
 * logs the id.
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

  constructor(private readonly source: TransportSource) {}

  start(): void {
    this.source.onTransport(async (transport: StreamableHTTPServerTransport) => {
      const sessionId = transport.sessionId ?? 'anonymous';
      this.connections.set(sessionId, transport);
      transport.onclose = () => {
        this.connections.delete(sessionId);
        console.info('connection closed', { sessionId });
      };
      await buildServer().connect(transport);
      console.info('connection opened', { sessionId });
    });
  }

  async stop(): Promise<void> {
    for (const transport of this.connections.values()) await transport.close();
    this.connections.clear();
  }
}
