/**
 * The stdio transport comes from a helper that only makes it (iris-eval/mcp-server's `createStdioTransport()`), and
 * the caller connects it: the marker says where serveStdio goes (where the helper is called), not that the
 * transport is "used beyond server.connect(transport)".
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export function createStdioTransport(): StdioServerTransport {
  return new StdioServerTransport();
}

export async function start(server: McpServer): Promise<void> {
  const transport = createStdioTransport();
  await server.connect(transport);
  console.error('stdio transport connected');
}
