import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/session-id-generator.js';

ruleTester(rule, {
  valid: [
    {
      name: "echoing the transport's own session id (or the incoming header) is not minting it",
      code: `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const sid = req.header('mcp-session-id') ?? transport.sessionId;
  if (sid) res.setHeader('mcp-session-id', sid);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'super({...}) of a class that does not extend an SDK transport',
      code: `class Base { constructor(readonly options: object) {} }
export class Other extends Base {
  constructor() { super({ sessionIdGenerator: () => 'x' }); }
}`,
    },
    {
      name: 'the v1 stateless idiom: a transport per request, created in the route that uses it',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
app.post('/mcp', async (req, res) => {
  const server = new McpServer({ name: 'jira', version: '1.0.0' });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'stateless transport (sessionIdGenerator: undefined)',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const t = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });`,
    },
    {
      name: 'a non-SDK class with the same option name',
      code: `import { MyTransport } from './my-transport.js';
const t = new MyTransport({ sessionIdGenerator: () => 'x' });`,
    },
    {
      name: 'v2 web-standard transport with sessionIdGenerator: void 0',
      code: `import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
export const t = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: void 0 });`,
    },
    {
      name: 'per-request stateless server; the old generator survives only in a comment',
      code: `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildServer } from './build.js';
const app = express();
app.post('/mcp', async (req, res) => {
  // was: sessionIdGenerator: () => randomUUID(),
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.get('/mcp', (_req, res) => res.status(405).set('Allow', 'POST').end());`,
    },
    {
      name: 'an options object that never reaches an SDK transport',
      code: `import { randomUUID } from 'node:crypto';
export const sessionConfig = { sessionIdGenerator: () => randomUUID(), ttlSeconds: 3600 };`,
    },
    {
      name: 'the same class name from a package that is not the MCP SDK',
      code: `import { StreamableHTTPServerTransport } from 'mcp-lite';
export const t = new StreamableHTTPServerTransport({ sessionIdGenerator: () => 'x' });`,
    },
    {
      name: 'CommonJS stateless transport',
      filename: 'src/server.cjs',
      code: `const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
module.exports = () => new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });`,
    },
    {
      name: 'undefined through a const, a property typed undefined, and a conditional of both',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const STATELESS = undefined;
interface HttpOptions { port: number; sessionIdGenerator?: undefined }
export function serve(options: HttpOptions, json: boolean) {
  const a = new StreamableHTTPServerTransport({ sessionIdGenerator: STATELESS });
  const b = new StreamableHTTPServerTransport({ sessionIdGenerator: options.sessionIdGenerator });
  const c = new StreamableHTTPServerTransport({ sessionIdGenerator: json ? undefined : STATELESS });
  return [a, b, c];
}`,
    },
    {
      name: 'a generator parameter that every caller leaves out or passes as undefined',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function makeTransport(sessionIdGenerator?: () => string) {
  return new StreamableHTTPServerTransport({ sessionIdGenerator, enableJsonResponse: true });
}
function makeOther(gen: (() => string) | undefined) {
  return new StreamableHTTPServerTransport({ sessionIdGenerator: gen });
}
export const a = makeTransport();
export const b = makeTransport(undefined);
export const c = makeOther(void 0);`,
    },
  ],
  invalid: [
    {
      name: 'one stateless transport created at start-up and shared by every request of the route (sweep 9 G3)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const server = new McpServer({ name: 'jira', version: '1.0.0' });
const app = express();
const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
await server.connect(transport);
app.all('/mcp', (req, res) => {
  void transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'sharedStateless', line: 6, data: { line: '8' } }],
    },
    {
      name: 'the same created in a start function that registers the route',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export async function start(server: McpServer): Promise<void> {
  const app = express();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  app.post('/mcp', async (req, res) => {
    await transport.handleRequest(req, res, req.body);
  });
  app.listen(3000);
}`,
      errors: [{ messageId: 'sharedStateless', line: 6 }],
    },
    {
      name: 'the same behind a fallback and a wrapper returning what it is given (vibe-check, sweep 10 H6)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function scoped<T>(transport: T): T { return transport; }
export async function start(server: McpServer, options: { transport?: StreamableHTTPServerTransport } = {}): Promise<void> {
  const transport = scoped(options.transport ?? new StreamableHTTPServerTransport({ sessionIdGenerator: undefined }));
  await server.connect(transport);
  const app = express();
  app.post('/mcp', async (req, res) => {
    await transport.handleRequest(req, res, req.body);
  });
}`,
      errors: [{ messageId: 'sharedStateless', line: 6, data: { line: '9' } }],
    },
    {
      name: 'the same through a variable the wrapper is given (vibe-check as written; sweep 10 recheck N1)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function scoped<T>(transport: T): T { return transport; }
export async function start(server: McpServer, options: { transport?: StreamableHTTPServerTransport } = {}): Promise<void> {
  const base = options.transport ?? new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const transport = scoped(base);
  await server.connect(transport);
  const app = express();
  app.post('/mcp', async (req, res) => {
    await transport.handleRequest(req, res, req.body);
  });
}`,
      errors: [{ messageId: 'sharedStateless', line: 6, data: { line: '10' } }],
    },
    {
      name: 'a session id minted by hand for a new client and sent as the Mcp-Session-Id header (hono)',
      code: `import { Hono } from 'hono';
import { randomBytes } from 'node:crypto';
const newSessionId = (): string => randomBytes(24).toString('base64url');
const app = new Hono();
app.post('/mcp', async (c) => {
  const provided = c.req.header('mcp-session-id');
  const sessionId = provided ?? newSessionId();
  const response = await fetch('http://upstream.internal/rpc', { method: 'POST', body: await c.req.text() });
  const out = new Response(response.body, response);
  out.headers.set('Mcp-Session-Id', sessionId);
  return out;
});`,
      errors: [{ messageId: 'minted', line: 7 }],
    },
    {
      name: 'a subclass of the SDK transport: generator set inside super({...}) or passed when constructed',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';
class SessionTransport extends StreamableHTTPServerTransport {
  constructor(readonly tenant: string) {
    super({ sessionIdGenerator: () => \`\${tenant}-\${randomUUID()}\`, enableJsonResponse: true });
  }
}
class PlainTransport extends StreamableHTTPServerTransport {}
export const a = new SessionTransport('acme');
export const b = new PlainTransport({ sessionIdGenerator: () => randomUUID() });
export const c = new PlainTransport({ sessionIdGenerator: undefined });`,
      errors: [
        { messageId: 'sessionful', line: 5 },
        { messageId: 'sessionful', line: 10 },
      ],
    },
    {
      name: 'a generator parameter one caller passes (not every caller is stateless)',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';
function makeTransport(sessionIdGenerator?: () => string) {
  return new StreamableHTTPServerTransport({ sessionIdGenerator });
}
export const a = makeTransport();
export const b = makeTransport(() => randomUUID());`,
      errors: [{ messageId: 'sessionful', line: 4 }],
    },
    {
      name: 'a generator parameter of an exported helper nobody in the project calls',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export function makeTransport(gen?: () => string) {
  return new StreamableHTTPServerTransport({ sessionIdGenerator: gen });
}`,
      errors: [{ messageId: 'sessionful', line: 3 }],
    },
    {
      name: 'v1 sessionful transport',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';
const t = new StreamableHTTPServerTransport({
  sessionIdGenerator: () => randomUUID(),
});`,
      errors: [{ messageId: 'sessionful', line: 4 }],
    },
    {
      name: 'v2 transport through an options variable',
      code: `import { NodeStreamableHTTPServerTransport as T } from '@modelcontextprotocol/node';
const options = { sessionIdGenerator: () => crypto.randomUUID() };
export const t = new T(options);`,
      errors: [{ messageId: 'sessionful', line: 2 }],
    },
    {
      name: 'v1 namespace import',
      code: `import * as http from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';
export const t = new http.StreamableHTTPServerTransport({ sessionIdGenerator: randomUUID });`,
      errors: [{ messageId: 'sessionful', line: 3 }],
    },
    {
      name: 'aliased v2 web-standard transport with a conditional generator',
      code: `import { WebStandardStreamableHTTPServerTransport as WebTransport } from '@modelcontextprotocol/server';
const stateful = process.env.STATEFUL === '1';
export const t = new WebTransport({
  sessionIdGenerator: stateful ? () => crypto.randomUUID() : undefined,
});`,
      errors: [{ messageId: 'sessionful', line: 4 }],
    },
    {
      name: 'CommonJS destructured require with a renamed binding',
      filename: 'src/server.cjs',
      code: `const { randomUUID } = require('node:crypto');
const { StreamableHTTPServerTransport: Transport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
function open() {
  return new Transport({
    sessionIdGenerator: () => randomUUID(),
  });
}
module.exports = { open };`,
      errors: [{ messageId: 'sessionful', line: 5 }],
    },
    {
      name: 'CommonJS whole-module require',
      filename: 'src/server.cjs',
      code: `const streamable = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const t = new streamable.StreamableHTTPServerTransport({ sessionIdGenerator: () => String(Date.now()) });
module.exports = t;`,
      errors: [{ messageId: 'sessionful', line: 2 }],
    },
    {
      name: 'project-local re-export module, options in a module-level variable',
      code: {
        'src/sdk.ts': "export { StreamableHTTPServerTransport as HttpTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        'src/http.ts': `import { randomUUID } from 'node:crypto';
import * as mcp from './sdk.js';
const transportOptions = {
  sessionIdGenerator: () => randomUUID(),
};
export function open() {
  return new mcp.HttpTransport(transportOptions);
}`,
      },
      errors: [{ messageId: 'sessionful', line: 4, file: 'src/http.ts' }],
    },
    {
      name: 'export * barrel over the v2 node package',
      code: {
        'src/vendor/index.ts': "export * from '@modelcontextprotocol/node';",
        'src/server.ts': `import { NodeStreamableHTTPServerTransport } from './vendor/index.js';
export const t = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });`,
      },
      errors: [{ messageId: 'sessionful', line: 2, file: 'src/server.ts' }],
    },
    {
      name: 'shorthand property and method syntax',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { randomUUID } from 'node:crypto';
const sessionIdGenerator = () => randomUUID();
export const a = new StreamableHTTPServerTransport({ sessionIdGenerator });
export const b = new StreamableHTTPServerTransport({
  sessionIdGenerator() {
    return randomUUID();
  },
});`,
      errors: [
        { messageId: 'sessionful', line: 4 },
        { messageId: 'sessionful', line: 6 },
      ],
    },
  ],
});
