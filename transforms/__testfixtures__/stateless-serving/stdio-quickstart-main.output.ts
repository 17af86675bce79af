#!/usr/bin/env node
/**
 * The SDK quickstart's shape (g0t4/mcp-server-commands, AgentDeskAI/browser-tools-mcp): the server and its
 * registrations at the module's top level, connected inside `async function main()`, which the module calls last.
 * The top-level construction becomes a factory where it was; `main` serves it.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod/v4';

function createServer() {
  const server = new McpServer({ name: 'commands', version: '1.0.0' });

  // Tools
  server.registerTool('run_command', { description: 'Run a shell command', inputSchema: z.object({ command: z.string() }) }, async ({ command }) => ({
    content: [{ type: 'text', text: `would run: ${command}` }],
  }));
  return server;
}

async function main() {
  serveStdio(createServer);
  console.error('commands server running on stdio');
}

main().catch((error) => {
  console.error('Server error:', error);
  process.exit(1);
});
