/**
 * A stdio server on SDK v1 (JavaScript) whose logger writes JSON-RPC log lines to stdout itself. With
 * --modern-only no 2025-era client reads them: they go to stderr as plain JSON lines, and the logging
 * capability nothing uses any more goes.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

export const server = new McpServer({ name: 'notes', version: '0.3.0' }, {
  capabilities: {
    logging: {},
    tools: {},
  },
});

/**
 * @param {'error' | 'info'} level
 * @param {string} message
 */
export function log(level, message) {
  const notification = {
    jsonrpc: '2.0',
    method: 'notifications/message',
    params: { level, logger: 'notes', data: message },
  };
  process.stdout.write(JSON.stringify(notification) + '\n');
}

await server.connect(new StdioServerTransport());
log('info', 'notes server started');
