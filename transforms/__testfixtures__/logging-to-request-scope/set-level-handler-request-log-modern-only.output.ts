/**
 * The logging capability, a no-op logging/setLevel handler and a tool that logs on its own request
 * (`ctx.mcpReq.log`): with --modern-only the handler goes (only 2025-era clients call it), but that log still needs the
 * capability (the SDK drops it without), so the capability's marker says it stays while the server sends log messages,
 * not that only the handler keeps it (session 33 review V5).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
const server = new McpServer({ name: 'builds', version: '1.0.0' }, { capabilities: { logging: {} } });

server.registerTool('rebuild', { description: 'Rebuild the project.' }, async (ctx) => {
  await ctx.mcpReq.log('info', 'rebuild started');
  return { content: [{ type: 'text', text: 'rebuilt' }] };
});

await server.connect(new StdioServerTransport());
