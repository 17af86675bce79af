/**
 * One module-level server, built by the project's own (unexported) function, connected to every session's transport
 * by the route in index.ts: the marker names that function as the factory to serve with (sweep 29 AC3).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

function defineServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
  server.tool('echo', 'Echo the text', { text: z.string() }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
  return server;
}

export const localMcpServer = defineServer();
