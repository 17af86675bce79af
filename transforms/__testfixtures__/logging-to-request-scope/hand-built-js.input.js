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

export const server = new McpServer({ name: 'relay', version: '2.1.0' }, { capabilities: { logging: {} } });

/**
 * @param {(params: { level: 'info'; data: unknown }) => Promise<void>} log
 * @param {string} target
 */
async function ping(log, target) {
  await log({ level: 'info', data: `pinging ${target}` });
  return `${target} is up`;
}

server.registerTool('ping', { description: 'Ping a host.', inputSchema: { target: z.string() } }, async ({ target }) => {
  const answer = await ping(server.server.sendLoggingMessage.bind(server.server), target);
  return { content: [{ type: 'text', text: answer }] };
});

let beats = 0;
setInterval(() => {
  const heartbeat = {
    method: 'notifications/message',
    params: { level: 'debug', data: `heartbeat ${++beats}` },
  };
  void server.server.notification(heartbeat);
}, 30_000).unref();

/** @param {string} text */
export function logFallback(text) {
  const line = {
    jsonrpc: '2.0',
    method: 'notifications/message',
    params: { level: 'error', logger: 'relay', data: text },
  };
  process.stdout.write(JSON.stringify(line) + '\n');
}
