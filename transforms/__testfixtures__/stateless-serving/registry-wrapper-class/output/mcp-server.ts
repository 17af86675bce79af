import { McpServer } from '@modelcontextprotocol/server';

export function createMcpServer(greeting: string): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  server.registerTool('greet', { description: 'Greets the caller' }, async () => ({
    content: [{ type: 'text', text: greeting }],
  }));
  return server;
}
