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
  // @mcp-migrate-todo(handshake/private-state): forces the SDK's private _initialized flag so a rebuilt session's transport skips the initialize check: served without sessions, as 2026-07-28 needs, there is nothing to rebuild. On SDK 1.x serve each request with a fresh server and a transport created with sessionIdGenerator: undefined (it checks no initialize) and delete this reconstruction; keep it only on a path served with sessions (2025-era).
  (transport as any)._initialized = true;
  await server.connect(transport);
  return transport;
}

/** Whether the client that opened this server's session can sample (what initialize stored). */
export function canSample(server: McpServer): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  // @mcp-migrate-todo(handshake/private-state): _clientCapabilities is private SDK state that initialize sets: once the server is served statelessly (a server per request, as 2026-07-28 needs), the server answering a request never saw the initialize, so it is unset there. SDK 1.x carries neither client info nor capabilities with a request: a handler treats the client as unknown and takes the caller's identity from what its request does carry (extra.authInfo?.clientId when authenticated, extra.requestInfo?.headers on HTTP); on SDK v2 a handler reads its own envelope (ctx.mcpReq.envelope, CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY).
  return !!(server.server as any)._clientCapabilities?.sampling;
}

/** A presence check alone is not a site. */
export function looksInitialized(transport: StreamableHTTPServerTransport): boolean {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return typeof (transport as any)._initialized === 'boolean';
}
