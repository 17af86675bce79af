/**
 * The tool list is filled while the server is built (tetherto/wdk-mcp-toolkit's bin/serve.js shape, sweep 37 AK1): its
 * declaration moves into the factory with the construction, so every server built fills a list of its own.
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
  console.error('running on stdio');
}
