/**
 * The same stdio server migrated with --modern-only: no 2025-era client is served, so nothing receives
 * the background line any more; it goes to stderr, marked for a real log sink.
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
  // @mcp-migrate-todo(deprecated-feature/logging): logging outside a request: 2026-07-28 drops unsolicited notifications/message (Logging is deprecated, SEP-2577), so this now writes to stderr. Send it to OpenTelemetry or your logger, or log with ctx.mcpReq.log(level, data, logger) inside the handler whose work it describes.
  console.error(JSON.stringify({ level: 'debug', logger: 'indexer', data: `${indexed} files indexed` }));
}, 10_000).unref();

await server.connect(new StdioServerTransport());
