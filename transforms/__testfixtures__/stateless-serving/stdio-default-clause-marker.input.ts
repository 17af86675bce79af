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
      await server.connect(transport);
      break;
  }
}
