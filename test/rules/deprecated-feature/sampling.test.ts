import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/deprecated-feature/sampling.js';

ruleTester(rule, {
  valid: [
    {
      name: "a client's sampling/createMessage handler",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const client = new Client({ name: 'c', version: '1' }, { capabilities: { sampling: {} } });
client.setRequestHandler(CreateMessageRequestSchema, async () => ({ role: 'assistant' as const, content: { type: 'text' as const, text: 'ok' }, model: 'm' }));`,
    },
    {
      name: "a test asserting on the server's mocked createMessage (expect((server.createMessage as Mock)), sweep 20 T4)",
      code: `import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
declare const server: Server;
declare function expect(x: unknown): { toHaveBeenCalledTimes(n: number): void };
declare function assert(x: unknown): void;
expect((server.createMessage as unknown)).toHaveBeenCalledTimes(1);
assert(server.createMessage);
`,
    },
    {
      name: 'createMessage on an LLM-provider wrapper (chat.createMessage())',
      code: `import Anthropic from '@anthropic-ai/sdk';
const anthropic = new Anthropic();
const chat = {
  createMessage: (prompt: string) =>
    anthropic.messages.create({ model: 'claude', max_tokens: 10, messages: [{ role: 'user', content: prompt }] }),
};
export const reply = () => chat.createMessage('hi');`,
    },
    {
      name: "a client's sampling handler (client package)",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const client = new Client({ name: 'c', version: '1' }, { capabilities: { sampling: {} } });
client.setRequestHandler(CreateMessageRequestSchema, async () => ({
  role: 'assistant',
  model: 'm',
  content: { type: 'text', text: '' },
}));`,
    },
    {
      name: 'the MRTR replacement inputRequired.createMessage()',
      code: `import { McpServer, inputRequired } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('summarize', { description: 'd' }, async () =>
  inputRequired({ inputRequests: { s: inputRequired.createMessage({ messages: [], maxTokens: 100 }) } }),
);`,
    },
    {
      name: 'only mentioned in a comment and a description',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
// await server.server.createMessage({ ... }) -- removed
server.registerTool('s', { description: 'Used to send sampling/createMessage' }, async () => ({ content: [] }));`,
    },
    {
      name: 'a client-side sampling result built by hand (no sampling request method)',
      code: `export function samplingResult(text: string) {
  return { jsonrpc: '2.0', id: 1, result: { role: 'assistant', model: 'm', content: { type: 'text', text } } };
}`,
    },
  ],
  invalid: [
    {
      name: "a server's own sampling/createMessage handler (no client sends it to a server)",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
server.server.setRequestHandler(CreateMessageRequestSchema, async () => ({
  role: 'assistant' as const,
  content: { type: 'text' as const, text: 'stub' },
  model: 'stub',
}));`,
      errors: [{ messageId: 'clientHandler', line: 4 }],
    },
    {
      name: 'v1 experimental tasks: server.server.experimental.tasks.createMessageStream',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('draft', async () => {
  const stream = server.server.experimental.tasks.createMessageStream({ messages: [], maxTokens: 50 });
  for await (const event of stream) if (event.type === 'result') return { content: [event.result.content] };
  return { content: [] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: "the call context's createMessage handed to a wrapper (v1 extra cast to a project capability type)",
      code: {
        'src/caps.ts': `export interface SdkCaps {
  createMessage?: (params: Record<string, unknown>) => Promise<unknown>;
}
export function sampler(caps: SdkCaps) {
  if (typeof caps.createMessage !== 'function') return undefined;
  return wrap(caps.createMessage);
}
function wrap(fn: (params: Record<string, unknown>) => Promise<unknown>) {
  return (prompt: string) => fn({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 200 });
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { sampler, type SdkCaps } from './caps.js';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('summarise', { inputSchema: { text: z.string() } }, async ({ text }, extra) => {
  const sample = sampler(extra as unknown as SdkCaps);
  return { content: [{ type: 'text', text: String(await sample?.(text)) }] };
});`,
      },
      errors: [{ messageId: 'call', line: 6, file: 'src/caps.ts' }],
    },
    {
      name: 'v1 server.server.createMessage in a tool',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('summarize', async () => {
  const res = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarise' } }],
    maxTokens: 200,
  });
  return { content: [res.content] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'v2 ctx.mcpReq.requestSampling',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('summarize', { description: 'd' }, async (ctx) => {
  const response = await ctx.mcpReq.requestSampling({ messages: [], maxTokens: 300 });
  return { content: [{ type: 'text', text: String(response.content) }] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'raw sampling/createMessage through extra.sendRequest and a method constant',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema } from '@modelcontextprotocol/sdk/types.js';
const SAMPLE = 'sampling/createMessage';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('s', async (extra) => {
  await extra.sendRequest({ method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } }, CreateMessageResultSchema);
  await server.server.request({ method: SAMPLE, params: { messages: [], maxTokens: 1 } }, CreateMessageResultSchema);
  return { content: [] };
});`,
      errors: [
        { messageId: 'raw', line: 6 },
        { messageId: 'raw', line: 7 },
      ],
    },
    {
      name: 'context handed to a helper in another file (v2)',
      code: {
        'src/llm.ts': `import type { ServerContext } from '@modelcontextprotocol/server';
export async function complete(ctx: ServerContext, prompt: string) {
  return ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    maxTokens: 100,
  });
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/server';
import { complete } from './llm.js';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('ask', { description: 'd' }, async (ctx) => {
  await complete(ctx, 'hi');
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'call', line: 3, file: 'src/llm.ts' }],
    },
    {
      name: 'CommonJS low-level Server (destructured, aliased)',
      filename: 'src/server.cjs',
      code: `const { Server: LowLevel } = require('@modelcontextprotocol/sdk/server/index.js');
const server = new LowLevel({ name: 'x', version: '1' }, { capabilities: {} });
module.exports.ask = (text) =>
  server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 50 });`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'project-local re-export barrel',
      code: {
        'src/sdk.ts': "export * from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/server.ts': `import { McpServer } from './sdk.js';
const server = new McpServer({ name: 'x', version: '1' });
export const ask = () => server.server.createMessage({ messages: [], maxTokens: 1 });`,
      },
      errors: [{ messageId: 'call', line: 3, file: 'src/server.ts' }],
    },
    {
      name: 'hand-written plumbing returns a raw sampling request for its own transport loop (JS)',
      filename: 'src/bridge.js',
      code: `let nextId = 1;
export function samplingRequest(messages, maxTokens) {
  return {
    jsonrpc: '2.0',
    id: nextId++,
    method: 'sampling/createMessage',
    params: { messages, maxTokens },
  };
}`,
      errors: [{ messageId: 'raw', line: 6 }],
    },
    {
      name: 'a raw sampling request queued in a field and also one sent directly (each reported once)',
      code: `type Outgoing = { jsonrpc: '2.0'; id: number; method: string; params: unknown };
const SAMPLING = 'sampling/createMessage';
export class Bridge {
  private outbox: Outgoing[] = [];
  constructor(private readonly send: (message: Outgoing) => void) {}
  ask(id: number, prompt: string) {
    this.outbox = [...this.outbox, { jsonrpc: '2.0', id, method: SAMPLING, params: { messages: [prompt], maxTokens: 100 } }];
    this.send({ jsonrpc: '2.0', id: id + 1, method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } });
  }
}`,
      errors: [
        { messageId: 'raw', line: 7 },
        { messageId: 'raw', line: 8 },
      ],
    },
  ],
});
