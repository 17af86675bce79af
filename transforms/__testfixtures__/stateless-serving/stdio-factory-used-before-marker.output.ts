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
// @mcp-migrate-todo(session-state/per-session-server): `server` is used here, before it is connected: the serving entry builds one server per connection from the factory; move that use into the factory (or onto the handle the entry returns, which has `close()`) and drop `server`. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory).
setupExitWatchdog(server);
await server.connect(new StdioServerTransport());
