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
  // @mcp-migrate-todo(handshake/private-state): forces the SDK's private _initialized flag so a rebuilt session's transport skips the initialize check: 2026-07-28 has neither sessions nor initialize, so there is nothing to rebuild. Serve each request with createMcpHandler (a fresh server per request) and delete this reconstruction; keep it only on a legacy (2025-era) path.
  (transport as any)._initialized = true;
  await server.connect(transport);
  return transport;
}

/** Whether the client that opened this server's session can sample (what initialize stored). */
export function canSample(server: McpServer): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  // @mcp-migrate-todo(handshake/private-state): _clientCapabilities is private SDK state that initialize sets, never set for a 2026-07-28 client: read the request's own envelope in the handler (ctx.mcpReq.envelope, CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY) instead.
  return !!(server.server as any)._clientCapabilities?.sampling;
}

/** A presence check alone is not a site. */
export function looksInitialized(transport: StreamableHTTPServerTransport): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return typeof (transport as any)._initialized === 'boolean';
}
