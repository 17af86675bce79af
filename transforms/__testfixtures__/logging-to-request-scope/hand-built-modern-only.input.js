// @ts-check
/**
 * hand-built-js with --modern-only: the heartbeat's hand-built notification keeps its marker, which no longer says
 * 2025-era clients still take it (none is served); the stdout line moves to stderr.
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
