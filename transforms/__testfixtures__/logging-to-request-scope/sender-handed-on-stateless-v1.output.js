// @ts-check
/**
 * SDK 1.x (--target stateless-v1): a tool handler hands the server's log sender to a helper; on the
 * stateless v1 server the request-scoped form is a notifications/message sent through the handler's extra.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/**
 * @param {(params: { level: 'debug' | 'info'; data: unknown; logger?: string }) => Promise<void>} log
 * @param {string} query
 */
async function search(log, query) {
  await log({ level: 'info', data: `searching for ${query}` });
  return { content: [{ type: /** @type {const} */ ('text'), text: `no results for ${query}` }] };
}

export function buildServer() {
  // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
  const server = new McpServer({ name: 'search', version: '1.0.0' }, { capabilities: { logging: {} } });

  server.registerTool('search', { description: 'Search.', inputSchema: { query: z.string() } }, async ({ query }, extra) => {
    if (extra.signal.aborted) throw new Error('cancelled');
    return search((params) => extra.sendNotification({ method: 'notifications/message', params }), query);
  });

  server.registerTool('search_all', { description: 'Search everything.', inputSchema: { limit: z.number() } }, async ({ limit }, extra) => search((params) => extra.sendNotification({ method: 'notifications/message', params }), `* (first ${limit})`));

  return server;
}
