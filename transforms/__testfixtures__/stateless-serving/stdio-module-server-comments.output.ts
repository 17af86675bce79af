/**
 * A module-level server whose registrations are introduced by a comment set apart by a blank line
 * (josippapez/interactive-mcp-server): the comment moves into the factory with them.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const enabled = new Set(process.argv.slice(2));

function createServer() {
  // Build the server
  const server = new McpServer({ name: 'toolbox', version: '1.0.0' });

  // Conditionally register tools based on command-line arguments

  if (enabled.has('echo')) {
    server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
      content: [{ type: 'text', text }],
    }));
  }
  return server;
}
// --- End of tool registrations ---

serveStdio(createServer);
