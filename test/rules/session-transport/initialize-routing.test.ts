import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/initialize-routing.js';

ruleTester(rule, {
  valid: [
    {
      name: 'a project function of the same name',
      code: `function isInitializeRequest(body: any): boolean {
  return body?.method === 'initialize';
}
export const isInit = (b: unknown) => isInitializeRequest(b);`,
    },
    {
      name: 'the same name from a package that is not the MCP SDK',
      code: `import { isInitializeRequest } from 'mcp-helpers';
export const opens = isInitializeRequest({ method: 'initialize' });`,
    },
    {
      name: 'only mentioned in a comment and a string; stateless transport',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
// Before: if (!sessionId && isInitializeRequest(req.body)) { ... }
export const note = 'isInitializeRequest(req.body) is gone';
export const t = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });`,
    },
    {
      name: "on the message a transport's onmessage receives it is handshake plumbing (handshake/initialize-handler)",
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
transport.onmessage = (msg: JSONRPCMessage) => {
  if (!isInitializeRequest(msg)) console.error('auto-initialize first');
};`,
    },
    {
      name: 'v2 isLegacyRequest routing (the recommended replacement)',
      code: `import { isLegacyRequest } from '@modelcontextprotocol/server';
export const legacy = (body: unknown) => isLegacyRequest(body);`,
    },
    {
      name: 'client package is not a server',
      code: `import { isInitializeRequest } from '@modelcontextprotocol/client';
export const check = (m: unknown) => isInitializeRequest(m);`,
    },
    {
      name: 'a project function testing a transport message (not a request body), or a request body for something else',
      code: `function opensSession(message: { method?: string }): boolean {
  return message.method === 'initialize';
}
function isPing(body: any): boolean {
  return body?.method === 'ping';
}
export function route(req: { body: unknown }, msg: { method?: string }) {
  return [opensSession(msg), isPing(req.body)];
}`,
    },
  ],
  invalid: [
    {
      name: "a project's own isInitializeRequest on the request body (1mcp-app/agent, apify's extractInitializeMessage)",
      code: `import express from 'express';
function isInitializeRequest(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'method' in body && body.method === 'initialize';
}
export function extractInitializeMessage(body: unknown): { method: string } | undefined {
  const messages = Array.isArray(body) ? body : [body];
  return messages.find((msg): msg is { method: string } => typeof msg === 'object' && msg !== null && msg.method === 'initialize');
}
const app = express();
app.post('/mcp', (req, res) => {
  if (!req.headers['mcp-session-id'] && isInitializeRequest(req.body)) return res.status(201).end();
  const init = extractInitializeMessage(req.body);
  res.status(init ? 200 : 400).end();
});`,
      errors: [
        { messageId: 'handWritten', line: 11 },
        { messageId: 'handWritten', line: 12 },
      ],
    },
    {
      name: 'v1 named import',
      code: `import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
export function opens(req: any): boolean {
  return !req.headers['mcp-session-id'] && isInitializeRequest(req.body);
}`,
      errors: [{ messageId: 'routing', line: 3 }],
    },
    {
      name: 'v2 aliased import',
      code: `import { isInitializeRequest as isInit } from '@modelcontextprotocol/server';
export const opens = (body: unknown) => isInit(body);`,
      errors: [{ messageId: 'routing', line: 2 }],
    },
    {
      name: 'namespace import, placed at the member name on its own line',
      code: `import * as types from '@modelcontextprotocol/sdk/types.js';
export function opens(body: unknown, sid?: string) {
  if (sid) return false;
  return types
    .isInitializeRequest(body);
}`,
      errors: [{ messageId: 'routing', line: 5 }],
    },
    {
      name: 'CommonJS destructured and whole-module require',
      filename: 'src/server.cjs',
      code: `const { isInitializeRequest } = require('@modelcontextprotocol/sdk/types.js');
const types = require('@modelcontextprotocol/sdk/types.js');
module.exports.a = (b) => isInitializeRequest(b);
module.exports.b = (b) => types.isInitializeRequest(b);`,
      errors: [
        { messageId: 'routing', line: 3 },
        { messageId: 'routing', line: 4 },
      ],
    },
    {
      name: 'export * barrel chain over a local re-export module',
      code: {
        'src/sdk.ts': "export * from '@modelcontextprotocol/sdk/types.js';",
        'src/lib/index.ts': "export * from '../sdk.js';",
        'src/http.ts': `import { isInitializeRequest } from './lib/index.js';
export const opens = (b: unknown) => isInitializeRequest(b);`,
      },
      errors: [{ messageId: 'routing', line: 2, file: 'src/http.ts' }],
    },
    {
      name: 'routing block of a v2 express server: every call is a finding',
      code: `import { isInitializeRequest } from '@modelcontextprotocol/server';
import express from 'express';
const app = express();
app.post('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'];
  if (!sid && isInitializeRequest(req.body)) return res.status(201).end();
  if (sid && isInitializeRequest(req.body)) return res.status(400).end();
  res.status(404).end();
});`,
      errors: [
        { messageId: 'routing', line: 6 },
        { messageId: 'routing', line: 7 },
      ],
    },
    {
      name: 'CommonJS re-export module (exports.X = require(sdk).X)',
      code: {
        'src/sdk.cjs': "exports.isInitializeRequest = require('@modelcontextprotocol/sdk/types.js').isInitializeRequest;",
        'src/http.cjs': `const sdk = require('./sdk.cjs');
module.exports = (body) => sdk.isInitializeRequest(body);`,
      },
      errors: [{ messageId: 'routing', line: 2, file: 'src/http.cjs' }],
    },
  ],
});
