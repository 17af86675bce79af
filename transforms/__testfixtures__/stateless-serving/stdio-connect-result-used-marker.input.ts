/**
 * The stdio entry chains on the promise `connect` returns (review 42 S42-9): not rewritten, and the marker names the
 * server's own factory call rather than a placeholder.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

interface Config {
  apiKey: string;
}

function createServer(config: Config): McpServer {
  const server = new McpServer({ name: 'mailbox', version: '0.9.0' });
  server.registerTool('count-unread', { description: 'How many unread messages there are' }, async () => ({
    content: [{ type: 'text', text: config.apiKey ? '3' : '0' }],
  }));
  return server;
}

async function main(): Promise<void> {
  const server = createServer({ apiKey: process.env.MAILBOX_KEY ?? '' });
  await server.connect(new StdioServerTransport()).then(() => console.error('stdio ready'));
}

void main();
