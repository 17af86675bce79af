import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-state/per-session-server.js';

ruleTester(rule, {
  valid: [
    {
      name: 'one server from the project factory connected once, in the start-up function the module runs, to the one sessionful transport of the process: nothing is built per session (the transport rules report the single session; sweep 34 AH5)',
      code: `import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class ApiClient {
  constructor(private readonly baseUrl: string) {}
  sites() { return fetch(this.baseUrl + '/sites').then((r) => r.json()); }
}
function createMcpServer(client: ApiClient): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  server.registerTool('list_sites', { description: 'List sites' }, async () => ({ content: [{ type: 'text', text: JSON.stringify(await client.sites()) }] }));
  return server;
}
async function main(): Promise<void> {
  const client = new ApiClient(process.env.API_URL ?? 'http://localhost:8043');
  const mcpServer = createMcpServer(client);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcpServer.connect(transport);
  http.createServer((req, res) => void transport.handleRequest(req, res)).listen(3000);
}
void main();`,
    },
    {
      name: 'a wrapper whose set-up method only its constructor calls: its fields are written once, while it is built (review 36 R1)',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class NotesServer {
  folder = '';
  server!: McpServer;
  constructor(folder: string) {
    this.init(folder);
  }
  private init(folder: string) {
    this.folder = folder;
    this.server = new McpServer({ name: 'notes', version: '1.0.0' });
  }
}
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const notes = new NotesServer('/tmp');
  await notes.server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: "a package's function wrapping a server the project built (Sentry's wrapMcpServerWithSentry): not a package's opaque server (review 36 R3)",
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { wrapMcpServerWithSentry } from '@sentry/node';
function buildServer() {
  return new McpServer({ name: 'x', version: '1.0.0' });
}
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const server = wrapMcpServerWithSentry(buildServer());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'a project wrapper built per session whose fields nothing changes after construction: only SDK state',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class NotesServer {
  readonly folder: string;
  server = new McpServer({ name: 'notes', version: '1.0.0' });
  constructor(folder: string) {
    this.folder = folder;
    this.server.registerTool('get_folder', {}, async () => ({ content: [{ type: 'text', text: this.folder }] }));
  }
}
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const notes = new NotesServer('./data');
  await notes.server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'a package\'s server built per request for a stateless transport: nothing outlives the request',
      code: `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer } from '@playwright/mcp';
const app = express();
app.post('/mcp', async (req, res) => {
  const server = createServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'a database client of a package connected in a sessionful route: not a server (it is not given the transport)',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const server = new McpServer({ name: 'x', version: '1.0.0' });
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const redis = createClient();
  await redis.connect();
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'a configuration object handed with each session\'s server to the registrations, which only read it',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function registerTools(server: McpServer, config: { greeting: string }) {
  server.registerTool('greet', {}, async () => ({ content: [{ type: 'text', text: config.greeting }] }));
}
const transports: Record<string, StreamableHTTPServerTransport> = {};
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports[id] = transport; } });
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  const config = { greeting: 'hello' };
  registerTools(server, config);
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'SDK 1.x stateless idiom: a new server and a new stateless transport in every request',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function buildServer() {
  return new McpServer({ name: 'weather', version: '1.0.0' });
}
const app = express();
app.post('/mcp', async (req, res) => {
  const server = buildServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'one stateless transport connected once at start-up and handed every request (session-id-generator reports it)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const server = new McpServer({ name: 'weather', version: '1.0.0' });
async function main() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  const app = express();
  app.post('/mcp', (req, res) => transport.handleRequest(req, res, req.body));
  app.listen(3000);
}
main();`,
    },
    {
      name: 'a server built per session whose factory keeps only a timer handle set by a handler (bookkeeping), and an SSE connection whose factory keeps a set (sse-transport covers it)',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
function createServer() {
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { resources: { subscribe: true } } });
  let initializeTimeout: ReturnType<typeof setTimeout> | undefined;
  server.oninitialized = () => {
    initializeTimeout = setTimeout(() => undefined, 350);
  };
  return { server, cleanup: () => clearTimeout(initializeTimeout) };
}
function createSseServer() {
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { resources: { subscribe: true } } });
  const subscriptions = new Set<string>();
  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscriptions.add(request.params.uri);
    return {};
  });
  return { server };
}
const app = express();
app.post('/mcp', async (req, res) => {
  const { server } = createServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.get('/sse', async (_req, res) => {
  const { server } = createSseServer();
  await server.connect(new SSEServerTransport('/message', res));
});`,
    },
    {
      name: 'a server passed to the transport helper is built per request by the route handler (not shared)',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function buildServer() {
  return new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
}
export async function resolveTransport(req: any, server: Server) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  return transport;
}
const app = express();
app.post('/mcp', async (req, res) => {
  const perRequest = buildServer();
  const transport = await resolveTransport(req, perRequest);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'a server built per session whose factory only fills its collections while it is built (no handler writes them)',
      code: `import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
function createServer() {
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
  const tools = new Map<string, string>();
  tools.set('echo', 'Echoes');
  let count = 0;
  count = tools.size;
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools].map(([name, description]) => ({ name, description, inputSchema: { type: 'object' as const } })) }));
  return server;
}
export async function open() {
  const server = createServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  return transport;
}`,
    },
    {
      name: 'servers keyed by tenant, not by session',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const byTenant = new Map<string, McpServer>();
export function serverFor(tenant: string) {
  let s = byTenant.get(tenant);
  if (!s) byTenant.set(tenant, (s = new McpServer({ name: tenant, version: '1' })));
  return s;
}`,
    },
    {
      name: 'one module-level server and session-keyed application state',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const notes = new Map<string, string>();
server.tool('note', async (extra) => {
  notes.set(extra.sessionId ?? '', 'x');
  return { content: [] };
});`,
    },
    {
      name: 'upstream clients (client package) kept per session',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
const upstreams = new Map<string, Client>();
const server = new McpServer({ name: 'proxy', version: '1' });
server.tool('proxy', async (extra) => {
  upstreams.set(extra.sessionId!, new Client({ name: 'p', version: '1' }));
  return { content: [] };
});`,
    },
    {
      name: 'a factory that builds a new server per request',
      code: `import { McpServer } from '@modelcontextprotocol/server';
export function buildServer() {
  return new McpServer({ name: 'x', version: '1' });
}
export const handler = (req: any) => buildServer().connect(req.transport);`,
    },
    {
      name: 'a server built per session from a factory with no project state (only SDK objects)',
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function buildServer() {
  const server = new McpServer({ name: 'x', version: '1' });
  server.tool('echo', async () => ({ content: [] }));
  return server;
}
export async function openSession() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const server = buildServer();
  await server.connect(transport);
  return transport;
}`,
    },
    {
      name: 'stateful objects built per request for a stateless transport',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class Backend { private calls = 0; count() { return ++this.calls; } }
function buildServer(backend: Backend) {
  const server = new McpServer({ name: 'x', version: '1' });
  server.tool('count', async () => ({ content: [{ type: 'text', text: String(backend.count()) }] }));
  return server;
}
export async function handle() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const server = buildServer(new Backend());
  await server.connect(transport);
  return transport;
}`,
    },
    {
      name: 'the request\'s auth handed to a server built per request for a stateless transport',
      code: `import type { Request } from 'express';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function createServer(auth: AuthInfo | undefined) {
  return new McpServer({ name: auth?.clientId ?? 'anonymous', version: '1' });
}
export async function handle(req: Request & { auth?: AuthInfo }) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const server = createServer(req.auth);
  await server.connect(transport);
  return transport;
}`,
    },
    {
      name: 'a helper that builds a stateful backend and connects a server to a stateless transport its callers create',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
class Backend {
  private calls = 0;
  count() { return ++this.calls; }
}
async function connect(transport: Transport) {
  const backend = new Backend();
  const server = new McpServer({ name: 'x', version: String(backend.count()) });
  await server.connect(transport);
}
export async function onPost() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await connect(transport);
  return transport;
}`,
    },
    {
      name: 'a child process spawned per request for a stateless transport, and a spawn function that is not node:child_process',
      code: `import { spawn as spawnChild } from 'node:child_process';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function spawn(name: string) { return { name }; }
export async function onPost(command: string) {
  const server = new Server({ name: 'gateway', version: '1' }, { capabilities: {} });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  const child = spawnChild(command, { shell: true });
  transport.onmessage = (message) => child.stdin.write(JSON.stringify(message));
  return transport;
}
export async function onSession() {
  const server = new Server({ name: 'gateway', version: '1' }, { capabilities: {} });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => 'fixed' });
  await server.connect(transport);
  return { transport, worker: spawn('worker') };
}`,
    },
    {
      name: 'a routing table filled at start-up (not by a list request) and read by tools/call; a cache a list handler fills and only it reads',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
interface Upstream { name: string; call(tool: string): Promise<string>; tools(): Promise<string[]> }
export async function createServer(upstreams: Upstream[]) {
  const owners = new Map<string, Upstream>();
  for (const upstream of upstreams) for (const tool of await upstream.tools()) owners.set(tool, upstream);
  const listed = new Map<string, number>();
  const server = new Server({ name: 'proxy', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    listed.set('count', owners.size);
    return { tools: [...owners.keys()].map((name) => ({ name, inputSchema: { type: 'object' as const } })), count: listed.get('count') };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const owner = owners.get(request.params.name);
    return { content: [{ type: 'text' as const, text: owner ? await owner.call(request.params.name) : 'unknown tool' }] };
  });
  return server;
}`,
    },
    {
      name: 'a stateful browser context built by the server factory and by a backend method, for a stateless transport (per request)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class Context {
  private _tabs: string[] = [];
  open(url: string) { this._tabs.push(url); return this._tabs.length; }
}
class Backend {
  private _context: Context | undefined;
  initialize() { this._context = new Context(); }
  count() { return this._context?.open('about:blank') ?? 0; }
}
function createServer(backend: Backend) {
  const context = new Context();
  const server = new McpServer({ name: 'browser', version: '1' });
  server.tool('open', async () => ({ content: [{ type: 'text', text: String(context.open('x') + backend.count()) }] }));
  return server;
}
export async function handle() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  const server = createServer(new Backend());
  await server.connect(transport);
  return transport;
}`,
    },
    {
      name: 'an upstream client transport opened per request for a stateless transport, and one opened once at start-up for every session',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
function pipe(a: Transport, b: Transport) {
  a.onmessage = (message) => void b.send(message);
}
const shared = new StreamableHTTPClientTransport(new URL('http://upstream/mcp'));
const app = express();
app.post('/stateless', async (req, res) => {
  const upstream = new StreamableHTTPClientTransport(new URL('http://upstream/mcp'));
  const client = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  pipe(client, upstream);
  await client.handleRequest(req, res);
});
app.post('/mcp', async (req, res) => {
  const client = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  pipe(client, shared);
  await client.handleRequest(req, res);
});`,
    },
    {
      name: 'a registry whose records hold a generic value constrained by a type that only borrows one member of the SDK Server among its own (not a server)',
      code: `import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
type Closer = { close: Server['close']; label: string };
export function open<T extends Closer>(registry: Record<string, { owner: T }>, owner: T) {
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (sid) => {
      registry[sid] = { owner };
    },
  });
  return transport;
}`,
    },
    {
      name: 'roots asked inside the tool call that uses them, and a roots answer kept only in a local of the asking function',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('list_files', {}, async () => {
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: roots.map((r) => r.uri).join('\\n') }] };
});
server.server.oninitialized = async () => {
  let seen = (await server.server.request({ method: 'roots/list' }, ListRootsResultSchema)).roots;
  seen = seen.filter((r) => r.uri.startsWith('file:'));
  console.error(seen.length);
};`,
    },
    {
      name: 'a module variable written from a roots answer but never read by other code',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
let lastRoots: unknown;
server.server.oninitialized = async () => {
  lastRoots = (await server.server.listRoots()).roots;
};`,
    },
  ],
  invalid: [
    {
      name: "a registry of { server, transport } typed with the project's structural interfaces, as a module Map and as a plugin's member (PaulBratslavsky/yt-transcript-strapi-plugin, sweep 25 Y3)",
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
interface McpSession {
  server: { connect(transport: unknown): Promise<void> };
  transport: { handleRequest(req: unknown, res: unknown, body?: unknown): Promise<void> };
}
interface Plugin { sessions: Map<string, McpSession> }
declare function getPlugin(name: string): Plugin;
const sessions = new Map<string, McpSession>();
export async function handle(req: { headers: Record<string, string | undefined> }, res: unknown): Promise<void> {
  const plugin = getPlugin('demo');
  const requested = req.headers['mcp-session-id'];
  let session = requested ? sessions.get(requested) ?? plugin.sessions.get(requested) : undefined;
  if (!session) {
    const sessionId = randomUUID();
    const server = new McpServer({ name: 'demo', version: '1.0.0' });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
    await server.connect(transport);
    session = { server, transport };
    sessions.set(sessionId, session);
    plugin.sessions.set(sessionId, session);
  }
  await session.transport.handleRequest(req, res);
}`,
      errors: [
        { messageId: 'servers', line: 10, data: { name: 'sessions' } },
        { messageId: 'servers', line: 14, data: { name: 'plugin.sessions' } },
      ],
    },
    {
      name: 'a server that is the field of a project wrapper built per session, whose tool handlers change its other fields (sweep 23 W2)',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class NotesServer {
  folder = '.';
  server = new McpServer({ name: 'notes', version: '1.0.0' });
  constructor() {
    this.server.registerTool('set_folder', {}, async () => {
      this.folder = '/tmp';
      return { content: [] };
    });
  }
}
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const notes = new NotesServer();
  await notes.server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'perSession', line: 18, column: 17, data: { server: 'new NotesServer()', state: 'the fields of `NotesServer` its calls change (`this.folder`)' } }],
    },
    {
      name: 'a server built per HTTP+SSE connection by a package\'s factory (createServer of @playwright/mcp, each owning a browser): opaque, so per session (sweep 21 U3)',
      code: `import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { createServer } from '@playwright/mcp';
const app = express();
const transports: Record<string, SSEServerTransport> = {};
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  const server = createServer({ launchOptions: { headless: true } });
  await server.connect(transport);
});`,
      errors: [{ messageId: 'perSession', line: 9, column: 18, data: { server: 'createServer({ launchOptions: { headless: true } })', state: 'whatever the server `createServer` of the package @playwright/mcp builds keeps between calls (mcp-migrate does not read that package: a browser and its pages, a login, an open connection would all be per session)' } }],
    },
    {
      name: 'a server a package\'s factory builds, reached through a namespace import and awaited, connected to a sessionful Streamable HTTP transport in the same expression',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import * as playwrightMcp from '@playwright/mcp';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await (await playwrightMcp.createConnection()).connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'perSession', line: 8, column: 30, data: { server: 'playwrightMcp.createConnection()', state: 'whatever the server `playwrightMcp.createConnection` of the package @playwright/mcp builds keeps between calls (mcp-migrate does not read that package: a browser and its pages, a login, an open connection would all be per session)' } }],
    },
    {
      name: 'the server a local of the function that registers the route, whose handler connects it to a new transport per request (sweep 33 AG4)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function createServer(): McpServer {
  return new McpServer({ name: 'mail', version: '1.0.0' });
}
export async function main(): Promise<void> {
  const server = createServer();
  const app = express();
  app.post('/mcp', async (req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.listen(3000);
}`,
      errors: [{ messageId: 'sharedPerRequest', line: 12, data: { name: 'server' } }],
    },
    {
      name: 'SDK 1.x stateless idiom with the server hoisted to module level: one server connected to a new transport in every request',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const server = new McpServer({ name: 'weather', version: '1.0.0' });
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'sharedPerRequest', line: 9, column: 16, data: { name: 'server' } }],
    },
    {
      name: 'a server built and connected in one expression, createServer().connect(transport), whose factory keeps a gate its tools set (sweep 13)',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function createServer() {
  let initialized = false;
  const server = new McpServer({ name: 'gate', version: '1.0.0' });
  server.registerTool('session_init', {}, async () => {
    initialized = true;
    return { content: [] };
  });
  server.registerTool('work', {}, async () => ({ content: [{ type: 'text', text: initialized ? 'done' : 'call session_init' }] }));
  return server;
}
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await createServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'perSession', line: 18, column: 9, data: { server: 'createServer()', state: 'what its factory keeps in `initialized` (written by its handlers)' } }],
    },
    {
      name: 'a context object built with each session\'s server and handed with it to the registrations, whose tools write into it (sweep 12 K4, cloudgrid-io/mcp)',
      code: {
        'src/tools.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export type Ctx = { state: { pendingCode: string | null; token: string | null } };
export function registerTools(server: McpServer, ctx: Ctx) {
  server.registerTool('login_start', {}, async () => {
    ctx.state.pendingCode = 'abc';
    return { content: [] };
  });
  server.registerTool('whoami', {}, async () => ({ content: [{ type: 'text', text: ctx.state.token ?? 'anonymous' }] }));
}`,
        'src/web.ts': `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { registerTools, type Ctx } from './tools.js';
const transports: Record<string, StreamableHTTPServerTransport> = {};
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => { transports[id] = transport; } });
  const server = new McpServer({ name: 'k4', version: '1.0.0' });
  const ctx: Ctx = { state: { pendingCode: null, token: null } };
  registerTools(server, ctx);
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      },
      errors: [{ messageId: 'perSession', line: 10, file: 'src/web.ts', data: { server: "new McpServer({ name: 'k4', version: '1.0.0' })", state: '`ctx`, handed with it to `registerTools()` and written by what that registers' } }],
    },
    {
      name: 'the same, with the server handed to the function that registers the route (sweep 12 K2, f2c-mcp)',
      code: {
        'src/http.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
export function startServer(server: McpServer, port = 3000) {
  const app = express();
  app.post('/mcp', async (req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.listen(port);
}`,
        'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { startServer } from './http.js';
startServer(new McpServer({ name: 'k2', version: '1.0.0' }));`,
      },
      errors: [{ messageId: 'sharedPerRequest', line: 8, file: 'src/http.ts', data: { name: 'server' } }],
    },
    {
      name: 'the same, with the server exported from a module of its own (JavaScript; sweep 11 J2, satty1987/mcp_server)',
      code: {
        'src/mcp-server.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'weather', version: '1.0.0' });
export { server };`,
        'src/server.js': `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { server } from './mcp-server.js';
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      },
      errors: [{ messageId: 'sharedPerRequest', line: 7, file: 'src/server.js', data: { name: 'server' } }],
    },
    {
      name: 'a server list whose create() calls a factory held in a field (set from the constructor), which builds a browser context: the creation and the context each reported',
      code: {
        'src/context.ts': `class SessionManager {
  private active: string | undefined;
  constructor(readonly contextId: string) {}
  switchTo(id: string) { this.active = id; return this.active; }
}
export class Context {
  activeSessionId: string | undefined;
  readonly sessionManager: SessionManager;
  constructor(readonly id: string) {
    this.sessionManager = new SessionManager(id);
  }
}
export class Settings {
  readonly headless: boolean;
  constructor(headless: boolean) { this.headless = headless; }
}
`,
        'src/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Context, Settings } from './context.js';
export default function createServer(config: { id: string }) {
  const server = new McpServer({ name: 'browser', version: '1' });
  const settings = new Settings(true);
  const context = new Context(config.id);
  server.tool('navigate', async () => ({ content: [{ type: 'text', text: String(settings.headless) + context.sessionManager.switchTo('s') }] }));
  return server.server;
}
`,
        'src/server-list.ts': `import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
export class ServerList {
  private _servers: Server[] = [];
  private _serverFactory: () => Promise<Server>;
  constructor(serverFactory: () => Promise<Server>) {
    this._serverFactory = serverFactory;
  }
  async create() {
    const server = await this._serverFactory();
    this._servers.push(server);
    return server;
  }
}
`,
        'src/transport.ts': `import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ServerList } from './server-list.js';
import createServerFunction from './index.js';
const serverList = new ServerList(async () => createServerFunction({ id: 'x' }));
export function start() {
  http.createServer(async (req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    const server = await serverList.create();
    await server.connect(transport);
    await transport.handleRequest(req, res);
  }).listen(3000);
}
`,
      },
      errors: [
        { messageId: 'perSessionObject', file: 'src/index.ts', line: 6, data: { cls: 'Context', server: 'serverList.create()' } },
        { messageId: 'perSession', file: 'src/transport.ts', line: 10 },
      ],
    },
    {
      name: 'a server built in a named onsessioninitialized callback and connected to the project\'s own transport; its factory keeps a subscription set and a log level written by handlers',
      code: `import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { SetLevelRequestSchema, SubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
class RelayTransport implements Transport {
  constructor(readonly sessionId: string) {}
  async start() {}
  async send(_message: JSONRPCMessage) {}
  async close() {}
}
interface McpServerWrapper {
  server: Server;
  cleanup: () => void;
}
const createMcpServer = (): McpServerWrapper => {
  const server = new Server({ name: 'x', version: '1' }, { capabilities: { resources: { subscribe: true }, logging: {} } });
  const subscriptions = new Set<string>();
  let logLevel = 'debug';
  server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscriptions.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    logLevel = request.params.level;
    return {};
  });
  return { server, cleanup: () => subscriptions.clear() };
};
export function open() {
  const onsessioninitialized = async (sessionId: string) => {
    const { server, cleanup } = createMcpServer();
    const relay = new RelayTransport(sessionId);
    relay.onclose = cleanup;
    await server.connect(relay);
  };
  return new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized });
}`,
      errors: [{ messageId: 'perSession', line: 33, data: { server: 'createMcpServer()', state: 'what its factory keeps in `subscriptions`, `logLevel` (written by its handlers)' } }],
    },
    {
      name: 'one server created at start-up, handed through the route handler to a helper that connects it to each new session\'s transport',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const sessions = new Map<string, StreamableHTTPServerTransport>();
export async function resolveTransport(req: any, server: Server) {
  const existing = sessions.get(req.headers['mcp-session-id']);
  if (existing) return existing;
  const sessionId = randomUUID();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
  sessions.set(sessionId, transport);
  await server.connect(transport);
  return transport;
}
export function startHttp(server: Server) {
  const app = express();
  app.post('/mcp', async (req, res) => {
    const transport = await resolveTransport(req, server);
    await transport.handleRequest(req, res, req.body);
  });
  return app;
}
startHttp(new Server({ name: 'proxy', version: '1' }, { capabilities: {} }));`,
      errors: [{ messageId: 'shared', line: 12, data: { name: 'server' } }],
    },
    {
      name: 'plain JS hub class: each SSE session gets a server from a method, kept with its transport in a field map',
      filename: 'src/hub/endpoint.js',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';

export class HubEndpoint {
  constructor(hub) {
    this.hub = hub;
    this.clients = new Map(); // sessionId -> { transport, server }
  }

  createServer() {
    const server = new Server({ name: 'hub', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
    return server;
  }

  async handleSSEConnection(req, res) {
    const transport = new SSEServerTransport('/messages', res);
    const sessionId = transport.sessionId;
    const server = this.createServer();
    this.clients.set(sessionId, { transport, server });
    transport.onclose = () => this.clients.delete(sessionId);
    await server.connect(transport);
  }

  async handleMessage(req, res) {
    const entry = this.clients.get(req.query.sessionId);
    if (!entry) return res.status(404).end();
    await entry.transport.handlePostMessage(req, res, req.body);
  }
}`,
      errors: [{ messageId: 'servers', line: 7 }],
    },
    {
      name: 'a { transport, server } bundle keeps a server per session: this rule reports it, transport-registry does not',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: McpServer }>();
export function open() {
  const server = new McpServer({ name: 'x', version: '1' });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (sid) => sessions.set(sid, { transport, server }),
  });
  return transport;
}`,
      errors: [{ messageId: 'servers', line: 3 }],
    },
    {
      name: 'a registry handed to the routing helper as a destructured option, whose records hold a server typed by a generic parameter standing for the SDK Server by its members',
      code: `import { randomUUID } from 'node:crypto';
import { Server } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
type ServerLike = { close: Server['close']; connect: Server['connect'] };
const handleStreamRequest = async <T extends ServerLike>({
  activeTransports,
  createServer,
  sessionId,
}: {
  activeTransports: Record<string, { server: T; transport: NodeStreamableHTTPServerTransport }>;
  createServer: () => Promise<T>;
  sessionId?: string;
}) => {
  if (sessionId) return activeTransports[sessionId]?.transport;
  const server = await createServer();
  const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: randomUUID,
    onsessioninitialized: (sid) => {
      activeTransports[sid] = { server, transport };
    },
  });
  await server.connect(transport);
  return transport;
};
export const startHTTPServer = async <T extends ServerLike>(createServer: () => Promise<T>, sessionId?: string) => {
  const activeStreamTransports: Record<string, { server: T; transport: NodeStreamableHTTPServerTransport }> = {};
  return handleStreamRequest({ activeTransports: activeStreamTransports, createServer, sessionId });
};`,
      errors: [{ messageId: 'servers', line: 26, data: { name: 'activeStreamTransports' } }],
    },
    {
      name: 'servers kept per session as a factory result bundling the server',
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class McpSession {
  constructor(readonly transport: StreamableHTTPServerTransport, readonly server: McpServer) {}
}
const live = new Map();
const servers = new Map();
function makeServer() {
  const server = new McpServer({ name: 'x', version: '1' });
  return { server, startedAt: Date.now() };
}
export function open() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const entry = new McpSession(transport, new McpServer({ name: 'x', version: '1' }));
  transport.onclose = () => { live.delete(transport.sessionId!); };
  live.set(transport.sessionId!, entry);
  servers.set(transport.sessionId!, makeServer());
  return transport;
}`,
      errors: [
        { messageId: 'servers', line: 7 },
        { messageId: 'servers', line: 8 },
      ],
    },
    {
      name: 'v2 servers map filled in onsessioninitialized',
      code: `import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const servers = new Map<string, McpServer>();
export function open(build: () => McpServer) {
  const server = build();
  return new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (sid) => {
      servers.set(sid, server);
    },
    onsessionclosed: (sid) => {
      servers.delete(sid);
    },
  });
}`,
      errors: [{ messageId: 'servers', line: 3 }],
    },
    {
      name: 'v1 low-level Server in a typed record keyed by transport.sessionId',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const servers: { [sessionId: string]: Server } = {};
export async function attach(transport: StreamableHTTPServerTransport) {
  const server = new Server({ name: 'x', version: '1' }, { capabilities: {} });
  await server.connect(transport);
  servers[transport.sessionId!] = server;
}`,
      errors: [{ messageId: 'servers', line: 3 }],
    },
    {
      name: 'untyped map of servers built by a local factory (aliased import)',
      code: `import { McpServer as Mcp } from '@modelcontextprotocol/sdk/server/mcp.js';
function createServer() {
  return new Mcp({ name: 'x', version: '1' });
}
const live = new Map();
export function onOpen(req: any) {
  const sid = req.headers['mcp-session-id'];
  if (!live.has(sid)) live.set(sid, createServer());
  return live.get(sid);
}`,
      errors: [{ messageId: 'servers', line: 5 }],
    },
    {
      name: 'class field typed through a namespace import',
      code: `import * as mcp from '@modelcontextprotocol/sdk/server/mcp.js';
export class Hub {
  private servers = new Map<string, mcp.McpServer>();
  add(req: { headers: Record<string, string> }, server: mcp.McpServer) {
    this.servers.set(req.headers['mcp-session-id'], server);
  }
}`,
      errors: [{ messageId: 'servers', line: 3 }],
    },
    {
      name: 'CommonJS whole-module require',
      filename: 'src/server.cjs',
      code: `const sdk = require('@modelcontextprotocol/sdk/server/mcp.js');
const servers = {};
function serverFor(req) {
  const sid = req.header('mcp-session-id');
  servers[sid] = servers[sid] || new sdk.McpServer({ name: 'x', version: '1' });
  return servers[sid];
}
module.exports = { serverFor };`,
      errors: [{ messageId: 'servers', line: 2 }],
    },
    {
      name: 'project-local re-export module through an export * barrel',
      code: {
        'src/sdk.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/lib/index.ts': "export * from '../sdk.js';",
        'src/servers.ts': `import { McpServer } from './lib/index.js';
export const perSession: Record<string, McpServer> = {};
export function remember(sid: string, server: McpServer) {
  perSession[sid] = server;
}`,
        'src/http.ts': `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpServer } from './lib/index.js';
import { remember } from './servers.js';
export const t = new StreamableHTTPServerTransport({
  sessionIdGenerator: () => crypto.randomUUID(),
  onsessioninitialized: (sid) => remember(sid, new McpServer({ name: 'x', version: '1' })),
});`,
      },
      errors: [{ messageId: 'servers', line: 2, file: 'src/servers.ts' }],
    },
    {
      name: 'CommonJS re-export module (module.exports = { McpServer: require(sdk).McpServer })',
      code: {
        'src/sdk.js': "module.exports = { McpServer: require('@modelcontextprotocol/sdk/server/mcp.js').McpServer };",
        'src/server.cjs': `const { McpServer } = require('./sdk.js');
const servers = new Map();
module.exports.onOpen = (req) => {
  servers.set(req.header('mcp-session-id'), new McpServer({ name: 'x', version: '1' }));
};`,
      },
      errors: [{ messageId: 'servers', line: 2, file: 'src/server.cjs' }],
    },
    {
      name: 'one module-level server connected to a new sessionful transport for each session (v1, TS)',
      code: `import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 'x', version: '1' });
const transports: Record<string, StreamableHTTPServerTransport> = {};
const app = express();
app.post('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  let transport = sid ? transports[sid] : undefined;
  if (!transport && isInitializeRequest(req.body)) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport!;
      },
    });
    await server.connect(transport);
  }
  await transport?.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'shared', line: 19, data: { name: 'server' } }],
    },
    {
      name: 'a browser context built per session and handed to the server factory (v2, TS)',
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
class BrowserContext {
  private pages: string[] = [];
  open(url: string) { this.pages.push(url); return this.pages.length; }
}
function createServer(browser: BrowserContext) {
  const server = new McpServer({ name: 'browser', version: '1' });
  server.registerTool('open', { description: 'open a page' }, async () => ({ content: [{ type: 'text', text: String(browser.open('about:blank')) }] }));
  return server;
}
export async function onInitialize() {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const browser = new BrowserContext();
  const server = createServer(browser);
  await server.connect(transport);
  return transport;
}`,
      errors: [{ messageId: 'perSession', line: 16, data: { server: 'createServer(browser)', state: '`BrowserContext`' } }],
    },
    {
      name: 'a per-session backend built inside the server factory (plain JS, CommonJS, SSE)',
      filename: 'src/server.cjs',
      code: `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { SSEServerTransport } = require('@modelcontextprotocol/sdk/server/sse.js');
class ExportsManager {
  constructor() {
    this.exports = new Map();
  }
}
function createServer() {
  const exportsManager = new ExportsManager();
  const server = new McpServer({ name: 'db', version: '1' });
  server.tool('export', async () => ({ content: [{ type: 'text', text: String(exportsManager.exports.size) }] }));
  return server;
}
async function onSse(req, res) {
  const transport = new SSEServerTransport('/messages', res);
  const server = createServer();
  await server.connect(transport);
}
module.exports = { onSse };`,
      errors: [{ messageId: 'perSession', line: 16, data: { server: 'createServer()', state: '`ExportsManager`' } }],
    },
    {
      name: 'auth kept per session: the opening request\'s credentials baked into the session\'s server (TS, req.auth)',
      code: `import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function createServer(auth: AuthInfo | undefined) {
  return new McpServer({ name: auth?.clientId ?? 'anonymous', version: '1' });
}
export async function openSession(req: Request & { auth?: AuthInfo }) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const server = createServer(req.auth);
  await server.connect(transport);
  return transport;
}`,
      errors: [{ messageId: 'perSession', line: 11 }],
    },
    {
      name: 'auth kept per session: the Authorization header through a variable (plain JS)',
      filename: 'src/server.js',
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
function createServer(options) {
  const server = new McpServer({ name: 'crm', version: '1' });
  server.tool('whoami', async () => ({ content: [{ type: 'text', text: options.apiKey ? 'ok' : 'anonymous' }] }));
  return server;
}
export async function onInitialize(req) {
  const apiKey = req.headers['authorization'];
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: () => {} });
  const server = createServer({ apiKey });
  await server.connect(transport);
  return transport;
}`,
      errors: [{ messageId: 'perSession', line: 12 }],
    },
    {
      name: 'a tool backend from a factory handed down through parameters, built in a helper the set-up passes its transport to (v1, TS)',
      code: {
        'src/backend.ts': `export interface ToolBackend {
  callTool(name: string): Promise<string>;
}
export type BackendFactory = () => ToolBackend;
export class BrowserBackend implements ToolBackend {
  private tabs: string[] = [];
  async callTool(name: string) { this.tabs.push(name); return String(this.tabs.length); }
}`,
        'src/connect.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { BackendFactory, ToolBackend } from './backend.js';
function createServer(backend: ToolBackend): Server {
  const server = new Server({ name: 'browser', version: '1' }, { capabilities: { tools: {} } });
  void backend;
  return server;
}
export async function connect(factory: BackendFactory, transport: Transport) {
  const backend = factory();
  const server = createServer(backend);
  await server.connect(transport);
}`,
        'src/http.ts': `import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as mcpServer from './connect.js';
import type { BackendFactory } from './backend.js';
async function handleStreamable(factory: BackendFactory, req: IncomingMessage, res: ServerResponse) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcpServer.connect(factory, transport);
  await transport.handleRequest(req, res);
}
export function start(factory: BackendFactory) {
  return (req: IncomingMessage, res: ServerResponse) => handleStreamable(factory, req, res);
}`,
        'src/main.ts': `import { BrowserBackend } from './backend.js';
import { start } from './http.js';
export const listener = start(() => new BrowserBackend());`,
      },
      errors: [{ messageId: 'perSession', line: 11, file: 'src/connect.ts', data: { server: 'createServer(backend)', state: '`BrowserBackend`' } }],
    },
    {
      name: 'a project method the SSE set-up hands its transport to builds a connection bundling the server and a browser context (plain JS)',
      filename: 'src/server.js',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
class Context {
  constructor(config) {
    this.config = config;
    this.tabs = [];
  }
}
function buildConnection(config) {
  const context = new Context(config);
  const server = new McpServer({ name: 'browser', version: '1' });
  return { server, context };
}
export class BrowserHost {
  constructor(config) {
    this.config = config;
  }
  async createConnection(transport) {
    const connection = buildConnection(this.config);
    await connection.server.connect(transport);
    return connection;
  }
}
const host = new BrowserHost({ headless: true });
export async function onSse(res) {
  const transport = new SSEServerTransport('/sse', res);
  await host.createConnection(transport);
}`,
      errors: [{ messageId: 'perSession', line: 19, data: { server: 'buildConnection(this.config)', state: '`Context`' } }],
    },
    {
      name: 'a child process spawned for every session and wired to its transport (stdio gateway, v1, TS)',
      code: `import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export async function openSession(command: string) {
  const server = new Server({ name: 'gateway', version: '1' }, { capabilities: {} });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  const child = spawn(command, { shell: true });
  transport.onmessage = (message) => {
    child.stdin.write(JSON.stringify(message) + '\\n');
  };
  return transport;
}`,
      errors: [{ messageId: 'perSessionProcess', line: 9, data: { call: 'spawn' } }],
    },
    {
      name: 'a proxy routing tools/call through a map only tools/list fills (v1, TS)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
interface Upstream { name: string; call(tool: string): Promise<string>; tools(): Promise<string[]> }
export function createServer(upstreams: Upstream[]) {
  const toolOwners = new Map<string, Upstream>();
  const server = new Server({ name: 'proxy', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    toolOwners.clear();
    const tools: string[] = [];
    for (const upstream of upstreams) {
      const names = await upstream.tools();
      names.forEach((name) => toolOwners.set(name, upstream));
      tools.push(...names);
    }
    return { tools: tools.map((name) => ({ name, inputSchema: { type: 'object' as const } })) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const owner = toolOwners.get(request.params.name);
    if (!owner) throw new Error('unknown tool');
    return { content: [{ type: 'text' as const, text: await owner.call(request.params.name) }] };
  });
  return server;
}`,
      errors: [{ messageId: 'listRouting', line: 5, data: { name: 'toolOwners', list: 'tools/list', use: 'tools/call' } }],
    },
    {
      name: 'prompts routed through a record a prompts/list handler fills (v2 method strings, plain JS)',
      filename: 'src/proxy.js',
      code: `import { McpServer } from '@modelcontextprotocol/server';
export function buildServer(upstreams) {
  const promptOwners = {};
  const server = new McpServer({ name: 'proxy', version: '1' });
  server.server.setRequestHandler('prompts/list', async () => {
    const prompts = [];
    for (const upstream of upstreams) {
      for (const prompt of await upstream.prompts()) {
        promptOwners[prompt.name] = upstream;
        prompts.push(prompt);
      }
    }
    return { prompts };
  });
  server.server.setRequestHandler('prompts/get', async (request) => {
    const owner = promptOwners[request.params.name];
    return owner.getPrompt(request.params);
  });
  return server;
}`,
      errors: [{ messageId: 'listRouting', line: 3, data: { name: 'promptOwners', list: 'prompts/list', use: 'prompts/get' } }],
    },
    {
      name: 'a backend built per connection by a factory handed down builds its browser context into a field in initialize(): the creation and the context each reported',
      code: {
        'src/context.ts': `export class Context {
  private _tabs: string[] = [];
  private _current: string | undefined;
  constructor(readonly config: { headless: boolean }) {}
  async newTab(url: string) {
    this._tabs.push(url);
    this._current = url;
    return this._tabs.length;
  }
}
`,
        'src/backend.ts': `import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Context } from './context.js';
export interface Backend { initialize(server: Server): Promise<void>; tabs(): Promise<number> }
export class BrowserBackend implements Backend {
  private _context: Context | undefined;
  constructor(private readonly _config: { headless: boolean }) {}
  async initialize(server: Server) {
    const client = server.getClientVersion();
    this._context = new Context({ headless: this._config.headless && client?.name !== 'inspector' });
  }
  async tabs() { return this._context!.newTab('about:blank'); }
}
`,
        'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Backend } from './backend.js';
export function createServer(backend: Backend): Server {
  const server = new Server({ name: 'browser', version: '1' }, { capabilities: { tools: {} } });
  server.oninitialized = () => void backend.initialize(server);
  return server;
}
export async function connect(backendFactory: () => Backend, transport: Transport) {
  const backend = backendFactory();
  const server = createServer(backend);
  await server.connect(transport);
}
`,
        'src/transport.ts': `import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { BrowserBackend, type Backend } from './backend.js';
import { connect } from './server.js';
export function start(backendFactory: () => Backend) {
  http.createServer(async (req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    await connect(backendFactory, transport);
    await transport.handleRequest(req, res);
  }).listen(3000);
}
start(() => new BrowserBackend({ headless: true }));
`,
      },
      errors: [
        { messageId: 'perSessionField', file: 'src/backend.ts', line: 9, data: { cls: 'Context', field: 'this._context', owner: 'BrowserBackend', server: 'createServer(backend)' } },
        { messageId: 'perSession', file: 'src/server.ts', line: 11, data: { server: 'createServer(backend)', state: '`BrowserBackend`' } },
      ],
    },
    {
      name: 'a server factory builds a browser context its handler uses and that changes after construction (reported where built) next to a connection only its constructor configures, a promise subclass, a field set in the constructor only, and a queue only handed to the server as configuration',
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class Context {
  private _browserContextPromise: Promise<string> | undefined;
  browserContext() {
    this._browserContextPromise ??= Promise.resolve('ctx');
    return this._browserContextPromise;
  }
}
class Connection {
  readonly server: McpServer;
  readonly context: Context;
  constructor(server: McpServer, context: Context) {
    this.server = server;
    this.context = context;
  }
}
class ManualPromise<T> extends Promise<T> {
  private _done = false;
  markDone() { this._done = true; }
}
class Settings {
  private readonly values = new Map<string, string>();
  constructor() { this.values.set('mode', 'fast'); }
  get(key: string) { return this.values.get(key); }
}
class MessageQueue {
  private readonly queued: string[] = [];
  enqueue(message: string) { this.queued.push(message); }
}
function createConnection(): Connection {
  const context = new Context();
  const ready = new ManualPromise<void>((resolve) => resolve());
  const settings = new Settings();
  const server = new McpServer({ name: 'browser', version: settings.get('mode') ?? '1' }, { taskMessageQueue: new MessageQueue() } as never);
  server.tool('snapshot', async () => { await ready; return { content: [{ type: 'text', text: await context.browserContext() }] }; });
  return new Connection(server, context);
}
export async function openSession() {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  const connection = createConnection();
  await connection.server.connect(transport);
  return transport;
}`,
      errors: [
        { messageId: 'perSessionObject', line: 33, data: { cls: 'Context', server: 'createConnection()' } },
        { messageId: 'perSession', line: 42, data: { server: 'createConnection()', state: '`Context`, `ManualPromise`, `Settings`, `MessageQueue`, `Connection`' } },
      ],
    },
    {
      name: 'a proxy opens an upstream client transport (built by a project helper) in the set-up of every Streamable HTTP session and pipes the two together',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
const sessions = new Map<string, { client: Transport; upstream: Transport }>();
const createTransport = async (req: express.Request): Promise<Transport> => {
  if (req.query.transportType === 'stdio') {
    return new StdioClientTransport({ command: String(req.query.command) });
  }
  const transport = new SSEClientTransport(new URL(String(req.query.url)));
  await transport.start();
  return transport;
};
function pipe(a: Transport, b: Transport) {
  a.onmessage = (message) => void b.send(message);
  b.onmessage = (message) => void a.send(message);
}
const app = express();
app.post('/mcp', async (req, res) => {
  const upstream = await createTransport(req);
  const client = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sid) => { sessions.set(sid, { client, upstream }); },
  });
  await client.start();
  pipe(client, upstream);
  await client.handleRequest(req, res);
});`,
      errors: [{ messageId: 'perSessionUpstream', line: 22, data: { call: 'createTransport' } }],
    },
    {
      name: 'a runner whose abstract createServerForRequest() is overridden by a subclass returning Promise.resolve(a project server wrapper) built with a per-session logger, connected to each new session transport',
      code: {
        'src/wrapper.ts': `import { EventEmitter } from 'node:events';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
export class SessionLogger {
  private readonly attributes: Record<string, string> = {};
  private readonly sinks: string[] = [];
  addSink(sink: string) { this.sinks.push(sink); }
  log(message: string) { return this.sinks.length + message + JSON.stringify(this.attributes); }
}
export class Session extends EventEmitter {
  readonly logger: SessionLogger;
  constructor(logger: SessionLogger) { super(); this.logger = logger; }
}
export class WrappedServer {
  readonly mcpServer: McpServer;
  constructor(readonly session: Session) {
    this.mcpServer = new McpServer({ name: 'db', version: '1' });
    this.mcpServer.tool('find', async () => ({ content: [{ type: 'text', text: session.logger.log('find') }] }));
  }
  async connect(transport: Transport): Promise<void> {
    await this.mcpServer.connect(transport);
  }
}
export function createServerFromConfig(config: { sink: string }): WrappedServer {
  const logger = new SessionLogger();
  logger.addSink(config.sink);
  const session = new Session(logger);
  const server = new WrappedServer(session);
  return server;
}
`,
        'src/runner.ts': `import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServerFromConfig, type WrappedServer } from './wrapper.js';
export abstract class HttpRunner<TServer extends { connect(t: StreamableHTTPServerTransport): Promise<void> }> {
  private readonly transports = new Map<string, StreamableHTTPServerTransport>();
  protected abstract createServerForRequest(request: { headers: Record<string, string> }): Promise<TServer>;
  async initializeSession(headers: Record<string, string>): Promise<string> {
    const sessionId = randomUUID();
    const server = await this.createServerForRequest({ headers });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
    await server.connect(transport);
    this.transports.set(sessionId, transport);
    return sessionId;
  }
}
export class CliRunner extends HttpRunner<WrappedServer> {
  protected override async createServerForRequest(request: { headers: Record<string, string> }): Promise<WrappedServer> {
    return Promise.resolve(createServerFromConfig({ sink: request.headers['x-sink'] ?? 'stderr' }));
  }
}
`,
      },
      errors: [
        { messageId: 'perSessionObject', file: 'src/wrapper.ts', line: 25, data: { cls: 'SessionLogger', server: 'this.createServerForRequest({ headers })' } },
        { messageId: 'perSession', file: 'src/runner.ts', line: 9, data: { server: 'this.createServerForRequest({ headers })', state: '`SessionLogger` (built by its factory chain)' } },
      ],
    },
    {
      name: "the client's roots cached across requests: a raw roots/list answer held in a const, and listRoots() kept on a class field",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema, type Root } from '@modelcontextprotocol/sdk/types.js';
export function createServer() {
  const server = new McpServer({ name: 'x', version: '1' });
  let lastRoots: Root[] | undefined;
  const updateRoots = async () => {
    const roots = await server.server.request({ method: 'roots/list' }, ListRootsResultSchema);
    lastRoots = roots.roots;
  };
  server.server.oninitialized = () => void updateRoots();
  server.registerTool('open_project', {}, async () => ({ content: [{ type: 'text', text: String(lastRoots?.length) }] }));
  return server;
}
class Workspace {
  private roots: Root[] = [];
  constructor(private readonly server: McpServer) {}
  async refresh() {
    this.roots = (await this.server.server.listRoots()).roots;
  }
  contains(uri: string) {
    return this.roots.some((r) => uri.startsWith(r.uri));
  }
}
export { Workspace };`,
      errors: [
        { messageId: 'clientAnswer', line: 5, data: { name: 'lastRoots', method: 'roots/list' } },
        { messageId: 'clientAnswer', line: 15, data: { name: 'roots', method: 'roots/list' } },
      ],
    },
  ],
});
