/**
 * A low-level stdio server built in `main()` (plain JS): its handlers are registered on it, it is connected
 * at the end of the function; the construction becomes a factory declared in `main`.
 */
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

async function main() {
  const name = process.env.SERVER_NAME ?? 'notes';
  const notes = new Map();

  function createServer() {
    const server = new Server({ name, version: '0.1.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', async () => ({
      tools: [{ name: 'count', description: 'How many notes.', inputSchema: { type: 'object' } }],
    }));
    server.setRequestHandler('tools/call', async () => ({
      content: [{ type: 'text', text: String(notes.size) }],
    }));
    return server;
  }
  serveStdio(createServer);
  console.error(`${name} running on stdio`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
