/**
 * everything-style: the factory returns the server and a cleanup function (per-session intervals).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

function createServer(): { server: McpServer; cleanup: () => void } {
  const server = new McpServer({ name: 'ticker', version: '1.0.0' });
  const timer = setInterval(() => console.error('tick'), 60_000);
  return { server, cleanup: () => clearInterval(timer) };
}

async function main(): Promise<void> {
  const transport = new StdioServerTransport();
  const { server, cleanup } = createServer();
  // @mcp-migrate-todo(session-state/per-session-server): the server factory returns more than the server (`const { server, cleanup } = createServer()`): make the factory return the server (cleanup in the server's `onclose`), then re-run (the factory is called once per request on HTTP, once per connection on stdio). Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
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
