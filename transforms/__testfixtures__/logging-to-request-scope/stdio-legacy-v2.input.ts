/**
 * A stdio server on SDK v2 that streams a background log to its client. While 2025-era clients are
 * served (the default), stdio keeps their connection open, so the background line still reaches them
 * and is kept, with a marker saying so; the log line inside the tool moves onto its request.
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
