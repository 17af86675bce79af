/**
 * A stdio server built and connected inside a `try` block of `main()` (cjo4m06/mcp-shrimp-task-manager): the
 * marker says where it is, instead of "built in another block than the one connecting it".
 */
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

let globalServer: Server | null = null;

export function getGlobalServer(): Server | null {
  return globalServer;
}

async function main(): Promise<void> {
  try {
    const server = new Server({ name: 'tasks', version: '1.0.0' }, { capabilities: { tools: {} } });
    globalServer = server;
    server.setRequestHandler('tools/list', async () => ({ tools: [] }));
    const transport = new StdioServerTransport();
    await server.connect(transport);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

main().catch(console.error);
