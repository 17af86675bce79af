import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handshake/initialize-handler.js';

ruleTester(rule, {
  valid: [
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
  ],
  invalid: [
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
  ],
});
