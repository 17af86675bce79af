// @ts-check
/**
 * Logging on SDK 1.x (CommonJS, --target stateless-v1): the request-scoped form is a
 * notifications/message sent through the handler's extra.
 */
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { z } = require('zod');

function buildServer() {
  // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
  const server = new McpServer({ name: 'tools', version: '1.0.0' }, { capabilities: { logging: {} } });

  server.registerTool('echo', { description: 'Echo.', inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: `echo ${text}` } });
    return { content: [{ type: 'text', text }] };
  });

  return server;
}

module.exports = { buildServer };
