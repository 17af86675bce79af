import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/server-push/resource-subscription.js';

ruleTester(rule, {
  valid: [
    {
      name: 'the subscribe capability alone, and resource list/read handlers',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListResourcesRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { resources: { subscribe: true, listChanged: true } } });
server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));
server.setRequestHandler(ReadResourceRequestSchema, async () => ({ contents: [] }));`,
    },
    {
      name: "a client's subscribeResource call (client package)",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
export const watch = (uri: string) => client.subscribeResource({ uri });`,
    },
    {
      name: 'a non-SDK bus with the same method strings',
      code: `import { Bus } from './bus.js';
const bus = new Bus();
bus.setRequestHandler('resources/subscribe', () => {});
bus.setRequestHandler('resources/unsubscribe', () => {});`,
    },
    {
      name: 'publishing updates is change-notification, not a subscription handler',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' }, { capabilities: { resources: { subscribe: true } } });
export const publish = (uri: string) => server.server.sendResourceUpdated({ uri });`,
    },
  ],
  invalid: [
    {
      name: 'v1 low-level Server: subscribe and unsubscribe schemas',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { resources: { subscribe: true } } });
const subscriptions = new Map<string, Set<string>>();
server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
  subscriptions.set(request.params.uri, new Set([extra.sessionId ?? '']));
  return {};
});
server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
  subscriptions.delete(request.params.uri);
  return {};
});`,
      errors: [
        { messageId: 'handler', line: 5 },
        { messageId: 'handler', line: 9 },
      ],
    },
    {
      name: 'v2 method strings on server.server',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.server.setRequestHandler('resources/subscribe', async () => ({}));
server.server.setRequestHandler('resources/unsubscribe', async () => ({}));`,
      errors: [
        { messageId: 'handler', line: 3 },
        { messageId: 'handler', line: 4 },
      ],
    },
    {
      name: 'aliased schema and namespace-imported types, argument on its own line',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SubscribeRequestSchema as Sub } from '@modelcontextprotocol/sdk/types.js';
import * as types from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setRequestHandler(Sub, async () => ({}));
server.setRequestHandler(
  types.UnsubscribeRequestSchema,
  async () => ({}),
);`,
      errors: [
        { messageId: 'handler', line: 5 },
        { messageId: 'handler', line: 7 },
      ],
    },
    {
      name: 'method string through a constant',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const SUBSCRIBE = 'resources/subscribe';
const server = new McpServer({ name: 'x', version: '1' });
server.server.setRequestHandler(SUBSCRIBE, async () => ({}));`,
      errors: [{ messageId: 'handler', line: 4 }],
    },
    {
      name: 'CommonJS destructured require',
      filename: 'src/server.cjs',
      code: `const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { SubscribeRequestSchema } = require('@modelcontextprotocol/sdk/types.js');
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setRequestHandler(SubscribeRequestSchema, async () => ({}));`,
      errors: [{ messageId: 'handler', line: 4 }],
    },
    {
      name: 'server handed to a registration helper through an export * barrel',
      code: {
        'src/sdk.ts': `export * from '@modelcontextprotocol/sdk/types.js';
export * from '@modelcontextprotocol/sdk/server/mcp.js';`,
        'src/subs.ts': `import { McpServer, UnsubscribeRequestSchema } from './sdk.js';
export function register(server: McpServer) {
  server.server.setRequestHandler(UnsubscribeRequestSchema, async () => ({}));
}`,
      },
      errors: [{ messageId: 'handler', line: 3, file: 'src/subs.ts' }],
    },
  ],
});
