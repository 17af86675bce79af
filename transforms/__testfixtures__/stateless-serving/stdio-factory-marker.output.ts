/**
 * A stdio server that is still used after it is connected (its own `onclose`): serveStdio builds the server
 * per connection, so this needs a person. The marker names the stdio entry, never the HTTP handler.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

interface Settings {
  name: string;
}

function readSettings(): Settings {
  return { name: process.env.SERVER_NAME ?? 'settings-demo' };
}

function buildServer(settings: Settings): McpServer {
  return new McpServer({ name: settings.name, version: '1.0.0' });
}

const server = buildServer(readSettings());
await server.connect(new StdioServerTransport());
// @mcp-migrate-todo(session-state/per-session-server): `server` is used here, after it is connected: the serving entry builds one server per connection from the factory; move that use into the factory (or onto the handle the entry returns, which has `close()`) and drop `server`. Serve with `serveStdio(() => buildServer(readSettings()))` from @modelcontextprotocol/server/stdio (one server per connection from the factory).
server.server.onclose = () => console.error('client disconnected');
