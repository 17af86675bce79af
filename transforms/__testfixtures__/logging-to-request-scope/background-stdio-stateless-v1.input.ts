/**
 * A stdio server on SDK 1.x that reports a background job's progress as log messages. With `--target stateless-v1`
 * the server stays on SDK 1.x and its stdio connection outlives every request, so its 2025-era client still takes
 * them: the call is kept, marked, not turned into a stderr line (sweep 22 V2).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'indexer', version: '1.0.0' }, { capabilities: { logging: {} } });

let indexed = 0;
setInterval(() => {
  indexed += 10;
  void server.server.sendLoggingMessage({ level: 'info', logger: 'indexer', data: `indexed ${indexed} documents` });
}, 30_000);

await server.connect(new StdioServerTransport());
