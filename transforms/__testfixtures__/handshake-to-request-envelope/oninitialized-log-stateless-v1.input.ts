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
  server.server.oninitialized = () => {
    console.error('Server initialization completed', server.server.getClientVersion()?.name);
  };
  server.registerTool('list_sites', { description: 'List the controller sites.' }, async () => ({
    content: [{ type: 'text', text: 'site-a, site-b' }],
  }));
  return server;
}

await createServer().connect(new StdioServerTransport());
