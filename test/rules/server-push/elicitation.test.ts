import { describe, expect, it } from 'vitest';
import { ruleTester } from '../../support/rule-tester.js';
import { exactMessageIds } from '../message-ids.js';
import rule from '../../../src/rules/server-push/elicitation.js';

const URL_ERROR_CASE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('connect_github', async () => {
  throw new UrlElicitationRequiredError([
    { mode: 'url', message: 'Authorize GitHub', url: 'https://example.com/oauth', elicitationId: 'e1' },
  ]);
});`;

ruleTester(rule, {
  valid: [
    {
      name: "a client's elicitation/create handler (the client answers the server's request)",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const client = new Client({ name: 'c', version: '1' }, { capabilities: { elicitation: {} } });
client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' as const }));`,
    },
    {
      name: 'elicitInput on a non-SDK form helper',
      code: `import { form } from './form.js';
export const ask = () => form.elicitInput({ message: 'Name?' });`,
    },
    {
      name: "a client's elicitation handler (client package)",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const client = new Client({ name: 'c', version: '1' }, { capabilities: { elicitation: {} } });
client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));`,
    },
    {
      name: 'a project object with an experimental.tasks member',
      code: `const queue = { experimental: { tasks: { elicitInputStream: (q: string) => q } } };
export const ask = () => queue.experimental.tasks.elicitInputStream('Name?');`,
    },
    {
      name: 'a project error class of the same name',
      code: `class UrlElicitationRequiredError extends Error {}
export function fail() {
  throw new UrlElicitationRequiredError('login first');
}`,
    },
    {
      name: 'the MRTR replacement inputRequired.elicit()',
      code: `import { McpServer, inputRequired } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('confirm', { description: 'd' }, async () =>
  inputRequired({ inputRequests: { ok: inputRequired.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } }) } }),
);`,
    },
    {
      name: 'only mentioned in a description and a comment',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
// server.server.elicitInput(...) moved to MRTR
server.registerTool('e', { description: "Sends 'elicitation/create' no more" }, async () => ({ content: [] }));`,
    },
    {
      name: 'a capability probe on the context that never takes or calls the method',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('caps', { description: 'd' }, async (ctx) => ({
  content: [{ type: 'text', text: typeof ctx.mcpReq.elicitInput === 'function' ? 'interactive' : 'batch' }],
}));`,
    },
  ],
  invalid: [
    {
      name: "a server's own elicitation/create handler, v1 schema form (sweep 35 AI5: a mock that fakes the user's answers)",
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'confirm', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ElicitRequestSchema, async (request) => {
  if (request.params.message.includes('cancel')) return { action: 'cancel' as const };
  return { action: 'accept' as const, content: { ok: true } };
});`,
      errors: [{ messageId: 'clientHandler', line: 4 }],
    },
    {
      name: "a server's own elicitation/create handler, v2 method string",
      code: `import { Server } from '@modelcontextprotocol/server';
const server = new Server({ name: 'confirm', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler('elicitation/create', async () => ({ action: 'decline' as const }));`,
      errors: [{ messageId: 'clientHandler', line: 3 }],
    },
    {
      name: 'an elicitation/create request built by hand and returned for another layer to send (henryperkins/my-mcp-github, sweep 25 Y6)',
      code: `export function createElicitationRequest(id: string | number, message: string) {
  return { jsonrpc: '2.0', id, method: 'elicitation/create', params: { message, requestedSchema: { type: 'object', properties: {} } } };
}`,
      errors: [{ messageId: 'raw', line: 2, data: { method: 'elicitation/create' } }],
    },
    {
      name: "the context's elicitInput taken into a wrapper (detached, called later), through a handler factory held in a const",
      code: `import { McpServer } from '@modelcontextprotocol/server';
type Ask = (message: string) => Promise<unknown>;
type Caps = { elicitInput?: (p: { mode: 'form'; message: string; requestedSchema: { type: 'object'; properties: {} } }) => Promise<unknown> };
function askerFrom(req: Caps): Ask | undefined {
  if (typeof req.elicitInput !== 'function') return undefined;
  const elicit = req.elicitInput;
  return (message) => elicit({ mode: 'form', message, requestedSchema: { type: 'object', properties: {} } });
}
function makeHandler(run: (ask: Ask | undefined) => Promise<string>) {
  return async (ctx: any) => ({ content: [{ type: 'text' as const, text: await run(askerFrom(ctx.mcpReq as unknown as Caps)) }] });
}
const server = new McpServer({ name: 'x', version: '1' });
const handler = makeHandler(async (ask) => String(await ask?.('Publish?')));
server.registerTool('publish', { description: 'd' }, handler);`,
      errors: [{ messageId: 'call', line: 6 }],
    },
    {
      name: 'v2 ctx.mcpReq.elicitInput',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('publish', { description: 'd' }, async (ctx) => {
  const answer = await ctx.mcpReq.elicitInput({
    mode: 'form',
    message: 'Publish?',
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
  });
  return { content: [{ type: 'text', text: answer.action }] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'v1 server.server.elicitInput and a completion notifier',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('login', async () => {
  const done = server.server.createElicitationCompletionNotifier('e1');
  const answer = await server.server.elicitInput({ message: 'Token?', requestedSchema: { type: 'object', properties: {} } });
  await done();
  return { content: [{ type: 'text', text: answer.action }] };
});`,
      errors: [
        { messageId: 'notifier', line: 4 },
        { messageId: 'call', line: 5 },
      ],
    },
    {
      name: 'v1 experimental tasks: server.server.experimental.tasks.elicitInputStream',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('survey', async () => {
  const stream = server.server.experimental.tasks.elicitInputStream({ mode: 'form', message: 'Theme?', requestedSchema: { type: 'object', properties: {} } });
  for await (const event of stream) if (event.type === 'result') return { content: [{ type: 'text', text: String(event.result.action) }] };
  return { content: [] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'raw elicitation/create through extra.sendRequest',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('ask', async (extra) => {
  const r = await extra.sendRequest(
    { method: 'elicitation/create', params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } } },
    ElicitResultSchema,
  );
  return { content: [{ type: 'text', text: r.action }] };
});`,
      errors: [{ messageId: 'raw', line: 6 }],
    },
    {
      name: 'new UrlElicitationRequiredError (v1 types)',
      code: URL_ERROR_CASE,
      errors: [{ messageId: 'urlError', line: 5 }],
    },
    {
      name: 'context handed to a helper in another file',
      code: {
        'src/confirm.ts': `export async function confirm(ctx: any, message: string): Promise<boolean> {
  const r = await ctx.mcpReq.elicitInput({ mode: 'form', message, requestedSchema: { type: 'object', properties: {} } });
  return r.action === 'accept';
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import { confirm } from './confirm.js';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('delete_repo', { description: 'd' }, async (ctx) => {
  if (!(await confirm(ctx, 'Really?'))) return { content: [] };
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'call', line: 2, file: 'src/confirm.ts' }],
    },
    {
      name: 'CommonJS whole-module require, method handed on with bind()',
      filename: 'src/server.cjs',
      code: `const mcp = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new mcp.McpServer({ name: 'x', version: '1' });
const elicit = server.server.elicitInput.bind(server.server);
module.exports = { elicit };`,
      errors: [{ messageId: 'call', line: 3 }],
    },
  ],
});

describe('server-push/elicitation messageIds (whole-template match, independent of the harness prefix match)', () => {
  it('new UrlElicitationRequiredError is urlError', () => {
    expect(exactMessageIds(rule, URL_ERROR_CASE)).toEqual(['src/server.ts:5 urlError']);
  });
});
