// @ts-check
/**
 * hand-built-js with --modern-only: the heartbeat's hand-built notification keeps its marker, which no longer says
 * 2025-era clients still take it (none is served); the stdout line moves to stderr.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// @mcp-migrate-todo(deprecated-feature/logging): the logging capability is deprecated in 2026-07-28 (SEP-2577). It stays while this server still sends log messages (the SDK refuses notifications/message without it); remove it together with the last of them once logging goes to stderr or OpenTelemetry.
export const server = new McpServer({ name: 'relay', version: '2.1.0' }, { capabilities: { logging: {} } });

/**
 * @param {(params: { level: 'info'; data: unknown }) => Promise<void>} log
 * @param {string} target
 */
async function ping(log, target) {
  await log({ level: 'info', data: `pinging ${target}` });
  return `${target} is up`;
}

server.registerTool('ping', { description: 'Ping a host.', inputSchema: { target: z.string() } }, async ({ target }, extra) => {
  const answer = await ping((params) => extra.sendNotification({ method: 'notifications/message', params }), target);
  return { content: [{ type: 'text', text: answer }] };
});

let beats = 0;
setInterval(() => {
  // @mcp-migrate-todo(deprecated-feature/logging): a notifications/message built by hand and written to the client: with --modern-only no 2025-era client is served, and 2026-07-28 delivers a log message only on the response stream of a request that asked for a level (_meta io.modelcontextprotocol/logLevel), and Logging is deprecated (SEP-2577). On stdio write diagnostics to stderr; over HTTP send them to OpenTelemetry, or log with ctx.mcpReq.log(level, data, logger) in the handler the message is about.
  const heartbeat = {
    method: 'notifications/message',
    params: { level: 'debug', data: `heartbeat ${++beats}` },
  };
  void server.server.notification(heartbeat);
}, 30_000).unref();

/** @param {string} text */
export function logFallback(text) {
  const line = { level: 'error', logger: 'relay', data: text };
  process.stderr.write(JSON.stringify(line) + '\n');
}
