/**
 * The quickstart's shape, but the module registers one more tool after it calls `main()`: moving that into a
 * factory would change when it runs, so nothing is rewritten and the use is marked.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'late', version: '1.0.0' });

async function main() {
  await server.connect(new StdioServerTransport());
}

void main();

// @mcp-migrate-todo(session-state/per-session-server): `server` is used here, outside its construction: extract the server into a factory by hand. Serve with `serveStdio(buildServer)` from @modelcontextprotocol/server/stdio (one server per connection from the factory) (`buildServer` stands for a function that builds a new server with its registrations and returns it: write one if the project has none).
server.registerTool('late_tool', { description: 'Registered after connecting' }, async () => ({
  content: [{ type: 'text', text: 'late' }],
}));
