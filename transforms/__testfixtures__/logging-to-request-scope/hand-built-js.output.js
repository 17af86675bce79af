// @ts-check
/**
 * A server on SDK v1 whose log lines do not go through a handler's request: a heartbeat that sends a
 * hand-built notification, and a fallback that writes a JSON-RPC log line to stdout itself. Neither
 * has a request to travel on: each gets one marker, the one written to stdout saying that stderr is
 * the stdio server's log channel. The helper a tool handler hands the bound log
 * sender gets the request's own sender instead (extra.sendNotification).
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
  // @mcp-migrate-todo(deprecated-feature/logging): a notifications/message built by hand and written to the client: 2025-era clients still take it, but 2026-07-28 delivers a log message only on the response stream of a request that asked for a level (_meta io.modelcontextprotocol/logLevel), and Logging is deprecated (SEP-2577). On stdio write diagnostics to stderr; over HTTP send them to OpenTelemetry, or log with ctx.mcpReq.log(level, data, logger) in the handler the message is about.
  const heartbeat = {
    method: 'notifications/message',
    params: { level: 'debug', data: `heartbeat ${++beats}` },
  };
  void server.server.notification(heartbeat);
}, 30_000).unref();

/** @param {string} text */
export function logFallback(text) {
  // @mcp-migrate-todo(deprecated-feature/logging): a notifications/message written straight to stdout, outside any request: 2025-era stdio clients still take it, but a 2026-07-28 client must not get one unless a request asked for a log level (_meta io.modelcontextprotocol/logLevel), and then only as part of that request (Logging is deprecated, SEP-2577). stderr is the log channel of a stdio server: for 2026-07-28 clients write the line there (console.error / process.stderr.write) instead of wrapping it in a notification; keep the notification only while the connection is a 2025-era one (serveStdio tells the two apart), or log with ctx.mcpReq.log(level, data, logger) in the handler the line is about. Kept: it is the log of the 2025-era clients this server still serves; apply --modern-only (2026-07-28 clients only) writes it to stderr without its JSON-RPC envelope.
  const line = {
    jsonrpc: '2.0',
    method: 'notifications/message',
    params: { level: 'error', logger: 'relay', data: text },
  };
  process.stdout.write(JSON.stringify(line) + '\n');
}
