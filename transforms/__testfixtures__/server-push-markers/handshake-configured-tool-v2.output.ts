/**
 * A stdio server (SDK v2) whose query tool is configured from the client's roots when the handshake completes
 * (doei/aws-mcp-server's shape, sweep 19 S6): the `update()` is marked as configuration taken from the handshake,
 * not as a toggle a tool call makes.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'db-query', version: '1.0.0' });

const queryTool = server.registerTool('query', { description: 'Query the configured database' }, async () => ({
  isError: true,
  content: [{ type: 'text', text: 'not configured: no db.json in the workspace roots' }],
}));

async function loadConfigFromRoots(): Promise<void> {
  const { roots } = await server.server.listRoots();
  for (const root of roots) {
    const config = JSON.parse(readFileSync(fileURLToPath(new URL('db.json', `${root.uri}/`)), 'utf8')) as { url: string };
    // @mcp-migrate-todo(server-push/tool-toggle): `update()` runs from the `oninitialized` hook, when a client completes the handshake: it configures the item per connection, from what the client said or offered then (its roots, its name). 2026-07-28 has no handshake, so this never runs for a 2026-07-28 client (and a per-request server would not keep it): take the configuration from where it is needed, the server's own settings, an argument of the tool, or inputRequired.listRoots() inside the tool call, and register the item configured (or have its handler read the configuration per call).
    queryTool.update({
      callback: async () => ({ content: [{ type: 'text', text: `querying ${config.url}` }] }),
    });
    return;
  }
}

server.server.oninitialized = () => {
  void loadConfigFromRoots();
};

await server.connect(new StdioServerTransport());
