import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handshake/client-version.js';

ruleTester(rule, {
  valid: [
    {
      name: "a client's getServerVersion()",
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
export const version = () => client.getServerVersion();`,
    },
    {
      name: 'same method names on non-SDK objects',
      code: `const pkg = { getClientVersion: () => '1.0.0', getNegotiatedProtocolVersion: () => 'x' };
export const v = [pkg.getClientVersion(), pkg.getNegotiatedProtocolVersion(), process.version];`,
    },
    {
      name: 'per-request client info from the v2 context',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('client_info', { description: 'Which client is calling' }, async (ctx) => {
  const info = (ctx.mcpReq as any).envelope?.clientInfo;
  return { content: [{ type: 'text', text: info ? info.name : 'unknown' }] };
});`,
    },
    {
      name: 'mentioned in comments only',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
// used to call server.server.getClientVersion() and getNegotiatedProtocolVersion()
export const server = new McpServer({ name: 'x', version: '1' });`,
    },
    {
      name: 'the 2025-era fallback after the request envelope (what apply writes)',
      code: `import { McpServer, CLIENT_INFO_META_KEY, type Implementation } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('client_info', { description: 'Which client is calling' }, async (ctx) => {
  const info = (ctx.mcpReq.envelope as { [CLIENT_INFO_META_KEY]?: Implementation } | undefined)?.[CLIENT_INFO_META_KEY] ?? server.server.getClientVersion();
  return { content: [{ type: 'text', text: info ? info.name : 'unknown' }] };
});`,
    },
  ],
  invalid: [
    {
      name: 'getNegotiatedProtocolVersion after an envelope read: the envelope carries no such key for it',
      code: `import { McpServer, CLIENT_INFO_META_KEY } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('v', { description: 'd' }, async (ctx) => {
  const v = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_INFO_META_KEY] ?? server.server.getNegotiatedProtocolVersion();
  return { content: [{ type: 'text', text: String(v) }] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'v2 getClientVersion inside a tool handler',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('client_info', { description: 'd' }, async () => {
  const client = server.server.getClientVersion();
  return { content: [{ type: 'text', text: client ? client.name : 'unknown' }] };
});`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'v1 low-level Server: both methods',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
server.oninitialized = () => {
  const protocol = server.getNegotiatedProtocolVersion();
  const client = server.getClientVersion();
  console.error(protocol, client?.name);
};`,
      errors: [
        { messageId: 'call', line: 4 },
        { messageId: 'call', line: 5 },
      ],
    },
    {
      name: 'namespace import, method name on its own line',
      code: `import * as mcp from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new mcp.McpServer({ name: 'x', version: '1' });
export const protocol = () => server.server
  .getNegotiatedProtocolVersion();`,
      errors: [{ messageId: 'call', line: 4 }],
    },
    {
      name: 'CommonJS destructured require with a renamed binding',
      filename: 'src/server.cjs',
      code: `const { McpServer: Mcp } = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new Mcp({ name: 'x', version: '1' });
module.exports.clientName = () => server.server.getClientVersion()?.name;`,
      errors: [{ messageId: 'call', line: 3 }],
    },
    {
      name: 'project-local re-export module, server passed to a helper',
      code: {
        'src/sdk.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/info.ts': `export function describeClient(server: any): string {
  const v = server.server.getClientVersion();
  return v ? v.name + ' ' + v.version : 'unknown';
}`,
        'src/index.ts': `import { McpServer } from './sdk.js';
import { describeClient } from './info.js';
const server = new McpServer({ name: 'x', version: '1' });
console.error(describeClient(server));`,
      },
      errors: [{ messageId: 'call', line: 2, file: 'src/info.ts' }],
    },
  ],
});
