/**
 * The server is built by a fluent chain on a project subclass (tetherto/wdk-mcp-toolkit's examples, sweep 37 AK3): each
 * method returns `this`, so the chain is the construction and moves into the factory whole.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

class WalletServer extends McpServer {
  wallets: Record<string, string> = {};
  pricing = false;

  useWallet(chain: string, rpc: string): this {
    this.wallets[chain] = rpc;
    return this;
  }

  usePricing(): this {
    this.pricing = true;
    return this;
  }
}

async function main(): Promise<void> {
  function createServer() {
    const server = new WalletServer({ name: 'wallet', version: '0.3.0' })
      .useWallet('ethereum', 'https://rpc.example.com/eth')
      .useWallet('arbitrum', 'https://rpc.example.com/arb')
      .usePricing();
    server.registerTool('chains', { description: 'The chains configured' }, async () => ({
      content: [{ type: 'text', text: Object.keys(server.wallets).join(', ') }],
    }));
    return server;
  }
  serveStdio(createServer);
}

void main();
