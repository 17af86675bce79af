/**
 * The factory throws when the configuration is missing, and the CLI reports a failed start and exits (the
 * stape-io/google-tag-manager-mcp-server CLI's shape, sweep 37 AK8). serveStdio builds its servers later, per
 * connection, and answers a failed build with an internal error: the factory is called once before serving, so a
 * configuration error still stops the start.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function authFromEnv(env: NodeJS.ProcessEnv): { token: string } {
  if (!env.GTM_API_TOKEN) throw new Error('Set GTM_API_TOKEN (see README: Authentication).');
  return { token: env.GTM_API_TOKEN };
}

export function createServer(options: { env: NodeJS.ProcessEnv }): McpServer {
  const auth = authFromEnv(options.env);
  const server = new McpServer({ name: 'gtm', version: '1.3.0' });
  server.registerTool('whoami', { description: 'The account the token belongs to' }, async () => ({
    content: [{ type: 'text', text: auth.token.slice(0, 4) }],
  }));
  return server;
}

async function main(): Promise<void> {
  createServer({ env: process.env }); // built once before serving: a configuration error stops the start, as it did before serveStdio
  serveStdio(() => createServer({ env: process.env }));
  console.error('gtm ready on stdio');
}

main().catch((error: Error) => {
  console.error(`gtm failed to start:\n${error.message}`);
  process.exit(1);
});
