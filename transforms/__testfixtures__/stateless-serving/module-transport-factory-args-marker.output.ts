/**
 * One sessionful transport created once at module level, connected once to a server the project's factory builds with
 * an argument (wppmedia-dev/Wrike-XPI-Backend's shape, sweep 33 AG5): it serves a single session for the whole process.
 * Marked, and the marker names the factory the endpoint can be served with: `() => createMcpServer('wrike')`.
 */
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

function createMcpServer(appName: string): McpServer {
  const server = new McpServer({ name: appName, version: '1.0.0' });
  server.registerTool('ping', { description: 'Ping.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const mcpServer = createMcpServer('wrike');
// @mcp-migrate-todo(session-transport/session-id-generator): one sessionful transport is created once, outside any route, for the whole process: it serves a single session (once the first client has initialised, every other client's initialize is refused) and speaks the 2025 protocol only: replace it and the code that hands it the requests with one stateless endpoint by hand. This file stays on SDK 1.x (the sdk-v2 step left it there, see MIGRATION.md), which has no `createMcpHandler`: the stateless idiom here is SDK 1.x's. On SDK 1.x, serve each POST with a new server from `createMcpServer('wrike')` and a new transport with `sessionIdGenerator: undefined` (`await server.connect(transport); await transport.handleRequest(req, res, req.body)`, both closed when the response closes), and answer GET and DELETE with 405.
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
await mcpServer.connect(transport);

createServer(async (req, res) => {
  if (req.url === '/mcp' && req.method === 'POST') {
    await transport.handleRequest(req, res);
    return;
  }
  res.writeHead(404).end();
}).listen(3000);
