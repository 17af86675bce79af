/**
 * A low-level tools/call handler returning `{}` for a tool with nothing to say (lincolnlopes/mcp-server, sweep 13 L9):
 * v1's loose `ServerResult` took it, and clients read it as a result with no content. v2's type for tools/call wants
 * `content`, so the migrated file would not compile: it becomes `{ content: [] }`, what the client made of it.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';

export function createServer(): Server {
  const server = new Server({ name: 'noop', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'touch', description: 'Does nothing, successfully.', inputSchema: { type: 'object' as const, properties: {} } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name === 'touch') {
      return {};
    }
    throw new McpError(ErrorCode.MethodNotFound, `Unknown tool: ${request.params.name}`);
  });
  return server;
}
