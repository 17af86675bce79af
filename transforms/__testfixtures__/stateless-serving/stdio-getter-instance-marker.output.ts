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
  // @mcp-migrate-todo(session-state/per-session-server): the server arrives built: `app.getInstance()` returns the instance kept in `this.server` (AppServer.getInstance), the same one on every call: serveStdio builds a fresh server from a factory for the connection (and one more for a `server/discover` probe it discards), so a server built beforehand cannot be handed to it. Serve with a function that builds a new server on each call (what fills `this.server` today). Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
  await app.getInstance().connect(transport);
}

main().catch(console.error);
