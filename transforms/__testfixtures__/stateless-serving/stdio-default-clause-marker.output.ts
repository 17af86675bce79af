/**
 * The stdio transport made and connected under a `default:` clause of a switch on the transport kind
 * (gannonh/firebase-mcp): the marker says why it stays (the server arrives built, as a parameter) and sits above the
 * connect in that clause, not above the switch with a reason that does not hold.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export async function initializeTransport(server: McpServer, kind: string): Promise<void> {
  switch (kind) {
    case 'http':
      console.error('http is served elsewhere');
      break;

    case 'stdio':
    default:
      console.error('Initializing stdio transport');
      const transport = new StdioServerTransport();
      // @mcp-migrate-todo(session-state/per-session-server): the server arrives built, as the parameter `server` of `initializeTransport`: serveStdio builds a fresh server from a factory for the connection (and one more for a `server/discover` probe it discards), so a server built beforehand cannot be handed to it. Make `initializeTransport` take the factory instead (its callers pass the function that builds the server) and serve with it. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
      await server.connect(transport);
      break;
  }
}
