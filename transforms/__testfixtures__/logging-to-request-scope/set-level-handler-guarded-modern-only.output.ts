/**
 * A logging/setLevel handler registered as the body of a brace-less `if`, and a log sender handed on right below an
 * inline one (review 38 R8, R1): with --modern-only the inline handler goes and the marker of the line below it stays;
 * the guarded one is marked, not removed (removed, the `if` would take the next statement as its body).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
const server = new McpServer({ name: 'watch', version: '1.0.0' }, { capabilities: { logging: {} } });
// @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage handed on as a function: whoever calls it has no request to log on, so 2026-07-28 clients never see the message. Hand the helper the request context instead and log with ctx.mcpReq.log(level, data, logger) there (it travels on that request when the request carries a log level); for a 2025-era-only path keep it, and send what must be seen to stderr or OpenTelemetry.
const send = server.server.sendLoggingMessage.bind(server.server);
// @mcp-migrate-todo(deprecated-feature/logging): logging/setLevel was removed in 2026-07-28: the client sends the level with every request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log honours it. This handler only serves 2025-era clients; remove it (the SDK installs one when the logging capability is declared).
if (process.env.MCP_LOGGING) server.server.setRequestHandler('logging/setLevel', () => ({}));
server.registerTool('ping', { description: 'Ping.' }, async () => {
  await send({ level: 'info', data: 'pinged' });
  return { content: [{ type: 'text', text: 'pong' }] };
});

await server.connect(new StdioServerTransport());
