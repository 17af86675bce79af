// @ts-check
/**
 * SDK 1.x in JavaScript: no per-request envelope exists, so every use of the handshake is marked.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function buildServer() {
  const server = new McpServer({ name: 'client-aware', version: '1.0.0' });

  server.registerTool('whoami', { description: 'Describe the calling client.' }, async () => {
    // @mcp-migrate-todo(handshake/client-version): getClientVersion() on SDK 1.x reads what the client sent in its initialize: once the server is served statelessly (a server per request, as 2026-07-28 needs), the server answering a request never sees an initialize, so getClientVersion() is undefined there. Do not depend on it (treat the client as unknown; if this only gated a registration, register unconditionally and delete it), or move to SDK v2 and read ctx.mcpReq.envelope in the handler (CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY).
    const client = server.server.getClientVersion();
    return { content: [{ type: 'text', text: client?.name ?? 'unknown' }] };
  });

  // @mcp-migrate-todo(handshake/oninitialized): oninitialized never fires for a 2026-07-28 client (there is no initialize): move this work into the server factory, or do it lazily in the handler that needs it; registration here becomes unconditional in the factory. Keep it only for 2025-era connections (if (ctx.era !== 'modern') in a factory taking McpRequestContext).
  server.server.oninitialized = () => {
    // @mcp-migrate-todo(handshake/client-version): getClientVersion() in the oninitialized hook, which never fires for a 2026-07-28 client: this runs for 2025-era clients only (see the hook's own marker). A request handler that needs the client's identity or capabilities reads its own ctx.mcpReq.envelope?.[CLIENT_INFO_META_KEY].
    console.error('client ready', server.server.getClientVersion()?.name);
  };

  return server;
}
