import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** Rebuilds the transport of a session another instance started (the id comes from a shared store). */
export async function rebuildSession(server: McpServer, sessionId: string): Promise<StreamableHTTPServerTransport> {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  // A rebuilt session never sees initialize again: let its requests through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (transport as any).sessionId = sessionId;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (transport as any)._initialized = true;
  await server.connect(transport);
  return transport;
}

/** Whether the client that opened this server's session can sample (what initialize stored). */
export function canSample(server: McpServer): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return !!(server.server as any)._clientCapabilities?.sampling;
}

/** A presence check alone is not a site. */
export function looksInitialized(transport: StreamableHTTPServerTransport): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return typeof (transport as any)._initialized === 'boolean';
}
