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
    server.server.oninitialized = () => {
      const clientVersion = server.server.getClientVersion();
      if (clientVersion) {
        stdioClientInfo = { ide: clientVersion.name, version: clientVersion.version };
      }
    };

    return server;
  },
  { onerror: (error: Error) => console.error('MCP stdio error:', error) },
);
