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
