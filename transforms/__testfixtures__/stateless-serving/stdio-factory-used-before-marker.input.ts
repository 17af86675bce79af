/**
 * A stdio server handed to a watchdog before it is connected (BrowserMCP/mcp's `setupExitWatchdog(server)`): serveStdio
 * builds the server per connection, so this needs a person, and the marker says the use comes before the connect.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

function buildServer(): McpServer {
  return new McpServer({ name: 'browser', version: '1.0.0' });
}

function setupExitWatchdog(server: McpServer): void {
  process.stdin.on('close', () => void server.close());
}

const server = buildServer();
setupExitWatchdog(server);
await server.connect(new StdioServerTransport());
