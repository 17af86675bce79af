/**
 * A stdio server on SDK v2 that streams a background log to its client. While 2025-era clients are
 * served (the default), stdio keeps their connection open, so the background line still reaches them
 * and is kept, with a marker saying so; the log line inside the tool moves onto its request.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
const server = new McpServer({ name: 'indexer', version: '1.0.0' }, { capabilities: { logging: {} } });
let indexed = 0;

server.registerTool('index_file', { description: 'Index one file.', inputSchema: z.object({ path: z.string() }) }, async ({ path }, ctx) => {
  indexed++;
  await ctx.mcpReq.log('info', `indexed ${path}`, 'indexer');
  return { content: [{ type: 'text', text: `indexed ${path}` }] };
});

// Progress of the background indexer, every ten seconds.
setInterval(() => {
  // @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage outside a request, kept: it still reaches 2025-era clients on stdio connections (deprecated, working through the deprecation window), but 2026-07-28 clients never receive it (no request carries it). If it must be seen, also write it to stderr or OpenTelemetry; apply --modern-only turns it into a stderr line.
  void server.sendLoggingMessage({ level: 'debug', logger: 'indexer', data: `${indexed} files indexed` });
}, 10_000).unref();

await server.connect(new StdioServerTransport());
