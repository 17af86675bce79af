/**
 * The same stdio server migrated with --modern-only: no 2025-era client is served, so nothing receives
 * the background line any more; it goes to stderr, the spec's replacement on stdio, with nothing left to
 * do (a note in MIGRATION.md names OpenTelemetry and the project's logger as the other sinks).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

const server = new McpServer({ name: 'indexer', version: '1.0.0' }, { capabilities: { logging: {} } });
let indexed = 0;

server.registerTool('index_file', { description: 'Index one file.', inputSchema: z.object({ path: z.string() }) }, async ({ path }) => {
  indexed++;
  await server.sendLoggingMessage({ level: 'info', logger: 'indexer', data: `indexed ${path}` });
  return { content: [{ type: 'text', text: `indexed ${path}` }] };
});

// Progress of the background indexer, every ten seconds.
setInterval(() => {
  void server.sendLoggingMessage({ level: 'debug', logger: 'indexer', data: `${indexed} files indexed` });
}, 10_000).unref();

await server.connect(new StdioServerTransport());
