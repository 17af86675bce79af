/**
 * The factory a serving marker names where the rewrite stopped before finding one (stateless-serving/shared-server-factory.ts):
 * the project's own function behind one server every session shares (sweep 29 AC3) or built in a route apply does not
 * rewrite (review 39 R9), never a getter handing back a cached server (R10), under whatever name it is declared (R11).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { parseMarkers } from '../../src/markers.js';
import { ROOT, cleanUpMaterialised, materialise, readTree } from '../support/transform-fixtures.js';

afterAll(cleanUpMaterialised);

/** A route that connects the module-level `localMcpServer` to every session's transport (the handler tells the methods apart). */
const ROUTE = `import { randomUUID } from 'node:crypto';
import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { localMcpServer } from './server.js';

const transports: { [sessionId: string]: StreamableHTTPServerTransport } = {};
const app = express();
app.use(express.json());
const handleMcpRequest = async (req: express.Request, res: express.Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: StreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else {
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports[id] = transport; } });
    await localMcpServer.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
};
app.all('/mcp', handleMcpRequest);
app.listen(3000);
`;

async function servingMarker(server: string): Promise<string> {
  const dir = materialise('factory-hint', new Map([['src/server.ts', server], ['src/index.ts', ROUTE]]));
  await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
  const markers = parseMarkers(readTree(dir).get('src/index.ts')!).filter((m) => m.ruleId === 'session-transport/session-id-generator');
  expect(markers).toHaveLength(1);
  return markers[0]!.message;
}

const TOOL = "  server.registerTool('echo', { description: 'Echo' }, async () => ({ content: [{ type: 'text', text: 'echo' }] }));";

describe('the factory named where the serving rewrite stops', () => {
  it('an arrow-function factory, exported by an export list: named, and not asked to be exported (R11)', async () => {
    const message = await servingMarker(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const defineServer = (): McpServer => {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
${TOOL}
  return server;
};
export { defineServer };
export const localMcpServer = defineServer();
`);
    expect(message).toContain('a new server from `defineServer()`');
    expect(message).toContain('`defineServer` (src/server.ts) already builds the server: serve with it (a new server per request), and remove the one instance `localMcpServer`');
    expect(message).not.toContain('export it');
  });

  it('an unexported function declaration: named, and to be exported', async () => {
    const message = await servingMarker(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
function defineServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '1.0.0' });
${TOOL}
  return server;
}
export const localMcpServer = defineServer();
`);
    expect(message).toContain('already builds the server: export it and serve with it');
  });

  it('nor is one that fills a module variable on first call (`instance ??= new McpServer(…)`, review 39b S6)', async () => {
    const message = await servingMarker(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
let instance: McpServer | undefined;
export function getServer(): McpServer {
  const server = (instance ??= new McpServer({ name: 'echo', version: '1.0.0' }));
  return server;
}
export const localMcpServer = getServer();
`);
    expect(message).not.toContain('already builds the server');
    expect(message).toContain('`buildServer` stands for a function');
  });

  it('a getter returning the one server it caches is no factory: the placeholder, not the getter (R10)', async () => {
    const message = await servingMarker(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
let instance: McpServer | undefined;
export function getServer(): McpServer {
  if (!instance) {
    instance = new McpServer({ name: 'echo', version: '1.0.0' });
  }
  return instance;
}
export const localMcpServer = getServer();
`);
    expect(message).not.toContain('from `getServer()`');
    expect(message).not.toContain('already builds the server');
    expect(message).toContain('`buildServer` stands for a function');
  });
  it('a Koa route (not rewritten) building its server with the project\'s function: that function, not the placeholder (R9)', async () => {
    const dir = materialise('factory-hint-koa', new Map([['src/server.ts', `import Koa from 'koa';
import Router from '@koa/router';
import bodyParser from 'koa-bodyparser';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

function createServer(): McpServer {
  const server = new McpServer({ name: 'koa', version: '1.0.0' });
  server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
  return server;
}

const transports: Record<string, StreamableHTTPServerTransport> = {};
const app = new Koa();
const router = new Router();
app.use(bodyParser());

router.post('/mcp', async (ctx) => {
  const sessionId = ctx.get('mcp-session-id');
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport && isInitializeRequest(ctx.request.body)) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => { transports[id] = transport!; },
    });
    await createServer().connect(transport);
  }
  if (!transport) {
    ctx.status = 400;
    ctx.body = { jsonrpc: '2.0', error: { code: -32000, message: 'No session' }, id: null };
    return;
  }
  ctx.respond = false;
  await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
});

const sessionRequest = async (ctx: Koa.Context) => {
  const transport = transports[ctx.get('mcp-session-id')];
  if (!transport) { ctx.status = 400; return; }
  ctx.respond = false;
  await transport.handleRequest(ctx.req, ctx.res);
};
router.get('/mcp', sessionRequest);
router.delete('/mcp', sessionRequest);

app.use(router.routes());
app.listen(3000);
`]]));
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
    const marker = parseMarkers(readTree(dir).get('src/server.ts')!).find((m) => m.ruleId === 'session-transport/session-id-generator')!;
    expect(marker.message).toContain('sessionful serving on koa is not rewritten automatically');
    expect(marker.message).toContain('`createServer` already builds the server: serve with it (a new server per request).');
    expect(marker.message).not.toContain('`buildServer` stands for');
  });
});

describe('a route variable handed to the server factory', () => {
  const FIXTURE = path.join(ROOT, 'transforms', '__testfixtures__', 'stateless-serving', 'factory-filled-from-request-marker', 'input');
  const input = readTree(FIXTURE);

  it('is read from the request when a collection of the route is filled from it by its own mutator (review 39b S7)', async () => {
    const server = input
      .get('server.ts')!
      .replace('await addFromHeaders(conns, configsFromHeaders(req));', "const creds = new Map<string, string>();\n    creds.set('token', String(req.headers['x-db-token']));\n    void creds;")
      .replace('const server = createServer(conns);', 'const server = createServer(conns, creds);')
      .replace('function createServer(conns: Connections): Server {', 'function createServer(conns: Connections, _creds?: Map<string, string>): Server {');
    expect(server).toContain('createServer(conns, creds)');
    const dir = materialise('factory-map-from-request', new Map([...input, ['server.ts', server]]));
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
    const markers = parseMarkers(readTree(dir).get('server.ts')!).filter((m) => m.message.startsWith('the server factory `createServer`'));
    expect(markers).toHaveLength(1);
    expect(markers[0]!.message).toContain('never hoist');
    expect(markers[0]!.message).toContain('`creds`');
  });

  it('is not read from the request for being logged beside a request read (review 39 R8)', async () => {
    const server = input.get('server.ts')!.replace('await addFromHeaders(conns, configsFromHeaders(req));', "console.debug('new session from', req.ip, conns);");
    expect(server).toContain('console.debug');
    const dir = materialise('factory-logged-beside-request', new Map([...input, ['server.ts', server]]));
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
    const markers = parseMarkers(readTree(dir).get('server.ts')!).filter((m) => m.message.startsWith('the server factory `createServer`'));
    expect(markers).toHaveLength(1);
    expect(markers[0]!.message).toContain('compute them once into constants outside the route');
    expect(markers[0]!.message).not.toContain('never hoist');
  });
});

describe('a factory exported the CommonJS way', () => {
  it('is reachable: named, and not asked to be exported (review 39b S6)', async () => {
    const mcp = `'use strict';
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
function createServer() {
  const server = new McpServer({ name: 'koa', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echo' }, async () => ({ content: [{ type: 'text', text: 'echo' }] }));
  return server;
}
module.exports = { createServer };
`;
    const route = `'use strict';
const Router = require('@koa/router');
const { randomUUID } = require('node:crypto');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { isInitializeRequest } = require('@modelcontextprotocol/sdk/types.js');
const { createServer } = require('./mcp');
const transports = {};
const router = new Router();
router.post('/mcp', async (ctx) => {
  const sessionId = ctx.get('mcp-session-id');
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport && isInitializeRequest(ctx.request.body)) {
    transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports[id] = transport; } });
    await createServer().connect(transport);
  }
  ctx.respond = false;
  await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
});
module.exports = router;
`;
    const dir = materialise('factory-hint-cjs', new Map([['src/mcp.js', mcp], ['src/server.js', route]]));
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['stateless-serving'] });
    const marker = parseMarkers(readTree(dir).get('src/server.js')!).find((m) => m.ruleId === 'session-transport/session-id-generator')!;
    expect(marker.message).toContain('`createServer` (src/mcp.js) already builds the server: serve with it');
    expect(marker.message).not.toContain('export it');
  });
});
