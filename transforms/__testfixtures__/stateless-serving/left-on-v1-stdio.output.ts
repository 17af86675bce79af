/**
 * A stdio server in a file the sdk-v2 step leaves on SDK 1.x (it imports a package built on SDK v1, as
 * dynatrace-mcp's src/index.ts imports @modelcontextprotocol/ext-apps 1.x). serveStdio is SDK v2's and takes a
 * factory of v2 servers: handed this file's v1 McpServer it does not type-check (TS2345) and would not run. The
 * connection stays as it is (SDK 1.x's stdio, 2025-era clients), with a note.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('ping', { description: 'Answers pong.' }, async () => ({
  content: [{ type: 'text', text: 'pong' }],
}));

async function main() {
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error('notes running on stdio');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
