/**
 * A stdio entry whose server comes from a getter of an object built once (browserstack/mcp-server's
 * `app.getInstance()` returning `this.server`): the same instance on every call, so `() => app.getInstance()`
 * would be no factory for serveStdio (which closes the server it builds for its discovery probe). Marked.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

export class AppServer {
  private readonly server: McpServer;

  constructor(readonly name: string) {
    this.server = new McpServer({ name, version: '1.0.0' });
    this.server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  }

  getInstance(): McpServer {
    return this.server;
  }
}

async function main(): Promise<void> {
  const transport = new StdioServerTransport();
  const app = new AppServer('browser-tools');
  await app.getInstance().connect(transport);
}

main().catch(console.error);
