/**
 * tplink-omada-mcp's shape on SDK 1.x, run with --target stateless-v1 (as apply also runs it when it holds the
 * SDK v2 move back): oninitialized logs the client's name. The file stays on SDK 1.x, so the markers give SDK
 * 1.x's advice (a server per request never sees the initialize; `extra` is what a handler has), not SDK v2's
 * `ctx.era`, `McpRequestContext` or `ctx.mcpReq.envelope` (sweep 34 AH11).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'omada', version: '0.1.0' });
  // @mcp-migrate-todo(handshake/oninitialized): oninitialized on SDK 1.x runs when a client sends notifications/initialized: once the server is served statelessly (a server per request, as 2026-07-28 needs), that notification is a request of its own, taken by a fresh server that never saw the initialize and serves nothing after it, so this work never reaches the servers answering the client's other requests (over stdio, one server for the process, it still runs once). Move it into the server factory, or do it lazily in the handler that needs it, from what that request carries (extra: _meta, authInfo, requestInfo on HTTP); registration here becomes unconditional in the factory.
  server.server.oninitialized = () => {
    // @mcp-migrate-todo(handshake/client-version): getClientVersion() in the oninitialized hook, on SDK 1.x: once the server is served statelessly (a server per request, as 2026-07-28 needs), the hook runs on the server that takes notifications/initialized, a request of its own that never saw the initialize, so getClientVersion() is undefined here (see the hook's own marker); over stdio it still reads the client's initialize. SDK 1.x carries neither client info nor capabilities with a request: a handler treats the client as unknown and takes the caller's identity from what its request does carry (extra.authInfo?.clientId when authenticated, extra.requestInfo?.headers on HTTP); on SDK v2 it reads its own ctx.mcpReq.envelope?.[CLIENT_INFO_META_KEY].
    console.error('Server initialization completed', server.server.getClientVersion()?.name);
  };
  server.registerTool('list_sites', { description: 'List the controller sites.' }, async () => ({
    content: [{ type: 'text', text: 'site-a, site-b' }],
  }));
  return server;
}

await createServer().connect(new StdioServerTransport());
