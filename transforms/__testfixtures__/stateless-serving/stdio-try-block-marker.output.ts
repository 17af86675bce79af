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
    // @mcp-migrate-todo(session-state/per-session-server): the server is built and connected inside a `try` block, not at the top of a function or the module, so no factory is extracted around them: extract its construction into a factory. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await server.connect(transport);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

main().catch(console.error);
