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
