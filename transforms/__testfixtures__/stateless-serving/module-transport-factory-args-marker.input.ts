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
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
await mcpServer.connect(transport);

createServer(async (req, res) => {
  if (req.url === '/mcp' && req.method === 'POST') {
    await transport.handleRequest(req, res);
    return;
  }
  res.writeHead(404).end();
}).listen(3000);
