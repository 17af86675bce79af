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

  // @mcp-migrate-todo(handshake/oninitialized): oninitialized on SDK 1.x runs when a client sends notifications/initialized: once the server is served statelessly (a server per request, as 2026-07-28 needs), that notification is a request of its own, taken by a fresh server that never saw the initialize and serves nothing after it, so this work never reaches the servers answering the client's other requests (over stdio, one server for the process, it still runs once). Move it into the server factory, or do it lazily in the handler that needs it, from what that request carries (extra: _meta, authInfo, requestInfo on HTTP); registration here becomes unconditional in the factory.
  server.server.oninitialized = () => {
    // @mcp-migrate-todo(handshake/client-version): getClientVersion() in the oninitialized hook, on SDK 1.x: once the server is served statelessly (a server per request, as 2026-07-28 needs), the hook runs on the server that takes notifications/initialized, a request of its own that never saw the initialize, so getClientVersion() is undefined here (see the hook's own marker); over stdio it still reads the client's initialize. SDK 1.x carries neither client info nor capabilities with a request: a handler treats the client as unknown and takes the caller's identity from what its request does carry (extra.authInfo?.clientId when authenticated, extra.requestInfo?.headers on HTTP); on SDK v2 it reads its own ctx.mcpReq.envelope?.[CLIENT_INFO_META_KEY].
    console.error('client ready', server.server.getClientVersion()?.name);
  };

  return server;
}
