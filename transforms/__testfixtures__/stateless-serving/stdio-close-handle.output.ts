/**
 * A stdio server from a factory, closed on SIGINT.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function createGreeter(): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  server.registerTool('hello', { description: 'Say hello.' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));
  return server;
}

async function main(): Promise<void> {
  const stdioServing = serveStdio(createGreeter);

  process.on('SIGINT', async () => {
    await stdioServing.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error('Server error:', error);
  process.exit(1);
});
