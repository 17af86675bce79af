import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handshake/initialize-handler.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a catch-all handler testing a tool argument or a step named initialize (not the request method; review 34 X3)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
declare function setupWorkspace(): void;
export const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.fallbackRequestHandler = async (request) => {
  if (request.method === 'tools/call') {
    if (request.params?.name === 'initialize') setupWorkspace();
    const steps = ['initialize', 'load'].filter((step) => step === 'initialize');
    return { content: [{ type: 'text', text: steps.join() }] };
  }
  return {};
};`,
    },
    {
      name: 'a method switch that is not an SDK server\'s fallback handler',
      code: `export const router = { fallbackRequestHandler: undefined as unknown };
router.fallbackRequestHandler = async (request: { method: string }) => (request.method === 'initialize' ? 1 : 0);
export function route(method: string) {
  if (method === 'initialize') return 'init';
  return 'other';
}`,
    },
    {
      name: 'a project schema for another method',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { z } from 'zod';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
const Custom = z.object({ method: z.literal('custom/ping'), params: z.object({}) });
server.setRequestHandler(Custom, async () => ({}));`,
    },
    {
      name: 'ordinary request handlers on a low-level server',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));`,
    },
    {
      name: "a non-SDK JSON-RPC router's initialize handler",
      code: `import { JsonRpcRouter } from 'json-rpc-lite';
const rpc = new JsonRpcRouter();
rpc.setRequestHandler('initialize', async () => ({ ok: true }));
rpc.setNotificationHandler('notifications/initialized', () => {});`,
    },
    {
      name: 'the schema used for validation, not registration',
      code: `import { InitializeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
export const isInitialize = (body: unknown) => InitializeRequestSchema.safeParse(body).success;`,
    },
    {
      name: 'client-side handlers (client package)',
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
(client as any).setRequestHandler('initialize', async () => ({}));`,
    },
    {
      name: 'an event emitter listening for initialize',
      code: `import { EventEmitter } from 'node:events';
const events = new EventEmitter();
events.on('initialize', () => console.log('init'));`,
    },
    {
      name: 'a worker message protocol with its own initialize (no MCP method, no SDK message type)',
      code: `type WorkerMessage = { method: 'initialize' | 'start' | 'stop'; payload?: unknown };
export function onWorkerMessage(message: WorkerMessage) {
  if (message.method === 'initialize') return { ready: true };
  switch (message.method) {
    case 'start':
      return { started: true };
  }
  return undefined;
}`,
    },
    {
      name: 'client code building initialize params (clientInfo, not serverInfo)',
      code: `export const initializeParams = {
  protocolVersion: '2025-06-18',
  capabilities: { sampling: {} },
  clientInfo: { name: 'gateway-client', version: '1.0.0' },
};`,
    },
    {
      name: 'a server card (SEP-1649) names protocolVersion, serverInfo and capabilities among members an InitializeResult does not have',
      code: `import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
export function getServerCard() {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion: LATEST_PROTOCOL_VERSION,
    serverInfo: { name: 'x', version: '1' },
    transport: { type: 'streamable-http', endpoint: '/' },
    capabilities: { tools: {} },
    tools: 'dynamic',
  };
}`,
    },
    {
      name: "a log summary of a handled request's result, switching on a method handed in as a plain parameter (sweep 34 AH2)",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
function summarizeSuccess(method: string, result: unknown): Record<string, unknown> | undefined {
  const payload = result as Record<string, unknown>;
  switch (method) {
    case 'initialize': {
      const protocolVersion = payload['protocolVersion'];
      return typeof protocolVersion === 'string' ? { protocolVersion } : undefined;
    }
    case 'tools/list':
      return Array.isArray(payload['tools']) ? { toolCount: payload['tools'].length } : undefined;
    default:
      return undefined;
  }
}
export function createServer(): McpServer {
  const server = new McpServer({ name: 'ah2', version: '0.1.0' });
  server.registerTool('status', { description: 'Status' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  return server;
}
export function logResult(method: string, result: unknown) {
  console.error(JSON.stringify({ method, ...summarizeSuccess(method, result) }));
}
await createServer().connect(new StdioServerTransport());`,
    },
  ],
  invalid: [
    {
      name: 'a JSON-RPC answer to initialize built by hand in a helper that takes the method as a parameter (review 42 S42-7)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export const server = new McpServer({ name: 'x', version: '1' });
let cachedInitialize: unknown;
function localAnswer(method: string, id: number | string): object | undefined {
  switch (method) {
    case 'initialize': return { jsonrpc: '2.0', id, result: cachedInitialize };
    case 'tools/list': return { jsonrpc: '2.0', id, result: { tools: [] } };
    default: return undefined;
  }
}
const app = express();
app.post('/mcp', (req, res) => {
  const local = localAnswer(req.body.method, req.body.id);
  if (local) res.json(local);
});`,
      errors: [{ messageId: 'plumbing', line: 7 }],
    },
    {
      name: 'a fallback request handler on an SDK server that answers initialize itself (JS, if and switch)',
      filename: 'src/server.js',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.fallbackRequestHandler = async (request) => {
  const { method } = request;
  if (method === 'initialize') {
    return { protocolVersion: '2024-11-05', capabilities: {}, serverInfo: { name: 'x', version: '1' } };
  }
  switch (request.method) {
    case 'notifications/initialized':
      return {};
  }
  return {};
};`,
      errors: [
        { messageId: 'handler', line: 5 },
        { messageId: 'handler', line: 9 },
      ],
    },
    {
      name: 'initialize handlers registered with project schemas (a method literal, an extended SDK schema)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InitializedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
const CustomInitializeSchema = z.object({
  method: z.literal('initialize'),
  params: z.object({ protocolVersion: z.string() }).passthrough(),
});
const Initialized = InitializedNotificationSchema.extend({ params: z.object({}).optional() });
server.setRequestHandler(CustomInitializeSchema, async () => ({ protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'x', version: '1' } }));
server.setNotificationHandler(Initialized, async () => {});`,
      errors: [
        { messageId: 'handler', line: 10 },
        { messageId: 'handler', line: 11 },
      ],
    },
    {
      name: 'v1 low-level Server with both schemas',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InitializeRequestSchema, InitializedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setRequestHandler(InitializeRequestSchema, async (request) => ({
  protocolVersion: request.params.protocolVersion,
  capabilities: {},
  serverInfo: { name: 'x', version: '1' },
}));
server.setNotificationHandler(InitializedNotificationSchema, async () => {});`,
      errors: [
        { messageId: 'handler', line: 4 },
        { messageId: 'handler', line: 9 },
      ],
    },
    {
      name: 'v2 method string on server.server',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.server.setNotificationHandler('notifications/initialized', () => {
  console.error('initialized');
});`,
      errors: [{ messageId: 'handler', line: 3 }],
    },
    {
      name: 'aliased schema, namespace-imported server, argument on its own line',
      code: `import * as lowLevel from '@modelcontextprotocol/sdk/server/index.js';
import { InitializeRequestSchema as Init } from '@modelcontextprotocol/sdk/types.js';
const server = new lowLevel.Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setRequestHandler(
  Init,
  async () => ({ protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'x', version: '1' } }),
);`,
      errors: [{ messageId: 'handler', line: 5 }],
    },
    {
      name: 'method string through a constant',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const INITIALIZE = 'initialize';
const server = new McpServer({ name: 'x', version: '1' });
server.server.setRequestHandler(INITIALIZE, async () => ({}) as never);`,
      errors: [{ messageId: 'handler', line: 4 }],
    },
    {
      name: 'CommonJS whole-module types require',
      filename: 'src/server.cjs',
      code: `const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const types = require('@modelcontextprotocol/sdk/types.js');
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setNotificationHandler(types.InitializedNotificationSchema, () => {});`,
      errors: [{ messageId: 'handler', line: 4 }],
    },
    {
      name: 'schema and server through a project export * barrel',
      code: {
        'src/sdk.ts': `export * from '@modelcontextprotocol/sdk/types.js';
export { Server } from '@modelcontextprotocol/sdk/server/index.js';`,
        'src/server.ts': `import { InitializeRequestSchema, Server } from './sdk.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setRequestHandler(InitializeRequestSchema, async () => ({}) as never);`,
      },
      errors: [{ messageId: 'handler', line: 3, file: 'src/server.ts' }],
    },
    {
      name: 'a proxy forwarding initialize from an SDK transport to its upstream (v1, TS)',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
export function bridge(upstream: Client) {
  const downstream = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  downstream.onmessage = async (message) => {
    if ('method' in message && message.method === 'initialize') {
      const result = await upstream.request(message as never, {} as never);
      await downstream.send({ jsonrpc: '2.0', id: (message as { id: number }).id, result });
      return;
    }
  };
  return downstream;
}`,
      errors: [{ messageId: 'plumbing', line: 6, data: { method: 'initialize' } }],
    },
    {
      name: 'a message typed with the SDK JSON-RPC type waits for notifications/initialized (v2)',
      code: `import type { JSONRPCMessage } from '@modelcontextprotocol/server';
let ready = false;
export function onUpstreamMessage(message: JSONRPCMessage) {
  const { method } = message as { method?: string };
  if ('method' in message && message.method !== 'notifications/initialized' && !ready) return 'queued';
  ready = true;
  return method;
}`,
      errors: [{ messageId: 'plumbing', line: 5, data: { method: 'notifications/initialized' } }],
    },
    {
      name: 'a hand-written JSON-RPC endpoint (plain JS) that answers initialize itself beside tools/list',
      filename: 'src/rpc.js',
      code: `export function handleRpc(body) {
  switch (body.method) {
    case 'initialize':
      return { jsonrpc: '2.0', id: body.id, result: { protocolVersion: '2025-03-26', capabilities: { tools: {} }, serverInfo: { name: 'x', version: '1' } } };
    case 'tools/list':
      return { jsonrpc: '2.0', id: body.id, result: { tools: [] } };
    default:
      return { jsonrpc: '2.0', id: body.id, error: { code: -32601, message: 'Method not found' } };
  }
}`,
      errors: [{ messageId: 'plumbing', line: 3, data: { method: 'initialize' } }],
    },
    {
      name: 'an initialize answer behind a method test of an untyped body (the answer shows it is the handshake)',
      filename: 'src/gateway.js',
      code: `export async function onPost(req, res) {
  const { method, id } = req.body;
  if (method === 'initialize') {
    res.json({ jsonrpc: '2.0', id, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'gw', version: '1' } } });
    return;
  }
  res.status(202).end();
}`,
      errors: [{ messageId: 'plumbing', line: 3, data: { method: 'initialize' } }],
    },
    {
      name: 'an InitializeResult built by a helper with no visible method test',
      code: `const SERVER_INFO = { name: 'gateway', version: '2.1.0' };
export function initializeResultFor(protocolVersion: string) {
  return {
    protocolVersion,
    capabilities: { tools: { listChanged: true } },
    serverInfo: SERVER_INFO,
  };
}`,
      errors: [{ messageId: 'answered', line: 4 }],
    },
    {
      name: 'the notifications/initialized branch is reported; waiting on every other method is the wait\'s finding (handshake/oninitialized), not a second one here',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
export function open(transport: StreamableHTTPServerTransport, server: { oninitialized?: () => void }) {
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  transport.onmessage = async (message: JSONRPCMessage) => {
    if (!('method' in message)) return;
    if (message.method === 'notifications/initialized') return markReady();
    if (message.method !== 'initialize') await ready;
  };
  void server;
}`,
      errors: [{ messageId: 'plumbing', line: 10, data: { method: 'notifications/initialized' } }],
    },
    {
      name: 'a dispatcher given the method as a plain parameter: a branch calling the handler, one recording state, one answering by hand',
      code: `declare function handleInitialize(params: unknown): unknown;
let clientInfo: unknown;
export function dispatch(method: string, params: { clientInfo?: unknown }) {
  switch (method) {
    case 'initialize':
      return handleInitialize(params);
    case 'tools/list':
      return { tools: [] };
  }
  return undefined;
}
export function record(method: string, params: { clientInfo?: unknown }) {
  if (method === 'initialize') {
    clientInfo = params.clientInfo;
  } else if (method === 'tools/call') return clientInfo;
  return undefined;
}
export function answer(method: string, params: { protocolVersion: string }) {
  if (method === 'initialize') return { protocolVersion: params.protocolVersion, capabilities: {}, serverInfo: { name: 'x', version: '1' } };
  return method === 'tools/list' ? { tools: [] } : undefined;
}`,
      errors: [
        { messageId: 'plumbing', line: 5, data: { method: 'initialize' } },
        { messageId: 'plumbing', line: 13, data: { method: 'initialize' } },
        { messageId: 'plumbing', line: 19, data: { method: 'initialize' } },
      ],
    },
  ],
});
