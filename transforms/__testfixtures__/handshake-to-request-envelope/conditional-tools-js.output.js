// @ts-check
/**
 * Registration in oninitialized (SDK v2, JavaScript). In the first factory it registers a gated tool
 * and nothing else: the gate goes and the hook with it. In the second the registration names its tool
 * after the client, read outside any request: that needs the handshake, so it stays in the hook, marked.
 */
import { McpServer } from '@modelcontextprotocol/server';

/** @param {McpServer} server */
function registerRootsTool(server) {
  server.registerTool('list-roots', { description: 'List the client roots.' }, async () => ({ content: [{ type: 'text', text: 'roots' }] }));
}

/** @param {McpServer} server */
function registerClientTool(server) {
  // @mcp-migrate-todo(handshake/client-version): getClientVersion() is read outside a request handler: 2026-07-28 has no initialize, every request carries the client's capabilities and identity in its own _meta envelope. Read ctx.mcpReq.envelope in the handler that needs it (CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY); if this only gated a registration, register unconditionally and delete it.
  const client = server.server.getClientVersion()?.name ?? 'client';
  server.registerTool(`${client}-status`, { description: 'Status for this client.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
}

export function createServer() {
  const server = new McpServer({ name: 'roots', version: '1.0.0' });
  // Registered when the server is built: a 2026-07-28 client sends no initialize, so oninitialized never fires for it.
  registerRootsTool(server);
  return server;
}

export function createPinnedServer() {
  const server = new McpServer({ name: 'pinned', version: '1.0.0' });
  // @mcp-migrate-todo(handshake/oninitialized): oninitialized never fires for a 2026-07-28 client (there is no initialize): move this work into the server factory, or do it lazily in the handler that needs it; registration here becomes unconditional in the factory. Keep it only for 2025-era connections (if (ctx.era !== 'modern') in a factory taking McpRequestContext).
  server.server.oninitialized = () => {
    registerClientTool(server);
  };
  return server;
}
