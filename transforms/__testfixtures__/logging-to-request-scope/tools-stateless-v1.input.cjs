// @ts-check
/**
 * Logging on SDK 1.x (CommonJS, --target stateless-v1): the request-scoped form is a
 * notifications/message sent through the handler's extra.
 */
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { z } = require('zod');

function buildServer() {
  const server = new McpServer({ name: 'tools', version: '1.0.0' }, { capabilities: { logging: {} } });

  server.registerTool('echo', { description: 'Echo.', inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    await server.sendLoggingMessage({ level: 'info', data: `echo ${text}` }, extra.sessionId);
    return { content: [{ type: 'text', text }] };
  });

  return server;
}

module.exports = { buildServer };
