/**
 * The stdio transport comes from a helper that only makes it (iris-eval/mcp-server's `createStdioTransport()`), and
 * the caller connects it: the marker says where serveStdio goes (where the helper is called), not that the
 * transport is "used beyond server.connect(transport)".
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export function createStdioTransport(): StdioServerTransport {
  // @mcp-migrate-todo(session-state/per-session-server): the stdio transport is made and returned by `createStdioTransport()`, and connected where that is called: serve the server there, in place of its `connect`, and remove `createStdioTransport`. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  return new StdioServerTransport();
}

export async function start(server: McpServer): Promise<void> {
  const transport = createStdioTransport();
  await server.connect(transport);
  console.error('stdio transport connected');
}
