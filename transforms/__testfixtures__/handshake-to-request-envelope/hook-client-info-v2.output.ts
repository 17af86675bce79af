/**
 * context7's stdio shape (SDK v2): oninitialized keeps the client's name in a module variable the tool
 * reads later. A 2026-07-28 client never fires the hook, so the variable stays unset for it: the read is
 * marked with what it stores and where the tool should read the client's name instead.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

let stdioClientInfo: { ide?: string; version?: string } | undefined;

function createMcpServer(): McpServer {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.registerTool('resolve-library-id', { description: 'Resolve a library id.' }, async () => ({
    content: [{ type: 'text', text: `client: ${stdioClientInfo?.ide ?? 'unknown'}` }],
  }));
  return server;
}

serveStdio(
  () => {
    const server = createMcpServer();

    // Capture client info from the initialize handshake.
    // @mcp-migrate-todo(handshake/oninitialized): oninitialized never fires for a 2026-07-28 client (there is no initialize): move this work into the server factory, or do it lazily in the handler that needs it; registration here becomes unconditional in the factory. Keep it only for 2025-era connections (if (ctx.era !== 'modern') in a factory taking McpRequestContext).
    server.server.oninitialized = () => {
      // @mcp-migrate-todo(handshake/client-version): getClientVersion() in the oninitialized hook, which never fires for a 2026-07-28 client: what it stores (stdioClientInfo) is never set for them. Where a request handler uses that, read the request's own ctx.mcpReq.envelope?.[CLIENT_INFO_META_KEY] there instead, and keep this only as the 2025-era value.
      const clientVersion = server.server.getClientVersion();
      if (clientVersion) {
        stdioClientInfo = { ide: clientVersion.name, version: clientVersion.version };
      }
    };

    return server;
  },
  { onerror: (error: Error) => console.error('MCP stdio error:', error) },
);
