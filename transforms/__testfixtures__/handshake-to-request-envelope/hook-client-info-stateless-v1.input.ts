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
  server.server.oninitialized = () => {
    const clientVersion = server.server.getClientVersion();
    if (clientVersion) {
      stdioClientInfo = { ide: clientVersion.name, version: clientVersion.version };
    }
  };

  return server;
}

await createMcpServer().connect(new StdioServerTransport());
