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

// @mcp-migrate-todo(session-state/per-session-server): the server is built by a method of an object mcp-migrate cannot follow (`globalThis.mcpPlatform.createServer('notes')`): write a function that builds the server (with that call) and registers its tools, and serve with it. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
await server.connect(new StdioServerTransport());
