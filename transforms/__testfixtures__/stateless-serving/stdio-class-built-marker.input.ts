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
    await this.server.connect(transport);
  }
}

new ContextServer('code-context').start().catch(console.error);
