/**
 * cyanheads/mcp-ts-template's shape: the stdio entry is handed a server built by its caller. serveStdio needs a
 * factory (it builds one server for the connection, and one more for a discarded `server/discover` probe), so
 * this is marked with what the caller must change; nothing is rewritten.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export async function startStdioTransport(server: McpServer): Promise<McpServer> {
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error('MCP Server running in STDIO mode.');
  return server;
}

export class StdioRunner {
  constructor(private readonly server: McpServer) {}

  async start(): Promise<void> {
    const transport = new StdioServerTransport();
    await this.server.connect(transport);
  }
}
