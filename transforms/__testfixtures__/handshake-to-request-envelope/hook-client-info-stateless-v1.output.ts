/**
 * context7's stdio shape on SDK 1.x, run with --target stateless-v1: oninitialized keeps the client's name in a
 * module variable a tool reads later. The file stays on SDK 1.x, so the read is marked with what a per-request
 * server on SDK 1.x does and does not see (no client info with a request; the caller's identity from `extra`),
 * not with SDK v2's `ctx.mcpReq.envelope` as if it were there (sweep 34 AH11).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

let stdioClientInfo: { ide?: string; version?: string } | undefined;

function createMcpServer(): McpServer {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.registerTool('resolve-library-id', { description: 'Resolve a library id.' }, async () => ({
    content: [{ type: 'text', text: `client: ${stdioClientInfo?.ide ?? 'unknown'}` }],
  }));

  // Capture client info from the initialize handshake.
  // @mcp-migrate-todo(handshake/oninitialized): oninitialized on SDK 1.x runs when a client sends notifications/initialized: once the server is served statelessly (a server per request, as 2026-07-28 needs), that notification is a request of its own, taken by a fresh server that never saw the initialize and serves nothing after it, so this work never reaches the servers answering the client's other requests (over stdio, one server for the process, it still runs once). Move it into the server factory, or do it lazily in the handler that needs it, from what that request carries (extra: _meta, authInfo, requestInfo on HTTP); registration here becomes unconditional in the factory.
  server.server.oninitialized = () => {
    // @mcp-migrate-todo(handshake/client-version): getClientVersion() in the oninitialized hook, on SDK 1.x: once the server is served statelessly (a server per request, as 2026-07-28 needs), the hook runs on the server that takes notifications/initialized, a request of its own that never saw the initialize, so getClientVersion() is undefined here (see the hook's own marker); over stdio it still reads the client's initialize. What it stores (stdioClientInfo) is never set on the servers answering the client's other requests, so a request handler using it must not depend on it. SDK 1.x carries neither client info nor capabilities with a request: a handler treats the client as unknown and takes the caller's identity from what its request does carry (extra.authInfo?.clientId when authenticated, extra.requestInfo?.headers on HTTP). Keep this only for a connection served with sessions; on SDK v2 the handler reads its own ctx.mcpReq.envelope?.[CLIENT_INFO_META_KEY].
    const clientVersion = server.server.getClientVersion();
    if (clientVersion) {
      stdioClientInfo = { ide: clientVersion.name, version: clientVersion.version };
    }
  };

  return server;
}

await createMcpServer().connect(new StdioServerTransport());
