/**
 * A class that builds its server in its own constructor and connects it to stdio in `start()`
 * (zilliztech/claude-context): the marker says the class builds it once, not that it "arrives built" from outside.
 */
import { Server } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

class ContextServer {
  private readonly server: Server;

  constructor(name: string) {
    this.server = new Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } });
    this.setupTools();
  }

  private setupTools(): void {
    this.server.setRequestHandler('tools/list', async () => ({ tools: [] }));
  }

  async start(): Promise<void> {
    const transport = new StdioServerTransport();
    // @mcp-migrate-todo(session-state/per-session-server): the server is built once, in the constructor of `ContextServer`, and kept in `this.server`, one instance for the process, which serveStdio cannot take: serveStdio builds a fresh server from a factory for the connection (and one more for a `server/discover` probe it discards), so a server built beforehand cannot be handed to it. Move its construction (with what registers its handlers) into a method that returns a new server, and serve with `() => this.<that method>()`. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
    await this.server.connect(transport);
  }
}

new ContextServer('code-context').start().catch(console.error);
