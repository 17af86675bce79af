import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

function buildServer() {
  const server = new McpServer({ name: 'clock', version: '1.0.0' });
  server.registerTool('now', { description: 'The current time.' }, async () => ({
    content: [{ type: 'text', text: new Date().toISOString() }],
  }));
  return server;
}

async function main() {
  const server = buildServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
