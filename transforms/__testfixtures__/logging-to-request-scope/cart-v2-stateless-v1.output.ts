/**
 * Logging on SDK v2 under --target stateless-v1 (review 40 R40-13): a file already on v2 keeps v2's request context
 * (`ctx.mcpReq.log`), not SDK 1.x's `extra.sendNotification`, which v2 does not have. As in cart-v2: a log line inside a tool handler, a handler that did not declare its context,
 * a background heartbeat, and a custom logging/setLevel handler.
 */
import { McpServer, type LoggingLevel } from '@modelcontextprotocol/server';
import { z } from 'zod';

let level: LoggingLevel = 'info';

export function buildServer(): McpServer {
  // @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
  const server = new McpServer({ name: 'cart', version: '1.0.0' }, { capabilities: { logging: {} } });

  server.registerTool('add_item', { description: 'Add an item.', inputSchema: z.object({ sku: z.string() }) }, async ({ sku }, ctx) => {
    await ctx.mcpReq.log('info', `added ${sku}`, 'cart');
    return { content: [{ type: 'text', text: `added ${sku}` }] };
  });

  server.registerTool('clear', { description: 'Clear the cart.' }, async (ctx) => {
    // Cleared on request.
    await ctx.mcpReq.log('warning', { cleared: true });
    return { content: [{ type: 'text', text: 'cleared' }] };
  });

  // @mcp-migrate-todo(deprecated-feature/logging): logging/setLevel was removed in 2026-07-28: the client sends the level with every request (_meta io.modelcontextprotocol/logLevel) and ctx.mcpReq.log honours it. This handler only serves 2025-era clients; remove it (the SDK installs one when the logging capability is declared).
  server.server.setRequestHandler('logging/setLevel', async (request) => {
    level = request.params.level;
    return {};
  });

  setInterval(() => {
    // @mcp-migrate-todo(deprecated-feature/logging): logging outside a request: 2026-07-28 drops unsolicited notifications/message (Logging is deprecated, SEP-2577), so this now writes to stderr. Send it to OpenTelemetry or your logger, or log with ctx.mcpReq.log(level, data, logger) inside the handler whose work it describes.
    console.error(JSON.stringify({ level: 'debug', logger: 'heartbeat', data: `alive at level ${level}` }));
  }, 30_000).unref();

  return server;
}
