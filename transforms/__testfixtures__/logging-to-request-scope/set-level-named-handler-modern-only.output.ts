/**
 * A logging/setLevel handler declared as a named function and registered by name: removing the registration would
 * leave the function unused, so with --modern-only it is marked, not removed, and the capability, which then stays only
 * for it once the one send went to stderr, is marked to go with it (sweep 18 R3).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });
// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). Nothing here sends a log message any more; it stays only for the logging/setLevel handler this server registers (the SDK refuses that registration without it), which only 2025-era clients call and --modern-only serves none: remove the handler and the capability together.
server.server.registerCapabilities({ logging: {} });

function acceptLevel() {
  return {};
}
// @mcp-migrate-todo(deprecated-feature/logging): logging/setLevel was removed in 2026-07-28: the client sends the level with every request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log honours it. This handler only serves 2025-era clients; remove it (the SDK installs one when the logging capability is declared).
server.server.setRequestHandler('logging/setLevel', acceptLevel);

setInterval(() => {
  console.error(JSON.stringify({ level: 'debug', logger: 'workspace', data: 'still watching' }));
}, 60_000);

await server.connect(new StdioServerTransport());
