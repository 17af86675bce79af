/**
 * A stdio server made by a method of an object the platform puts on the global scope (`globalThis.mcpPlatform`):
 * mcp-migrate cannot see what else that object does, so the server is not moved into a factory; the marker says how
 * to write one (there is no route here to build anything outside of).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

declare global {
  // eslint-disable-next-line no-var
  var mcpPlatform: { createServer(name: string): McpServer };
}

const server = globalThis.mcpPlatform.createServer('notes');
server.registerTool('ping_notes', { description: 'Answer pong.' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));

await server.connect(new StdioServerTransport());
