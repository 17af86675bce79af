/**
 * A stdio server on SDK 1.x that reports a background job's progress as log messages. With `--target stateless-v1`
 * the server stays on SDK 1.x and its stdio connection outlives every request, so its 2025-era client still takes
 * them: the call is kept, marked, not turned into a stderr line (sweep 22 V2).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
const server = new McpServer({ name: 'indexer', version: '1.0.0' }, { capabilities: { logging: {} } });

let indexed = 0;
setInterval(() => {
  indexed += 10;
  // @mcp-migrate-todo(deprecated-feature/logging): sendLoggingMessage outside a request, kept: it still reaches 2025-era clients on stdio connections (deprecated, working through the deprecation window), but 2026-07-28 clients never receive it (no request carries it). If it must be seen, also write it to stderr or OpenTelemetry; apply --modern-only turns it into a stderr line.
  void server.server.sendLoggingMessage({ level: 'info', logger: 'indexer', data: `indexed ${indexed} documents` });
}, 30_000);

await server.connect(new StdioServerTransport());
