/**
 * Logging on SDK v2 under --target stateless-v1 (review 40 R40-13): a file already on v2 keeps v2's request context
 * (`ctx.mcpReq.log`), not SDK 1.x's `extra.sendNotification`, which v2 does not have. As in cart-v2: a log line inside a tool handler, a handler that did not declare its context,
 * a background heartbeat, and a custom logging/setLevel handler.
 */
import { McpServer, type LoggingLevel } from '@modelcontextprotocol/server';
import { z } from 'zod';

let level: LoggingLevel = 'info';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'cart', version: '1.0.0' }, { capabilities: { logging: {} } });

  server.registerTool('add_item', { description: 'Add an item.', inputSchema: z.object({ sku: z.string() }) }, async ({ sku }, ctx) => {
    await server.sendLoggingMessage({ level: 'info', logger: 'cart', data: `added ${sku}` }, ctx.sessionId);
    return { content: [{ type: 'text', text: `added ${sku}` }] };
  });

  server.registerTool('clear', { description: 'Clear the cart.' }, async () => {
    // Cleared on request.
    await server.server.sendLoggingMessage({ level: 'warning', data: { cleared: true } });
    return { content: [{ type: 'text', text: 'cleared' }] };
  });

  server.server.setRequestHandler('logging/setLevel', async (request) => {
    level = request.params.level;
    return {};
  });

  setInterval(() => {
    void server.sendLoggingMessage({ level: 'debug', logger: 'heartbeat', data: `alive at level ${level}` });
  }, 30_000).unref();

  return server;
}
