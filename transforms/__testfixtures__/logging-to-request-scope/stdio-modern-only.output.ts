/**
 * The same stdio server migrated with --modern-only: no 2025-era client is served, so nothing receives
 * the background line any more; it goes to stderr, the spec's replacement on stdio, with nothing left to
 * do (a note in MIGRATION.md names OpenTelemetry and the project's logger as the other sinks).
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
  console.error(JSON.stringify({ level: 'debug', logger: 'indexer', data: `${indexed} files indexed` }));
}, 10_000).unref();

await server.connect(new StdioServerTransport());
