import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/deprecated-feature/roots.js';

ruleTester(rule, {
  valid: [
    {
      name: 'listRoots on a non-SDK object',
      code: `import { workspace } from './workspace.js';
export async function folders() {
  return (await workspace.listRoots()).map((r: { path: string }) => r.path);
}`,
    },
    {
      name: "a client's roots/list handler and list_changed notification (client package)",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const client = new Client({ name: 'c', version: '1' }, { capabilities: { roots: { listChanged: true } } });
client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));
export const changed = () => client.sendRootsListChanged();`,
    },
    {
      name: 'paths from configuration; roots only mentioned in comments and descriptions',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
const ROOTS = (process.env.ALLOWED_DIRS ?? '').split(':');
// was: const { roots } = await server.server.listRoots();
server.registerTool('list_dirs', { description: "No longer calls 'roots/list'." }, async () => ({
  content: [{ type: 'text', text: ROOTS.join('\\n') }],
}));`,
    },
    {
      name: 'other raw requests through the SDK',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('progress', async (extra) => {
  await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
  await server.server.request({ method: 'tools/list' }, z.any());
  return { content: [] };
});`,
    },
  ],
  invalid: [
    {
      name: "a server's own roots/list handler (no client sends it to a server)",
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [] }));`,
      errors: [{ messageId: 'clientHandler', line: 4 }],
    },
    {
      name: 'a roots/list request built by hand and returned for another layer to send (sweep 25 Y6: the transform marks it, so the rule reports it)',
      code: `export function rootsRequest(id: number) {
  const request = { jsonrpc: '2.0', id, method: 'roots/list', params: {} };
  return request;
}`,
      errors: [{ messageId: 'raw', line: 2 }],
    },
    {
      name: 'v2 server.server.listRoots() in a tool handler',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('list_files', { description: 'List files' }, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: roots.map((r) => r.uri).join('\\n') }] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'v1 raw roots/list through extra.sendRequest and server.server.request',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('roots', async (extra) => {
  const a = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  const b = await server.server.request(
    { method: 'roots/list' },
    ListRootsResultSchema,
  );
  return { content: [{ type: 'text', text: String(a.roots.length + b.roots.length) }] };
});`,
      errors: [
        { messageId: 'raw', line: 5 },
        { messageId: 'raw', line: 7 },
      ],
    },
    {
      name: 'v1 low-level list_changed handler that re-reads the roots',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  await server.listRoots();
});`,
      errors: [
        { messageId: 'handler', line: 4 },
        { messageId: 'call', line: 5 },
      ],
    },
    {
      name: 'v2 method-string handler and ctx.mcpReq.send',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.server.setNotificationHandler('notifications/roots/list_changed', () => {});
server.registerTool('ws', { description: 'd' }, async (ctx) => {
  await ctx.mcpReq.send({ method: 'roots/list' });
  return { content: [] };
});`,
      errors: [
        { messageId: 'handler', line: 3 },
        { messageId: 'raw', line: 5 },
      ],
    },
    {
      name: 'sendRequest destructured from the v1 handler context',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('roots', async ({ sendRequest }) => {
  const { roots } = await sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  return { content: [{ type: 'text', text: String(roots.length) }] };
});`,
      errors: [{ messageId: 'raw', line: 5 }],
    },
    {
      name: 'context passed to a helper in another file',
      code: {
        'src/roots.ts': `export async function rootsOf(ctx: any) {
  return ctx.mcpReq.send({ method: 'roots/list' });
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import { rootsOf } from './roots.js';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('roots', { description: 'd' }, async (ctx) => {
  await rootsOf(ctx);
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'raw', line: 2, file: 'src/roots.ts' }],
    },
    {
      name: 'CommonJS whole-module require of the low-level server',
      filename: 'src/server.cjs',
      code: `const lowLevel = require('@modelcontextprotocol/sdk/server/index.js');
const server = new lowLevel.Server({ name: 'x', version: '1' }, { capabilities: {} });
module.exports.roots = () => server.listRoots();`,
      errors: [{ messageId: 'call', line: 3 }],
    },
  ],
});
