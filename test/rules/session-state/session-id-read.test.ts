import { describe, expect, it } from 'vitest';
import { ruleTester, runRule } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-state/session-id-read.js';
import { REGISTRY_HOLDING_CREDENTIALS, REGISTRY_TOKEN_NEVER_READ } from '../session-bookkeeping.js';

const CROSS_FILE_HELPER = {
  'src/cart.ts': `const carts = new Map<string, string[]>();
function cartKey(extra: any): string {
  return extra.sessionId ?? 'local';
}
export function getCart(extra: any): string[] {
  const key = cartKey(extra);
  let cart = carts.get(key);
  if (!cart) carts.set(key, (cart = []));
  return cart;
}`,
  'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { getCart } from './cart.js';
const server = new McpServer({ name: 'shop', version: '1.0.0' });
server.tool('view_cart', async (extra) => {
  const e = extra;
  return { content: [{ type: 'text', text: getCart(e).join(', ') }] };
});`,
};

ruleTester(rule, {
  valid: [
    {
      name: 'the same lookup in a registry whose token nothing reads back: routing, the registry rules\' (and the route\'s writes and deletes never are)',
      code: REGISTRY_TOKEN_NEVER_READ,
    },
    {
      name: 'a _meta field filled with a value that is not the session id (a request counter), read by a handler',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
let counter = 0;
export function tag(params: { _meta?: { seq?: number } }) {
  params._meta ??= {};
  params._meta.seq = ++counter;
}
const seen = new Map<number, string>();
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  seen.set((request.params._meta as { seq?: number } | undefined)?.seq ?? 0, request.params.name);
  return { content: [] };
});`,
    },
    {
      name: "an application's own sessionId copied into a row type is not the MCP session id",
      code: {
        'src/rows.ts': `export interface Row { sessionId: string; userId: string }
`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Row } from './rows.js';
const byChat = new Map<string, Row>();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('open_chat', { sessionId: z.string() }, async (args) => {
  const row: Row = { sessionId: args.sessionId, userId: 'u' };
  byChat.set(row.sessionId, row);
  return { content: [] };
});
`,
      },
    },
    {
      name: 'a sessionId tool argument (destructured args and args.sessionId)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const checkouts = new Map<string, string>();
const server = new McpServer({ name: 'shop', version: '1.0.0' });
server.registerTool('resume_checkout', { inputSchema: { sessionId: z.string() } }, async ({ sessionId }) => ({
  content: [{ type: 'text', text: checkouts.get(sessionId) ?? 'unknown' }],
}));
server.tool('cancel_checkout', { sessionId: z.string() }, async (args, _extra) => {
  checkouts.delete(args.sessionId);
  return { content: [] };
});`,
    },
    {
      name: 'express-session and a payment-provider checkout session',
      code: `import express from 'express';
import Stripe from 'stripe';
const stripe = new Stripe('sk_test');
const app = express();
const carts = new Map<string, string[]>();
app.post('/checkout', async (req: any, res) => {
  const session = await stripe.checkout.sessions.create({ mode: 'payment' });
  carts.set(req.sessionID, []);
  res.json({ id: session.id, legacy: req.session.id });
});`,
    },
    {
      name: 'a read that only feeds logs is session-telemetry, not a read',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('ping_me', { description: 'd' }, async (ctx) => {
  console.log(\`call from \${ctx.sessionId}\`);
  return { content: [] };
});`,
    },
    {
      name: 'transport routing code (the registry rules cover it)',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports: Record<string, StreamableHTTPServerTransport> = {};
export function track(transport: StreamableHTTPServerTransport) {
  transport.onclose = () => {
    if (transport.sessionId) delete transports[transport.sessionId];
  };
}`,
    },
    {
      name: 'client-side transport session id',
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
const saved = new Map<string, string>();
export async function connect(url: string) {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await new Client({ name: 'c', version: '1' }).connect(transport);
  saved.set(url, transport.sessionId ?? '');
}`,
    },
    {
      name: 'request id, and sessionId only in comments and descriptions',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const seen = new Set<string | number>();
const server = new McpServer({ name: 'x', version: '1' });
// never key by ctx.sessionId
server.registerTool('once', { description: 'Uses ctx.mcpReq.id, not extra.sessionId' }, async (ctx) => {
  seen.add(ctx.mcpReq.id);
  return { content: [] };
});`,
    },
    {
      name: 'sessionId property of a non-SDK object',
      code: `const jobs = new Map<string, number>();
export function enqueue(job: { sessionId: string; payload: string }) {
  jobs.set(job.sessionId, Date.now());
}`,
    },
    {
      name: 'a resource-template variable named sessionId (v1 ResourceTemplate)',
      code: `import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
const server = new McpServer({ name: 'x', version: '1' });
server.resource('cart', new ResourceTemplate('carts://{sessionId}', { list: undefined }), async (uri, { sessionId }) => ({
  contents: [{ uri: uri.href, text: (carts.get(String(sessionId)) ?? []).join() }],
}));`,
    },
    {
      name: 'tool with a description string and a sessionId argument schema (one-parameter callback gets args)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const carts = new Map<string, string[]>();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('view', 'View a saved cart', { sessionId: z.string() }, async ({ sessionId }) => ({
  content: [{ type: 'text', text: (carts.get(sessionId) ?? []).join() }],
}));`,
    },
    {
      name: 'a read that is the key of a KV keyed-store finding is that finding (one expression, one report)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { kv } from './kv.js';
const server = new McpServer({ name: 'prefs', version: '1.0.0' });
server.tool('get_prefs', async (extra) => ({ content: [{ type: 'text', text: String(await kv.get(\`prefs:\${extra.sessionId}\`)) }] }));`,
    },
  ],
  invalid: [
    {
      name: 'a logged session id also compared with its own fallback is a read, not telemetry: a request id in its place would flip the branch (review 42 S42-3)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const logger = { info: (entry: object, message: string) => console.error(message, entry) };
export const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('status', { description: 'Status' }, async (extra) => {
  const sessionId = extra.sessionId ?? 'local';
  const scope = sessionId === 'local' ? 'this machine' : 'a remote session';
  logger.info({ sessionId }, 'status');
  return { content: [{ type: 'text', text: scope }] };
});`,
      errors: [{ messageId: 'read', line: 5 }],
    },
    {
      name: 'tool modules registered through a list of required modules (for (const mod of toolModules) mod.registerTools(server, …)): their callbacks are handlers, and the read in the helper that gates them is reported (StevenJohnson998/AIngram, sweep 28 AB2/AB3)',
      code: {
        'src/helpers.js': `function requireAccount(getSessionAccount, extra) {
  const sessionId = extra && extra.sessionId;
  const account = getSessionAccount(sessionId);
  if (!account) throw new Error('Not authenticated');
  return account;
}
module.exports = { requireAccount };
`,
        'src/tools/whoami.js': `const { requireAccount } = require('../helpers');
function registerTools(server, getSessionAccount) {
  server.tool('whoami', 'Who is calling', {}, async (args, extra) => {
    const account = requireAccount(getSessionAccount, extra);
    return { content: [{ type: 'text', text: account.name }] };
  });
}
module.exports = { registerTools };
`,
        'src/server.js': `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const toolModules = [require('./tools/whoami')];
const accounts = new Map();
function createServer() {
  const server = new McpServer({ name: 'aingram', version: '1.0.0' });
  for (const mod of toolModules) mod.registerTools(server, (sid) => accounts.get(sid));
  return server;
}
module.exports = { createServer };
`,
      },
      errors: [{ messageId: 'read', file: 'src/helpers.js', line: 2 }],
    },
    {
      name: 'a handler looks its credential up by the transport\'s session id in a registry whose records keep it (sweep 19 S2)',
      code: REGISTRY_HOLDING_CREDENTIALS,
      errors: [{ messageId: 'read', file: 'src/mcpServer.ts', line: 10 }],
    },
    {
      name: 'the Mcp-Session-Id header copied by a helper into _meta of each request (and a per-process id through the same helper), read back by handlers',
      code: {
        'src/meta.ts': `export interface Params { _meta?: { mcpSessionId?: string; progressToken?: string | number } }
export function injectSessionId(params: Params | undefined, sessionId: string): Params {
  const result = params ?? {};
  result._meta ??= {};
  result._meta.mcpSessionId = sessionId;
  return result;
}
`,
        'src/http.ts': `import express from 'express';
import { injectSessionId } from './meta.js';
const app = express();
app.post('/mcp', (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) req.body.params = injectSessionId(req.body.params, sessionId);
  res.end();
});
`,
        'src/stdio.ts': `import { randomUUID } from 'node:crypto';
import { injectSessionId } from './meta.js';
const processId = randomUUID();
export function onMessage(message: { params?: any }) {
  message.params = injectSessionId(message.params, processId);
}
`,
        'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const tasks = new Map<string, string[]>();
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { _meta: meta } = request.params;
  const owner = (meta as { mcpSessionId?: string } | undefined)?.mcpSessionId;
  tasks.set(owner ?? 'anon', []);
  return { content: [] };
});
`,
      },
      errors: [
        { messageId: 'injected', file: 'src/http.ts', line: 6, data: { call: 'injectSessionId(…)', field: 'mcpSessionId' } },
        { messageId: 'read', file: 'src/server.ts', line: 7 },
        { messageId: 'injected', file: 'src/stdio.ts', line: 5, data: { call: 'injectSessionId(…)', field: 'mcpSessionId' } },
      ],
    },
    {
      name: 'session id copied into a typed context object that a dispatcher hands to tool modules',
      code: {
        'src/types.ts': `export interface ToolContext { sessionId?: string; authInfo?: unknown }
`,
        'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from './types.js';
import { notesTool } from './tools/notes.js';
const handlers: Record<string, (args: any, ctx: ToolContext) => Promise<any>> = { notes: notesTool };
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const ctx: ToolContext = { sessionId: extra.sessionId, authInfo: extra.authInfo };
  return handlers[request.params.name]!(request.params.arguments, ctx);
});
`,
        'src/tools/notes.ts': `import type { ToolContext } from '../types.js';
const notes = new Map<string, string[]>();
export async function notesTool(args: { text: string }, ctx: ToolContext) {
  const list = notes.get(ctx.sessionId ?? 'anon') ?? [];
  notes.set(ctx.sessionId ?? 'anon', [...list, args.text]);
  return { content: [] };
}
`,
      },
      errors: [
        { messageId: 'read', line: 8, file: 'src/server.ts' },
        { messageId: 'read', line: 4, file: 'src/tools/notes.ts' },
        { messageId: 'read', line: 5, file: 'src/tools/notes.ts' },
      ],
    },
    {
      name: 'session id copied into an untyped literal that has the shape of the context type',
      code: {
        'src/context.ts': `export type RequestContext = { sessionId: string | undefined; authInfo: unknown; requestId: string };
`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { dispatch } from './dispatch.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('run', async (extra) => dispatch('run', { sessionId: extra.sessionId, authInfo: extra.authInfo }));
`,
        'src/dispatch.ts': `import type { RequestContext } from './context.js';
const tools: Record<string, (ctx: RequestContext) => Promise<any>> = {};
const quotas = new Map<string, number>();
export async function dispatch(name: string, context: unknown) {
  return tools[name]!(context as RequestContext);
}
export function charge(ctx: RequestContext) {
  quotas.set(ctx.sessionId ?? '', (quotas.get(ctx.sessionId ?? '') ?? 0) + 1);
}
`,
      },
      // Line 8 reads the id twice for one store update, with one message: one site, reported once (engine).
      errors: [
        { messageId: 'read', line: 4, file: 'src/server.ts' },
        { messageId: 'read', line: 8, file: 'src/dispatch.ts' },
      ],
    },
    {
      name: 'session id injected into _meta of a forwarded request, used as a pub/sub channel, required by a throw',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { upstream, bus } from './clients.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('proxy', async (extra) => {
  if (!extra.sessionId) throw new Error('this tool needs a session');
  await bus.subscribe(\`events:\${extra.sessionId}\`, () => {});
  return upstream.request({ method: 'tools/call', params: { name: 'x', _meta: { sessionId: extra.sessionId } } });
});`,
      errors: [
        { messageId: 'read', line: 5 },
        { messageId: 'read', line: 6 },
        { messageId: 'read', line: 7 },
      ],
    },
    {
      name: 'a KV key built first in a variable: the read and the key are different expressions',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { kv } from './kv.js';
const server = new McpServer({ name: 'prefs', version: '1.0.0' });
server.tool('get_prefs', async (extra) => {
  const key = \`prefs:\${extra.sessionId}\`;
  return { content: [{ type: 'text', text: String(await kv.get(key)) }] };
});`,
      errors: [{ messageId: 'read', line: 5 }],
    },
    {
      name: "the callback an override of server.tool hands the saved method (origTool.call(this, …, async (args, extra) => …)): a handler whose read gates every tool (MaidToShelly/UluMCP, sweep 27 AA2)",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const sessionAgents = new Map<string, string>();
export function createGatedServer(): McpServer {
  const server = new McpServer({ name: 'gated', version: '1.0.0' });
  const origTool = server.tool.bind(server);
  (server as any).tool = function (this: unknown, name: string, description: string, schema: any, handler: any) {
    return origTool.call(this, name, description, schema, async (args: any, extra: any) => {
      const address = sessionAgents.get(extra.sessionId);
      if (!address) return { content: [{ type: 'text', text: 'Not authenticated' }], isError: true };
      return handler({ ...args, address }, extra);
    });
  };
  return server;
}`,
      errors: [{ messageId: 'read', line: 8 }],
    },
    {
      name: 'v1 extra.sessionId keys a Map',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const carts = new Map<string, string[]>();
const server = new McpServer({ name: 'shop', version: '1.0.0' });
server.tool('add_item', { sku: z.string() }, async ({ sku }, extra) => {
  const cart = carts.get(extra.sessionId ?? 'local') ?? [];
  cart.push(sku);
  return { content: [{ type: 'text', text: cart.join(', ') }] };
});`,
      errors: [{ messageId: 'read', line: 6 }],
    },
    {
      name: 'v2 ctx.sessionId guard and a renamed destructuring',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const owners = new Map<string, string>();
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('claim', { description: 'Claim the board' }, async (ctx) => {
  if (!ctx.sessionId) throw new Error('needs a session');
  const { sessionId: sid } = ctx;
  owners.set('board', sid);
  return { content: [] };
});`,
      errors: [
        { messageId: 'read', line: 5 },
        { messageId: 'read', line: 6 },
      ],
    },
    {
      name: 'destructured in the handler parameter of a v1 low-level Server',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
const quotas = new Map<string, number>();
server.setRequestHandler(CallToolRequestSchema, async (request, { sessionId }) => {
  quotas.set(sessionId ?? '', (quotas.get(sessionId ?? '') ?? 0) + 1);
  return { content: [{ type: 'text', text: request.params.name }] };
});`,
      errors: [{ messageId: 'read', line: 5 }],
    },
    {
      name: 'followed through a variable and two helpers in another file',
      code: CROSS_FILE_HELPER,
      errors: [{ messageId: 'read', line: 3, file: 'src/cart.ts' }],
    },
    {
      name: 'JSDoc-typed extra in a CommonJS helper',
      filename: 'src/db.cjs',
      code: `/**
 * @param {import('@modelcontextprotocol/sdk/shared/protocol.js').RequestHandlerExtra<any, any>} extra
 */
function connectionKey(extra) {
  return \`conn:\${extra.sessionId}\`;
}
const connections = {};
/** @param {import('@modelcontextprotocol/sdk/shared/protocol.js').RequestHandlerExtra<any, any>} extra */
function connectionFor(extra) {
  return connections[connectionKey(extra)];
}
module.exports = { connectionFor };`,
      errors: [{ messageId: 'read', line: 5 }],
    },
    {
      name: 'helper parameter typed with a local alias of RequestHandlerExtra (no caller in the project)',
      code: `import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;
const prefs = new Map<string, string>();
export function themeOf(extra: Extra): string {
  return prefs.get(extra.sessionId ?? '') ?? 'light';
}`,
      errors: [{ messageId: 'read', line: 6 }],
    },
    {
      name: 'server.server.transport?.sessionId used for an access decision',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { acl } from './acl.js';
const server = new McpServer({ name: 'docs', version: '1' });
server.tool('read_doc', async () => {
  const allowed = await acl.check(server.server.transport?.sessionId, 'docs:read');
  return { content: [{ type: 'text', text: allowed ? 'ok' : 'denied' }] };
});`,
      errors: [{ messageId: 'read', line: 5 }],
    },
    {
      name: 'transport.sessionId keys application state',
      code: `import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const uploads = new Map<string, Uint8Array[]>();
export function attach(transport: NodeStreamableHTTPServerTransport, chunk: Uint8Array) {
  const list = uploads.get(transport.sessionId!) ?? [];
  list.push(chunk);
  uploads.set(transport.sessionId!, list);
}`,
      errors: [
        { messageId: 'read', line: 4 },
        { messageId: 'read', line: 6 },
      ],
    },
    {
      name: 'v2 ServerContext typed through an export * barrel, helper in another file',
      code: {
        'src/sdk/index.ts': "export * from '@modelcontextprotocol/server';",
        'src/audit.ts': `import type { ServerContext } from './sdk/index.js';
const trails = new Map<string, string[]>();
export function record(c: ServerContext, action: string): void {
  const key = c.sessionId ?? 'stdio';
  trails.set(key, [...(trails.get(key) ?? []), action]);
}`,
        'src/tools.ts': `import { McpServer } from './sdk/index.js';
import { record } from './audit.js';
export const server = new McpServer({ name: 'notes', version: '2' });
server.registerTool('draft', { description: 'Draft' }, async (ctx) => {
  record(ctx, 'draft');
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'read', line: 4, file: 'src/audit.ts' }],
    },
    {
      name: 'CommonJS namespace require, context destructured in a helper parameter',
      filename: 'src/server.cjs',
      code: `const mcp = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new mcp.McpServer({ name: 'x', version: '1' });
const tokens = {};
function tokenFor({ sessionId }) {
  return tokens[sessionId];
}
server.tool('whoami', async (extra) => ({ content: [{ type: 'text', text: String(tokenFor(extra)) }] }));`,
      errors: [{ messageId: 'read', line: 4 }],
    },
    {
      name: 'a read that feeds a log and a store is one session-id-read',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('view', async (extra) => {
  const sid = extra.sessionId ?? 'local';
  console.log('view cart', sid);
  return { content: [{ type: 'text', text: (carts.get(sid) ?? []).join() }] };
});`,
      errors: [{ messageId: 'read', line: 5 }],
    },
    {
      name: 'project-local re-export module with an aliased McpServer',
      code: {
        'src/sdk.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/server.ts': `import { McpServer as Mcp } from './sdk.js';
import { quota } from './quota.js';
const server = new Mcp({ name: 'search', version: '1' });
server.tool('search', async (extra) => {
  await quota.consume(extra.sessionId!);
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'read', line: 5, file: 'src/server.ts' }],
    },
    {
      name: 'a typeof guard next to the real read is one finding',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('view', 'View the cart', async (extra) => {
  if (typeof extra.sessionId !== 'string') return { content: [] };
  return { content: [{ type: 'text', text: (carts.get(extra.sessionId) ?? []).join() }] };
});`,
      errors: [{ messageId: 'read', line: 6 }],
    },
    {
      name: 'resource template callback: extra is the third parameter',
      code: `import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
const drafts = new Map<string, string>();
const server = new McpServer({ name: 'x', version: '1' });
server.resource('draft', new ResourceTemplate('drafts://{id}', { list: undefined }), async (uri, { id }, extra) => ({
  contents: [{ uri: uri.href, text: drafts.get(\`\${extra.sessionId}:\${id}\`) ?? '' }],
}));`,
      errors: [{ messageId: 'read', line: 5 }],
    },
    {
      name: 'helpers as an object method and a class method',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const owners = new Map<string, string>();
const helpers = {
  ownerOf(ctx: any) {
    return owners.get(ctx.sessionId);
  },
};
export class Tools {
  constructor(private readonly server: McpServer) {
    server.registerTool('owner', { description: 'd' }, async (ctx) => {
      this.claim(ctx);
      return { content: [{ type: 'text', text: String(helpers.ownerOf(ctx)) }] };
    });
  }
  private claim(c: any) {
    owners.set(c.sessionId, 'me');
  }
}`,
      errors: [
        { messageId: 'read', line: 5 },
        { messageId: 'read', line: 16 },
      ],
    },
    {
      name: "bracket access extra['sessionId']",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('view', async (extra) => ({
  content: [{ type: 'text', text: (carts.get(extra['sessionId'] ?? '') ?? []).join() }],
}));`,
      errors: [{ messageId: 'read', line: 5 }],
    },
  ],
});

describe('session-state/session-id-read message', () => {
  it('carries the chain from the handler context to the helper', () => {
    const { findings } = runRule(rule, CROSS_FILE_HELPER);
    expect(findings).toHaveLength(1);
    const chain = findings[0]!.chain ?? [];
    expect(chain[0]).toMatch(/^`extra` of tool\('view_cart'\) callback \(src\/server\.ts:4\)$/);
    expect(chain.some((hop) => hop.startsWith('getCart(e)') && hop.endsWith('(src/server.ts:6)'))).toBe(true);
    expect(chain.some((hop) => hop.startsWith('cartKey(extra)') && hop.endsWith('(src/cart.ts:6)'))).toBe(true);
    expect(findings[0]!.message).toContain('Reached via:');
  });
});
