import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handshake/client-capabilities.js';

ruleTester(rule, {
  valid: [
    {
      name: "a client's getServerCapabilities()",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
export const caps = () => client.getServerCapabilities();`,
    },
    {
      name: 'the same method name on a non-SDK object',
      code: `const session = { getClientCapabilities: () => ({ elicitation: {} }) };
export const canElicit = () => session.getClientCapabilities().elicitation !== undefined;`,
    },
    {
      name: 'a v2 client package object',
      code: `import { Client } from '@modelcontextprotocol/client';
const client = new Client({ name: 'c', version: '1' });
export const caps = (client as any).getClientCapabilities();`,
    },
    {
      name: 'mentioned in a comment and a tool description',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
// server.server.getClientCapabilities() is gone: register unconditionally
server.registerTool('publish', { description: 'Formerly gated on getClientCapabilities()' }, async () => ({ content: [] }));`,
    },
    {
      name: 'the 2025-era fallback after the request envelope (what apply writes), key imported under an alias',
      code: `import { McpServer, CLIENT_CAPABILITIES_META_KEY as CAPS, type ClientCapabilities } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('caps', { description: 'd' }, async (ctx) => {
  const caps = ((ctx.mcpReq.envelope as { [CAPS]?: ClientCapabilities } | undefined)?.[CAPS] ?? server.server.getClientCapabilities()) || {};
  return { content: [{ type: 'text', text: String(caps.sampling !== undefined) }] };
});`,
    },
  ],
  invalid: [
    {
      name: 'a fallback after a look-alike key that is not the SDK export',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const CLIENT_CAPABILITIES_META_KEY = 'caps';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('caps', { description: 'd' }, async (ctx) => {
  const caps = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] ?? server.server.getClientCapabilities();
  return { content: [{ type: 'text', text: String(!!caps) }] };
});`,
      errors: [{ messageId: 'call', line: 5 }],
    },
    {
      name: 'the client-info key in front of a capabilities read',
      code: `import { McpServer, CLIENT_INFO_META_KEY } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('caps', { description: 'd' }, async (ctx) => {
  const caps = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY] ?? server.server.getClientCapabilities();
  return { content: [{ type: 'text', text: String(!!caps) }] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'v2 McpServer inside oninitialized',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.server.oninitialized = () => {
  const caps = server.server.getClientCapabilities();
  if (caps?.elicitation) console.error('can elicit');
};`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'v1 low-level Server, method name on its own line',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
export const supportsElicitation = () =>
  server
    .getClientCapabilities()?.elicitation !== undefined;`,
      errors: [{ messageId: 'call', line: 5 }],
    },
    {
      name: 'CommonJS namespace require',
      filename: 'src/server.cjs',
      code: `const mcp = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new mcp.McpServer({ name: 'x', version: '1' });
function canSample() {
  return Boolean(server.server.getClientCapabilities()?.sampling);
}
module.exports = { canSample };`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'JSDoc-typed JS helper in another file',
      code: {
        'src/caps.js': `/** @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server */
export function hasRoots(server) {
  return !!server.server.getClientCapabilities()?.roots;
}`,
        'src/index.js': `import { hasRoots } from './caps.js';
export const check = hasRoots;`,
      },
      errors: [{ messageId: 'call', line: 3, file: 'src/caps.js' }],
    },
    {
      name: 'export * barrel and an aliased import, inside a tool handler',
      code: {
        'src/vendor/index.ts': "export * from '@modelcontextprotocol/server';",
        'src/server.ts': `import { McpServer as Mcp } from './vendor/index.js';
const server = new Mcp({ name: 'x', version: '1' });
server.registerTool('caps', { description: 'd' }, async () => {
  const caps = server.server.getClientCapabilities();
  return { content: [{ type: 'text', text: JSON.stringify(caps) }] };
});`,
      },
      errors: [{ messageId: 'call', line: 4, file: 'src/server.ts' }],
    },
    {
      name: 'class field typed as the low-level Server',
      code: `import { Server } from '@modelcontextprotocol/server';
export class Capabilities {
  constructor(private readonly server: Server) {}
  elicitation() {
    return this.server.getClientCapabilities()?.elicitation;
  }
}`,
      errors: [{ messageId: 'call', line: 5 }],
    },
  ],
});
