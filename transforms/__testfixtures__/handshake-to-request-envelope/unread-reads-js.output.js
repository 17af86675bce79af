// @ts-check
/**
 * An unread client-info read in plain JavaScript (SDK v2): the `const` is a pure read nobody uses.
 */
import { McpServer } from '@modelcontextprotocol/server';

/** @param {McpServer} server */
export function registerStatusTool(server) {
  server.registerTool('status', { description: 'Server status.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
}
