import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createServer, cleanupSession } from './server.js';

async function main(): Promise<void> {
  // Connect transport to server
  const stdioServing = serveStdio(createServer);

  process.on('SIGINT', async () => {
    await stdioServing.close();
    cleanupSession();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error('Server error:', error);
  process.exit(1);
});
