/**
 * A transport handed in by a test harness, stdio by default, held in a `let` that is never assigned again (review 42
 * S42-9): the `const` it could have been, so it becomes `serveStdio`'s `transport` option as the `const` does.
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '0.4.1' });
  server.registerTool('count-notes', { description: 'How many notes there are' }, async () => ({
    content: [{ type: 'text', text: '12' }],
  }));
  return server;
}

export async function startServer(transport?: Transport): Promise<void> {
  let activeTransport = transport ?? new StdioServerTransport();
  serveStdio(createServer, { transport: activeTransport });
}
