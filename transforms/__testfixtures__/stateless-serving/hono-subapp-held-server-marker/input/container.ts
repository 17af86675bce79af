/** The application's objects, built once (perplexity-ask-openrouter's container): one low-level server among them. */
import { Server } from '@modelcontextprotocol/server';

class AskServer extends Server {
  constructor() {
    super({ name: 'ask', version: '1.0.0' }, { capabilities: { tools: {} } });
    this.setRequestHandler('tools/list', async () => ({ tools: [] }));
  }
}

export const container = { mcpServer: new AskServer() };
