/**
 * The tool list is filled while the server is built and read after the connect (tetherto/wdk-mcp-toolkit's bin/serve.js,
 * sweep 37 AK1): a factory would fill the one list again for every server built, so the entry is marked.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

type Register = (server: McpServer) => void;

const ping: Register = (server) => server.registerTool('ping', { description: 'Liveness check' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
const configureWallet = (server: McpServer, seed: string): void => {
  server.server.onerror = (error) => console.error(`wallet ${seed.length}:`, error);
};
const balance: Register = (server) => server.registerTool('balance', { description: 'Wallet balance' }, async () => ({ content: [{ type: 'text', text: '0' }] }));

export async function serve(): Promise<void> {
  const server = new McpServer({ name: 'wallet', version: '0.2.0' });

  const tools: Register[] = [ping];
  if (process.env.WALLET_SEED) {
    configureWallet(server, process.env.WALLET_SEED);
    tools.push(balance);
  }
  for (const register of tools) register(server);

  const transport = new StdioServerTransport();
  await server.connect(transport);
  // @mcp-migrate-todo(session-state/per-session-server): `tools` is filled while the server is built, but declared apart from it and used after it: a factory builds a server per connection (and one for a discarded server/discover probe), so each would fill it again. Build it inside the construction (or from a function of its own the factory calls), then extract the server into a factory. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  console.error(`running on stdio (${tools.length} tools)`);
}
