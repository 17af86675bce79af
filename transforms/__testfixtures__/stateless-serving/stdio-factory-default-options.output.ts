/**
 * A factory whose options parameter has a default (a read-only server unless asked otherwise), built with no
 * argument. The entries call their factory with the request's context (`factory({ era, … })`): handed on bare, it
 * would take that context for its options, `readOnly` would be undefined, and the destructive tool would be
 * registered. serveStdio gets a closure calling it with no argument, as the code did.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function createServer(options: { readOnly?: boolean } = { readOnly: true }): McpServer {
  const server = new McpServer({ name: 'tables', version: '1.0.0' });
  server.registerTool('list_tables', { description: 'List the tables' }, async () => ({
    content: [{ type: 'text', text: 'users, orders' }],
  }));
  if (!options.readOnly) {
    server.registerTool('drop_table', { description: 'Drop a table' }, async () => ({
      content: [{ type: 'text', text: 'dropped' }],
    }));
  }
  return server;
}

serveStdio(() => createServer());
