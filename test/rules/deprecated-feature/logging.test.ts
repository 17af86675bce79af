import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/deprecated-feature/logging.js';

ruleTester(rule, {
  valid: [
    {
      name: "SDK 1.x request-scoped logging: extra.sendNotification({ method: 'notifications/message' }) in a handler or a helper handed extra (what apply writes on --target stateless-v1)",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
async function note(extra: RequestHandlerExtra<ServerRequest, ServerNotification>, data: string) {
  await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data } });
}
server.tool('a', async (extra) => {
  await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'x' } });
  await note(extra, 'y');
  return { content: [] };
});`,
    },
    {
      name: 'registerCapabilities of something that is not an SDK server',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: 'x', version: '1' });
const registry = { registerCapabilities(_c: unknown) {} };
registry.registerCapabilities({ logging: {} });`,
    },
    {
      name: 'v2 ctx.mcpReq.log (the replacement)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('work', { description: 'd' }, async (ctx) => {
  ctx.mcpReq.log('info', 'starting');
  return { content: [] };
});`,
    },
    {
      name: 'sendLoggingMessage on an application logger',
      code: `import { createLogger } from './logger.js';
const logger = createLogger();
export function report(msg: string) {
  logger.sendLoggingMessage({ level: 'info', data: msg });
  console.error(msg);
}`,
    },
    {
      name: 'a logging key outside SDK server capabilities',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import pino from 'pino';
export const server = new McpServer({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
export const config = { logging: { level: 'info' }, capabilities: { logging: {} } };
export const log = pino(config.logging);`,
    },
    {
      name: 'capabilities of a client (client package)',
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
export const client = new Client({ name: 'c', version: '1' }, { capabilities: { logging: {} } as any });`,
    },
    {
      name: 'other raw notifications and strings in comments',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
// sendNotification({ method: 'notifications/message' }) is gone
server.tool('p', async (extra) => {
  await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
  return { content: [] };
});`,
    },
    {
      name: 'a helper that builds an HTTP request around the method it is given (not an MCP method)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: 'x', version: '1' });
function buildRequest(method: string, url: string) {
  return { method, url, headers: { accept: 'application/json' } };
}
export const request = buildRequest('GET', 'https://example.com/notifications/message');`,
    },
  ],
  invalid: [
    {
      name: 'a CommonJS hub building notifications around the method it is given and writing them to every transport (sweep 39 AM1)',
      code: `'use strict';
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new McpServer({ name: 'hub', version: '1' });
const transports = new Set();
function buildNotification(method, params) {
  return { jsonrpc: '2.0', method, params };
}
async function broadcast(notification) {
  for (const t of transports) await t.send(notification);
}
async function logAndNotify(level, data) {
  return broadcast(buildNotification('notifications/message', { level, logger: 'hub', data }));
}
module.exports = { server, logAndNotify };`,
      filename: 'hub.js',
      errors: [{ messageId: 'raw', line: 12 }],
    },
    {
      name: 'the method in a constant, or handed through a second helper (review 44 S44-7)',
      code: `'use strict';
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new McpServer({ name: 'hub', version: '1' });
const LOG_METHOD = 'notifications/message';
const transports = new Set();
function buildNotification(method, params) { return { jsonrpc: '2.0', method, params }; }
async function broadcast(notification) { for (const t of transports) await t.send(notification); }
async function notify(method, params) { return broadcast(buildNotification(method, params)); }
async function logAndNotify(level, data) { return broadcast(buildNotification(LOG_METHOD, { level, data })); }
async function logViaNotify(level, data) { return notify('notifications/message', { level, data }); }
module.exports = { server, logAndNotify, logViaNotify };`,
      filename: 'hub.js',
      errors: [
        { messageId: 'raw', line: 9 },
        { messageId: 'raw', line: 10 },
      ],
    },
    {
      name: 'a broadcast over a copy of a registry of per-connection servers: `[...map.values()]` and `Array.from(map.values())` yield what the map holds (sweep 34 AH9)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const connections = new Map<string, { server: McpServer }>();
export function notifyAll(message: string): void {
  [...connections.values()].forEach((connection) => {
    void connection.server.server.sendLoggingMessage({ level: 'warning', data: message });
  });
  for (const { server } of Array.from(connections.values())) void server.server.sendLoggingMessage({ level: 'info', data: message });
}`,
      errors: [
        { messageId: 'call', line: 5 },
        { messageId: 'call', line: 7 },
      ],
    },
    {
      name: 'a server through two wrappers the program cannot read, the second given the first one\'s variable (sweep 14 M1\'s second review)',
      code: `import * as Sentry from '@sentry/node';
import { instrument } from 'otel-mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const sentried = Sentry.wrapMcpServerWithSentry(new McpServer({ name: 'c', version: '1' }));
const server = instrument(sentried);
server.registerTool('echo', {}, async () => {
  await server.server.sendLoggingMessage({ level: 'info', data: 'echo' });
  return { content: [] };
});`,
      errors: [{ messageId: 'call', line: 7 }],
    },
    {
      name: 'logging registered on the low-level server after construction',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class CliServer {
  constructor(public readonly mcpServer: McpServer) {}
  connect() {
    this.mcpServer.server.registerCapabilities({
      logging: {},
      resources: { listChanged: true },
    });
  }
}`,
      errors: [{ messageId: 'capability', line: 6 }],
    },
    {
      name: 'logging capability declared in a constant from another module (directly and spread)',
      code: {
        'src/capabilities.ts': `export const SERVER_CAPABILITIES = {
  tools: {},
  logging: {},
};
export const BASE = { logging: {} };
export const UNUSED = { logging: {} };`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SERVER_CAPABILITIES, BASE } from './capabilities.js';
export const a = new McpServer({ name: 'a', version: '1' }, { capabilities: SERVER_CAPABILITIES });
export const b = new McpServer({ name: 'b', version: '1' }, { capabilities: { ...BASE, tools: {} } });`,
      },
      errors: [
        { messageId: 'capability', line: 3, file: 'src/capabilities.ts' },
        { messageId: 'capability', line: 5, file: 'src/capabilities.ts' },
      ],
    },
    {
      name: 'v1 capabilities.logging inline',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer(
  { name: 'x', version: '1' },
  { capabilities: { tools: {}, logging: {} } },
);`,
      errors: [{ messageId: 'capability', line: 4 }],
    },
    {
      name: 'v2 low-level Server: options variable and a logging/setLevel handler',
      code: `import { Server } from '@modelcontextprotocol/server';
const options = {
  capabilities: {
    logging: {},
  },
};
const server = new Server({ name: 'x', version: '1' }, options);
server.setRequestHandler('logging/setLevel', async () => ({}));`,
      errors: [
        { messageId: 'capability', line: 4 },
        { messageId: 'handler', line: 8 },
      ],
    },
    {
      name: 'v1 sendLoggingMessage on McpServer and server.server, SetLevelRequestSchema handler',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SetLevelRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
server.server.setRequestHandler(SetLevelRequestSchema, async () => ({}));
server.tool('work', async (extra) => {
  await server.sendLoggingMessage({ level: 'info', data: 'start' });
  await server.server.sendLoggingMessage({ level: 'info', data: 'end' }, extra.sessionId);
  return { content: [] };
});`,
      errors: [
        { messageId: 'handler', line: 4 },
        { messageId: 'call', line: 6 },
        { messageId: 'call', line: 7 },
      ],
    },
    {
      name: 'v2 raw notifications/message through ctx.mcpReq.notify (it skips the per-request log level ctx.mcpReq.log honours)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'y', version: '1' });
server.registerTool('b', { description: 'd' }, async (ctx) => {
  await ctx.mcpReq.notify({
    method: 'notifications/message',
    params: { level: 'debug', data: 'y' },
  });
  return { content: [] };
});`,
      errors: [{ messageId: 'raw', line: 5 }],
    },
    {
      name: 'SDK 1.x: notifications/message sent through the server, not the request, stays a finding',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('a', async () => {
  await server.server.notification({ method: 'notifications/message', params: { level: 'info', data: 'x' } });
  return { content: [] };
});`,
      errors: [{ messageId: 'raw', line: 4 }],
    },
    {
      name: 'CommonJS namespace require',
      filename: 'src/server.cjs',
      code: `const mcp = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new mcp.McpServer({ name: 'x', version: '1' }, { capabilities: { logging: {} } });
module.exports.log = (data) => server.sendLoggingMessage({ level: 'info', data });`,
      errors: [
        { messageId: 'capability', line: 2 },
        { messageId: 'call', line: 3 },
      ],
    },
    {
      name: 'server passed to a helper in another module through a re-export module',
      code: {
        'src/sdk.ts': "export { McpServer as Mcp } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/log.ts': `import type { Mcp } from './sdk.js';
export function notify(server: Mcp, data: string) {
  return server.server.sendLoggingMessage({ level: 'warning', data });
}`,
      },
      errors: [{ messageId: 'call', line: 3, file: 'src/log.ts' }],
    },
    {
      name: 'a gateway answering initialize by hand declares logging, and queues a raw log notification',
      filename: 'src/gateway.js',
      code: `const pending = [];
export function answer(body) {
  switch (body.method) {
    case 'initialize':
      return { protocolVersion: '2025-06-18', capabilities: { tools: {}, logging: {} }, serverInfo: { name: 'gw', version: '1' } };
    case 'tools/call':
      pending.push({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'called' } });
      return { content: [] };
  }
  return null;
}
export function logNotification(data) {
  return { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data } };
}`,
      errors: [
        { messageId: 'capability', line: 5 },
        { messageId: 'raw', line: 7 },
        { messageId: 'raw', line: 13 },
      ],
    },
  ],
});
