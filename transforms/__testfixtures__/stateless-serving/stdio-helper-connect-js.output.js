/**
 * A helper in the same module builds the server for the transport it is handed and connects it; the stdio
 * entry hands it a transport held in a variable (plain JS).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const VERSION = '2.1.0';

function buildServer(name, version) {
  const server = new McpServer({ name, version });
  server.registerTool('version', { description: 'The server version.' }, async () => ({
    content: [{ type: 'text', text: version }],
  }));
  return server;
}

async function main() {
  serveStdio(() => buildServer('versioned', VERSION));
  console.error('serving on stdio');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
