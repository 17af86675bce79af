/**
 * The handed-transport shape at module level, the listener an arrow-function const declared after the code
 * that hands it over: each new transport is filed under its session id and the id is logged.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const transports = new Map<string, StreamableHTTPServerTransport>();

export function acceptConnections(http: { onStreamableHTTPTransport(listener: (transport: StreamableHTTPServerTransport) => Promise<void>): void }): void {
  http.onStreamableHTTPTransport(fileTransport);
}

const fileTransport = async (transport: StreamableHTTPServerTransport): Promise<void> => {
  const sessionId = transport.sessionId ?? 'anonymous';
  transports.set(sessionId, transport);
  transport.onclose = () => transports.delete(sessionId);
  console.info('transport opened', { sessionId });
  await new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } }).connect(transport);
};

export async function closeAll(): Promise<void> {
  for (const transport of transports.values()) await transport.close();
  transports.clear();
}
