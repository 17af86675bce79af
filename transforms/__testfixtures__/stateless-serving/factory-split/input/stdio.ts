import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createServer } from './server.js';

async function main(): Promise<void> {
  const transport = new StdioServerTransport();
  const { server, cleanup } = createServer();

  // Connect transport to server
  await server.connect(transport);

  process.on('SIGINT', async () => {
    await server.close();
    cleanup();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error('Server error:', error);
  process.exit(1);
});
