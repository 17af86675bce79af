import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/handshake/private-state.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a project class with its own _initialized field',
      code: `export class Cache {
  private _initialized = false;
  init() {
    this._initialized = true;
  }
}`,
    },
    {
      name: 'same field names on a plain object',
      code: `const state = { _clientVersion: '1', _clientCapabilities: {} };
export const v = state['_clientVersion'] ?? state._clientCapabilities;`,
    },
    {
      name: 'client-side code (client package)',
      code: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const client = new Client({ name: 'c', version: '1' });
export const ready = (client as any)._initialized;`,
    },
    {
      name: 'public API only (getClientVersion is another rule)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
export const v = server.server.getClientVersion();`,
    },
    {
      // The field table is a plain object: a member every object inherits is not one of its fields.
      name: "members every object has (`toString`, `constructor`, `hasOwnProperty`) on an SDK server",
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
export const text = server.toString();
export const kind = server.constructor.name;
export const own = server.hasOwnProperty('_initialized');`,
    },
    {
      name: '_clientCapabilities on a transport is not handshake state',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
export const caps = (transport as any)._clientCapabilities;`,
    },
  ],
  invalid: [
    {
      name: "v1's Node transport: `_initialized` of the web-standard transport it delegates to (`_webStandardTransport`)",
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export function adopt(sessionId: string): StreamableHTTPServerTransport {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
  const inner = transport['_webStandardTransport'] as unknown as { _initialized: boolean };
  inner._initialized = true;
  return transport;
}`,
      errors: [{ messageId: 'forced', line: 5 }],
    },
    {
      name: 'v2 McpServer: read through as any',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
export const caps = (server.server as any)._clientCapabilities;`,
      errors: [{ messageId: 'field', line: 3 }],
    },
    {
      name: 'v1 low-level Server: bracket access and a forced _initialized write',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
export const version = (server as any)['_clientVersion'];
(server as unknown as { _initialized: boolean })._initialized = true;`,
      errors: [
        { messageId: 'field', line: 3 },
        { messageId: 'forced', line: 4 },
      ],
    },
    {
      name: 'copying handshake state between per-session servers (field names on their own lines)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function adopt(primary: McpServer, fresh: McpServer) {
  (fresh.server as any)
    ._clientCapabilities = (primary.server as any)._clientCapabilities;
}`,
      // The copy is one statement on one line: one site, reported once.
      errors: [{ messageId: 'field', line: 4 }],
    },
    {
      name: "_initialized on the Streamable HTTP transport (v1 and v2)",
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const a = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
const b = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
(a as any)._initialized = true;
(b as any)['_initialized'] = true;`,
      errors: [
        { messageId: 'forced', line: 5 },
        { messageId: 'forced', line: 6 },
      ],
    },
    {
      name: 'CommonJS helper with a JSDoc-typed server',
      filename: 'src/server.cjs',
      code: `/** @param {import('@modelcontextprotocol/sdk/server/mcp.js').McpServer} server */
function clientName(server) {
  return server.server._clientVersion && server.server._clientVersion.name;
}
module.exports = { clientName };`,
      // The guard and the read it guards are one site: reported once.
      errors: [{ messageId: 'field', line: 3 }],
    },
    {
      name: 'a type or presence check of the field is not a site of its own, the write it guards is',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export function resume(transport: StreamableHTTPServerTransport, sessionId: string): boolean {
  const internals = transport._webStandardTransport;
  if (internals._initialized !== undefined &&
      typeof internals._initialized !== 'boolean') {
    console.error({ type: typeof internals._initialized });
    return false;
  }
  internals._initialized = true;
  internals.sessionId = sessionId;
  return true;
}`,
      errors: [{ messageId: 'forced', line: 9 }],
    },
    {
      name: 'project-local re-export module (namespace import)',
      code: {
        'src/sdk.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/index.ts': `import * as sdk from './sdk.js';
const server = new sdk.McpServer({ name: 'x', version: '1' });
export const ready = (server.server as any)._initialized === true;`,
      },
      errors: [{ messageId: 'field', line: 3, file: 'src/index.ts' }],
    },
  ],
});
