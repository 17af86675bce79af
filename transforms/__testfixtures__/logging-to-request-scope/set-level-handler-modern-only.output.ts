/**
 * A stdio server that declares the logging capability, answers logging/setLevel with a no-op (so that clients
 * setting a level do not get "method not found"), and logs through a small wrapper. With --modern-only the one send
 * goes to stderr; the capability then stays only for the setLevel handler, and its marker says so (sweep 18 R3).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

function loggerFor(server: McpServer) {
  return {
    info: (message: string) => {
      console.error(JSON.stringify({ level: 'info', logger: 'workspace', data: message }));
    },
  };
}

const server = new McpServer({ name: 'workspace', version: '1.0.0' });
// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). Nothing here sends a log message any more; it stays only for the logging/setLevel handler this server registers (the SDK refuses that registration without it), which only 2025-era clients call and --modern-only serves none: remove the handler and the capability together.
server.server.registerCapabilities({ logging: {} });
// @mcp-migrate-todo(deprecated-feature/logging): logging/setLevel was removed in 2026-07-28: the client sends the level with every request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log honours it. This handler only serves 2025-era clients; remove it (the SDK installs one when the logging capability is declared).
server.server.setRequestHandler('logging/setLevel', () => ({}));
const log = loggerFor(server);

server.registerTool('refresh', { description: 'Re-read the workspace.' }, async () => {
  log.info('workspace refreshed');
  return { content: [{ type: 'text', text: 'refreshed' }] };
});

await server.connect(new StdioServerTransport());
