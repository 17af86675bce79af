import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/server-push/ping.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a health monitor built around the server (a library the program cannot read) pings its own upstream: it is no server, since nothing uses it as one',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { monitor } from 'healthcheck-lib';
const server = new McpServer({ name: 'x', version: '1' });
const health = monitor(server, { upstream: 'https://api.example.com' });
setInterval(() => health.ping(), 30_000);
server.registerTool('status', {}, async () => {
  await health.ping();
  return { content: [] };
});`,
    },
    {
      name: 'db.ping(), redis.ping(), ws.ping()',
      code: `import { Pool } from 'pg';
import Redis from 'ioredis';
import { WebSocket } from 'ws';
const db = { ping: async () => new Pool().query('select 1') };
const redis = new Redis();
export async function health(ws: WebSocket) {
  await db.ping();
  await redis.ping();
  ws.ping();
}`,
    },
    {
      name: "a client's ping() (client package)",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
export const alive = () => client.ping();`,
    },
    {
      name: 'a ping message that is not sent through the SDK, and an HTTP health route',
      code: `import express from 'express';
const app = express();
export const message = { jsonrpc: '2.0', id: 1, method: 'ping' };
app.get('/ping', (_req, res) => res.json({ ok: true }));
console.log(JSON.stringify({ method: 'ping' }));`,
    },
    {
      name: 'keep-alive comments only (SSE comment lines)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
export const server = new McpServer({ name: 'x', version: '1' });
// setInterval(() => server.server.ping(), 30_000) -- transport keep-alives instead`,
    },
    {
      name: 'JSDoc-typed client (client package) pinging the server',
      filename: 'src/client.js',
      code: `/** @param {import('@modelcontextprotocol/sdk/client/index.js').Client} client */
export function keepAlive(client) {
  return setInterval(() => client.ping(), 10000);
}`,
    },
    {
      name: 'a factory declared to return a project type is not an SDK server',
      code: `class Pinger { request(_m: { method: string }) { return Promise.resolve(); } }
export class Manager {
  constructor(private createPinger: () => Promise<{ server: Pinger }>) {}
  async start() {
    const p = await this.createPinger();
    await p.server.request({ method: 'ping' });
  }
}`,
    },
  ],
  invalid: [
    {
      name: 'a server from a factory known only by its declared type (a constructor parameter property)',
      code: `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
export class TransportManager {
  constructor(private createMcpServer: () => Promise<McpServer>) {}
  async start() {
    const mcpServer = await this.createMcpServer();
    setInterval(() => mcpServer.server.request({ method: 'ping' }, EmptyResultSchema), 10_000);
  }
}
export abstract class Runner {
  protected abstract createServer(): McpServer;
  keepAlive() {
    return this.createServer().server.ping();
  }
}`,
      errors: [
        { messageId: 'raw', line: 7 },
        { messageId: 'call', line: 13 },
      ],
    },
    {
      name: 'v1 ping handler registered with PingRequestSchema',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setRequestHandler(PingRequestSchema, async () => ({}));`,
      errors: [{ messageId: 'handler', line: 4 }],
    },
    {
      name: 'SDK values through as-unknown-as casts and indexed-access types',
      code: `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = (globalThis as any).mcpServer as unknown as McpServer;
export async function keepAlive() {
  await server.server.ping();
}
export function pingLowLevel(low: McpServer['server']) {
  return low.ping();
}
export function pingCast(holder: { s: unknown }) {
  return (<McpServer>holder.s).server.ping();
}`,
      errors: [
        { messageId: 'call', line: 4 },
        { messageId: 'call', line: 7 },
        { messageId: 'call', line: 10 },
      ],
    },
    {
      name: 'SDK classes from dynamic await import() and typeof import() declarations',
      code: `const { Server } = await import('@modelcontextprotocol/sdk/server/index.js');
const sdk = await import('@modelcontextprotocol/sdk/server/index.js');
const Low = (await import('@modelcontextprotocol/sdk/server/index.js')).Server;
let Ctor: typeof import('@modelcontextprotocol/sdk/server/index.js').Server;
declare const loaded: unknown;
const mod = loaded as typeof import('@modelcontextprotocol/sdk/server/index.js');
export async function run() {
  await new Server({ name: 'a', version: '1' }, {}).ping();
  await new sdk.Server({ name: 'b', version: '1' }, {}).ping();
  await new Low({ name: 'c', version: '1' }, {}).ping();
  await new Ctor({ name: 'd', version: '1' }, {}).ping();
  await new mod.Server({ name: 'e', version: '1' }, {}).ping();
}`,
      errors: [
        { messageId: 'call', line: 8 },
        { messageId: 'call', line: 9 },
        { messageId: 'call', line: 10 },
        { messageId: 'call', line: 11 },
        { messageId: 'call', line: 12 },
      ],
    },
    {
      name: 'v2 keep-alive interval on server.server.ping()',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
setInterval(() => {
  server.server.ping().catch(() => console.error('client gone'));
}, 30_000);`,
      // Placed at the method name, with the method as message data.
      errors: [{ messageId: 'call', line: 4, column: 17, endLine: 4, endColumn: 21, data: { method: 'ping' } }],
    },
    {
      name: 'v1 low-level Server ping before long work',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
export async function longWork() {
  await server.ping();
}`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'raw ping through extra.sendRequest and server.server.request',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('check', async (extra) => {
  await extra.sendRequest({ method: 'ping' }, EmptyResultSchema);
  await server.server.request(
    { method: 'ping' },
    EmptyResultSchema,
  );
  return { content: [] };
});`,
      errors: [
        { messageId: 'raw', line: 5 },
        { messageId: 'raw', line: 7 },
      ],
    },
    {
      name: 'v2 ping handler and ctx.mcpReq.send',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.server.setRequestHandler('ping', async () => ({}));
server.registerTool('alive', { description: 'd' }, async (ctx) => {
  await ctx.mcpReq.send({ method: 'ping' });
  return { content: [] };
});`,
      errors: [
        { messageId: 'handler', line: 3 },
        { messageId: 'raw', line: 5 },
      ],
    },
    {
      name: "a keepalive helper destructuring the handler's sendRequest from an options object typed by the project",
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
type SendRequest = Parameters<Parameters<Server['setRequestHandler']>[1]>[1]['sendRequest'];
function keepalive(options: { sendRequest?: SendRequest; intervalMs: number }) {
  const { sendRequest, intervalMs } = options;
  return setInterval(() => void sendRequest?.({ method: 'ping' }, EmptyResultSchema), intervalMs);
}
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (_request, { sendRequest }) => {
  clearInterval(keepalive({ sendRequest, intervalMs: 1000 }));
  return { content: [] };
});`,
      errors: [{ messageId: 'raw', line: 6 }],
    },
    {
      name: 'CommonJS whole-module require',
      filename: 'src/server.cjs',
      code: `const sdk = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new sdk.McpServer({ name: 'x', version: '1' });
module.exports.keepAlive = () => setInterval(() => server.server.ping(), 15000);`,
      errors: [{ messageId: 'call', line: 3 }],
    },
    {
      name: 'server from a factory in a project re-export module, pinged in another file',
      code: {
        'src/sdk.ts': "export * from '@modelcontextprotocol/sdk/server/index.js';",
        'src/factory.ts': `import { Server } from './sdk.js';
export function createServer() {
  return new Server({ name: 'x', version: '1' }, { capabilities: {} });
}`,
        'src/index.ts': `import { createServer } from './factory.js';
const server = createServer();
export const probe = () => server.ping();`,
      },
      errors: [{ messageId: 'call', line: 3, file: 'src/index.ts' }],
    },
  ],
});
