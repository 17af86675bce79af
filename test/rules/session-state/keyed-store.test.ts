import { describe, expect, it } from 'vitest';
import { ruleTester } from '../../support/rule-tester.js';
import { exactMessageIds } from '../message-ids.js';
import { SESSION_BOOKKEEPING } from '../session-bookkeeping.js';
import rule from '../../../src/rules/session-state/keyed-store.js';

ruleTester(rule, {
  valid: [
    {
      name: "calls of a project class's methods that wrap a transport registry are followed into the class, not taken for a KV store (sweep 31 AE2)",
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class SessionManager {
  private transports: Record<string, StreamableHTTPServerTransport> = {};
  add(sessionId: string, transport: StreamableHTTPServerTransport) { this.transports[sessionId] = transport; }
  get(sessionId: string) { return this.transports[sessionId] || null; }
  exists(sessionId: string) { return sessionId in this.transports; }
  remove(sessionId: string) { delete this.transports[sessionId]; }
}
const sessionManager = new SessionManager();
export async function route(req: any, res: any) {
  const sessionId = req.headers['mcp-session-id'] as string;
  if (sessionManager.exists(sessionId)) {
    await sessionManager.get(sessionId)!.handleRequest(req, res, req.body);
    return;
  }
  sessionManager.remove(sessionId);
}`,
    },
    {
      name: 'a sessionId query parameter of a route that is not an SSE endpoint is the application\'s own',
      code: `import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { buildServer } from './build.js';
const app = express();
const quizzes = new Map<string, number>();
app.get('/sse', async (_req, res) => {
  await buildServer().connect(new SSEServerTransport('/messages', res));
});
app.post('/quiz', (req, res) => {
  quizzes.set(String(req.query.sessionId), Date.now());
  res.end();
});`,
    },
    {
      name: 'keyed by a sessionId tool argument or by the express-session id',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const carts = new Map<string, string[]>();
const visits: Record<string, number> = {};
const server = new McpServer({ name: 'shop', version: '1' });
server.tool('view_cart', { sessionId: z.string() }, async ({ sessionId }, _extra) => ({
  content: [{ type: 'text', text: (carts.get(sessionId) ?? []).join(', ') }],
}));
export function countVisit(req: any) {
  visits[req.sessionID] = (visits[req.sessionID] ?? 0) + 1;
}`,
    },
    {
      name: 'transport registry and per-session servers belong to other rules',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports = new Map<string, StreamableHTTPServerTransport>();
const servers = new Map<string, McpServer>();
export function open() {
  const server = new McpServer({ name: 'x', version: '1' });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (sid) => {
      transports.set(sid, transport);
      servers.set(sid, server);
    },
  });
  return transport;
}`,
    },
    {
      name: 'request-scoped key (ctx.mcpReq.id)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const inflight = new Map<string | number, AbortController>();
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('slow', { description: 'Slow' }, async (ctx) => {
  inflight.set(ctx.mcpReq.id, new AbortController());
  return { content: [] };
});`,
    },
    {
      name: 'session id only logged',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('hello', async (extra) => {
  console.log({ session: extra.sessionId });
  return { content: [] };
});`,
    },
    {
      name: 'KV key built from a sessionId tool argument',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { redis } from './redis.js';
import { z } from 'zod';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('load', { sessionId: z.string() }, async (args, _extra) => {
  const raw = await redis.get(\`cart:\${args.sessionId}\`);
  return { content: [{ type: 'text', text: raw ?? '' }] };
});`,
    },
    {
      name: 'subscriber bookkeeping: session ids as members of a per-URI set',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const subscribers = new Map<string, Set<string>>();
const server = new McpServer({ name: 'x', version: '1' });
server.server.setRequestHandler('resources/subscribe', async (request, ctx) => {
  const { uri } = request.params;
  if (!subscribers.has(uri)) subscribers.set(uri, new Set());
  subscribers.get(uri)!.add(ctx.sessionId!);
  return {};
});
server.server.setRequestHandler('resources/unsubscribe', async (request, ctx) => {
  subscribers.get(request.params.uri)?.delete(ctx.sessionId!);
  return {};
});`,
    },
    {
      name: 'a transport map that is a member of an annotated class field is serving plumbing (jae-jae/fetcher-mcp)',
      code: `import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export class Provider {
  private transports: { streamable: Record<string, StreamableHTTPServerTransport> } = { streamable: {} };
  transportFor(sessionId: string | undefined): StreamableHTTPServerTransport {
    if (sessionId && this.transports.streamable[sessionId]) return this.transports.streamable[sessionId];
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id: string) => { this.transports.streamable[id] = transport; },
    });
    transport.onclose = () => { if (transport.sessionId) delete this.transports.streamable[transport.sessionId]; };
    return transport;
  }
}`,
    },
    {
      name: 'a registry of transport/server bundles typed by an interface is serving plumbing',
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
interface SessionEntry { transport: StreamableHTTPServerTransport; server: McpServer; createdAt: number }
const sessions = new Map<string, SessionEntry>();
export function open() {
  const server = new McpServer({ name: 'x', version: '1' });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sid) => { const entry: SessionEntry = { transport, server, createdAt: Date.now() }; sessions.set(sid, entry); },
  });
  return transport;
}`,
    },
    {
      name: 'bundles written as a class instance or a factory result',
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
    },
    {
      name: 'the session layer\'s own bookkeeping (counters, timestamps, timers, membership) keyed only by the header id',
      code: SESSION_BOOKKEEPING,
    },
  ],
  invalid: [
    {
      name: "tools registered through the project's own helper, which hands name, config and handler on to registerTool, are tools: their store names them (sweep 32 AF1)",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const notes = new Map<string, string[]>();
export function buildServer(): McpServer {
  const server = new McpServer({ name: 'n', version: '1.0.0' });
  const registerTool = (name: string, config: { description: string; inputSchema: Record<string, z.ZodTypeAny> }, handler: (args: any, extra: { sessionId?: string }) => Promise<any>): void => {
    server.registerTool(name, config, async (args: any, extra: any) => handler(args, extra));
  };
  registerTool('add_note', { description: 'Add.', inputSchema: { text: z.string() } }, async ({ text }, extra) => {
    notes.set(extra.sessionId!, [...(notes.get(extra.sessionId!) ?? []), text]);
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  return server;
}`,
      errors: [{ messageId: 'storeInTools', line: 3, data: { name: 'notes', tools: '`add_note`' } }],
    },
    {
      name: "two instantiations of one generic project interface (Keyed<McpSession>, Keyed<Prefs>) are two stores: the registry's record does not hide the session-keyed preferences (review 37 R2)",
      code: `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
interface McpSession {
  server: { connect(transport: unknown): Promise<void> };
  transport: { handleRequest(req: unknown, res: unknown, body?: unknown): Promise<void> };
}
interface Prefs { theme: string }
interface Keyed<T> { items: Map<string, T> }
declare function registry<T>(name: string): Keyed<T>;
declare const live: Keyed<McpSession>;
declare const prefs: Keyed<Prefs>;
export async function handle(req: { headers: Record<string, string | undefined> }, res: unknown): Promise<void> {
  const requested = req.headers['mcp-session-id'];
  let session: McpSession | undefined = requested ? live.items.get(requested) : undefined;
  if (!session) {
    const sessionId = randomUUID();
    const server = new McpServer({ name: 'demo', version: '1.0.0' });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sessionId });
    await server.connect(transport);
    session = { server, transport };
    live.items.set(sessionId, session);
    prefs.items.set(sessionId, { theme: 'dark' });
  }
  await session.transport.handleRequest(req, res);
}
export function theme(req: { headers: Record<string, string | undefined> }): string {
  const sid = req.headers['mcp-session-id']!;
  return prefs.items.get(sid)?.theme ?? 'light';
}`,
      errors: [
        { messageId: 'kv', line: 15 },
        { messageId: 'kv', line: 23 },
        { messageId: 'kv', line: 29 },
      ],
    },
    {
      name: 'a cache filled on first use with data the server fetches (get, return when present, fetch, set): no handle (sweep 24 X1)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
declare const client: { getAccountFeatures(): Promise<string[]> };
const sessionFeatures = new Map<string, Set<string>>();
async function featuresOf(sessionId: string): Promise<Set<string>> {
  const cached = sessionFeatures.get(sessionId);
  if (cached) return cached;
  const features = new Set(await client.getAccountFeatures());
  sessionFeatures.set(sessionId, features);
  return features;
}
const server = new McpServer({ name: 's', version: '1.0.0' });
server.registerTool('beta_search', {}, async (extra) => ({ content: [{ type: 'text', text: String((await featuresOf(extra.sessionId!)).has('beta')) }] }));`,
      errors: [{ messageId: 'cache', line: 3, data: { name: 'sessionFeatures' } }],
    },
    {
      name: 'a cart made on first use, a page opened and a connection got (getConnection) on first use are state the calls act on, not fetched data: the handle advice',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
declare const browser: { newPage(): Promise<{ goto(url: string): Promise<void> }> };
declare const pool: { getConnection(): Promise<{ query(sql: string): Promise<void> }> };
const carts = new Map<string, { items: string[] }>();
const pages = new Map<string, { goto(url: string): Promise<void> }>();
function cartOf(sessionId: string) {
  const cart = carts.get(sessionId);
  if (cart) return cart;
  const fresh = { items: [] as string[] };
  carts.set(sessionId, fresh);
  return fresh;
}
async function pageOf(sessionId: string) {
  if (pages.has(sessionId)) return pages.get(sessionId)!;
  const page = await browser.newPage();
  pages.set(sessionId, page);
  return page;
}
const connections = new Map<string, { query(sql: string): Promise<void> }>();
async function connectionOf(sessionId: string) {
  const open = connections.get(sessionId);
  if (open) return open;
  const connection = await pool.getConnection();
  connections.set(sessionId, connection);
  return connection;
}
const server = new McpServer({ name: 's', version: '1.0.0' });
server.registerTool('add', {}, async (extra) => {
  cartOf(extra.sessionId!).items.push('x');
  await (await pageOf(extra.sessionId!)).goto('https://example.com');
  await (await connectionOf(extra.sessionId!)).query('begin');
  return { content: [] };
});`,
      errors: [
        { messageId: 'storeInTools', line: 4 },
        { messageId: 'storeInTools', line: 5 },
        { messageId: 'storeInTools', line: 19 },
      ],
    },
    {
      name: 'a listing cursor the caller passes (pageToken) is no secret: the store of listings is application state, with the handle advice',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const listings = new Map<string, { pageToken: string }>();
const server = new McpServer({ name: 's', version: '1.0.0' });
server.registerTool('list', { inputSchema: { pageToken: z.string() } }, async ({ pageToken }, extra) => {
  listings.set(extra.sessionId!, { pageToken });
  return { content: [] };
});`,
      errors: [{ messageId: 'storeInTools', line: 3 }],
    },
    {
      name: 'a store of API clients built from a key the caller passed in is a credential store, like the store of the key (sweep 24 X3)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
class ApiClient {
  constructor(readonly options: { apiKey: string }) {}
}
const clients = new Map<string, ApiClient>();
const server = new McpServer({ name: 's', version: '1.0.0' });
server.registerTool('configure', { inputSchema: { apiKey: z.string() } }, async ({ apiKey }, extra) => {
  clients.set(extra.sessionId!, new ApiClient({ apiKey }));
  return { content: [] };
});
server.registerTool('search', {}, async (extra) => ({ content: [{ type: 'text', text: String(clients.get(extra.sessionId!)?.options.apiKey.length) }] }));`,
      errors: [{ messageId: 'credentials', line: 6 }],
    },
    {
      name: 'a store read by a tool registered one by one and by tools registered in a loop: both are named (review 36 R2)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const notes = new Map<string, string[]>();
const tools = [{ name: 'count', description: 'Count', schema: {} }];
const server = new McpServer({ name: 'n', version: '1.0.0' });
server.registerTool('add_note', {}, async (extra) => {
  notes.set(extra.sessionId!, []);
  return { content: [] };
});
tools.forEach((tool) => {
  server.tool(tool.name, tool.description, tool.schema, async (args, extra) => ({ content: [{ type: 'text', text: String(notes.get(extra.sessionId!)?.length) }] }));
});`,
      errors: [{ messageId: 'storeInTools', line: 2, data: { name: 'notes', tools: '`add_note`, every tool `server.tool(tool.name, …)` registers (line 10)' } }],
    },
    {
      name: 'a tool whose name is an enum member is no table registration (review 36 R4)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
enum ToolName { COUNT = 'count' }
const notes = new Map<string, string[]>();
const server = new McpServer({ name: 'n', version: '1.0.0' });
server.tool(ToolName.COUNT, 'Count', {}, async (args, extra) => ({ content: [{ type: 'text', text: String(notes.get(extra.sessionId!)?.length) }] }));`,
      errors: [{ messageId: 'store', line: 3, data: { name: 'notes' } }],
    },
    {
      name: 'a store read by tools registered in a loop from a table (server.tool(tool.name, …)): the tools reach it, unnamed (sweep 22 V5)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const notes = new Map<string, string[]>();
const tools = [{ name: 'count', description: 'Count', schema: {} }];
const server = new McpServer({ name: 'n', version: '1.0.0' });
function notesOf(sessionId: string) {
  return notes.get(sessionId) ?? [];
}
for (const tool of tools) {
  server.tool(tool.name, tool.description, tool.schema, async (args, extra) => ({ content: [{ type: 'text', text: String(notesOf(extra.sessionId!).length) }] }));
}`,
      errors: [{ messageId: 'storeInTools', line: 2, data: { name: 'notes', tools: 'every tool `server.tool(tool.name, …)` registers (line 9)' } }],
    },
    {
      name: "app data that records who wrote it (authInfo!.clientId, through a non-null assertion) is no credential store (review 35 D1)",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const drafts = new Map<string, { author: string; text: string }>();
const server = new McpServer({ name: 'd', version: '1.0.0' });
server.registerTool('write_draft', { description: 'Write' }, async (extra) => {
  drafts.set(extra.sessionId!, { author: extra.authInfo!.clientId, text: '' });
  return { content: [] };
});`,
      errors: [{ messageId: 'storeInTools', line: 2 }],
    },
    {
      name: "a store filled with a client built from the request's Authorization header, whatever its name (sweep 22 V1)",
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
class ApiClient { constructor(readonly token: string) {} }
const clients = new Map<string, ApiClient>();
const server = new McpServer({ name: 'v1', version: '1.0.0' });
server.registerTool('list_pages', { description: 'List pages' }, async (extra) => {
  const client = clients.get(extra.sessionId!);
  return { content: [{ type: 'text', text: String(client?.token.length) }] };
});
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      const auth = req.headers.authorization;
      if (auth?.startsWith('Bearer ')) clients.set(id, new ApiClient(auth.substring(7)));
    },
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'credentials', line: 6 }],
    },
    {
      name: "a store filled with what a helper reads off the request's Authorization header, through another helper (UluMCP's extractBearerToken, sweep 27 AA3)",
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const sessionAgents = new Map<string, string>();
function extractBearerToken(req: Request): string | null {
  const auth = req.headers['authorization'] || '';
  return auth.startsWith('Bearer ') ? auth.slice(7) : null;
}
function addressForToken(token: string): string | undefined {
  return token === process.env.AGENT_TOKEN ? process.env.AGENT_ADDRESS : undefined;
}
const server = new McpServer({ name: 'v1', version: '1.0.0' });
server.registerTool('balance', { description: 'Balance' }, async (extra) => {
  const address = sessionAgents.get(extra.sessionId!);
  return { content: [{ type: 'text', text: address ?? 'Not authenticated' }] };
});
const app = express();
app.post('/mcp', async (req, res) => {
  const token = extractBearerToken(req);
  const address = token ? addressForToken(token) : undefined;
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      if (address) sessionAgents.set(id, address);
    },
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'credentials', line: 6 }],
    },
    {
      name: 'the progress token of each request kept per SSE session and read back in a tool (borgius/jobspy-mcp-server, sweep 36 AJ1): request metadata, not a credential',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';
const transports: Record<string, SSEServerTransport> = {};
const progressTokens: Record<string, string | number | undefined> = {};
const server = new McpServer({ name: 'jobs', version: '1.0.0' });
server.tool('search_jobs', 'Search', { q: z.string() }, async ({ q }, extra) => {
  const token = progressTokens[extra.sessionId ?? ''];
  if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1 } });
  return { content: [{ type: 'text', text: q }] };
});
const app = express();
app.post('/messages', async (req, res) => {
  const sessionId = String(req.query.sessionId);
  progressTokens[sessionId] = req.body?.params?._meta?.progressToken;
  await transports[sessionId]!.handlePostMessage(req, res, req.body);
});`,
      errors: [{ messageId: 'requestMeta', line: 6 }],
    },
    {
      name: 'the progress-token store cleared when the connection closes (review 43 S43-4): the reset is no value; an API key sent in _meta stays a credential (S43-3)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
const transports: Record<string, SSEServerTransport> = {};
const progressTokens: Record<string, string | number | undefined> = {};
const upstreamKeys = new Map<string, string>();
const server = new McpServer({ name: 'jobs', version: '1.0.0' });
server.registerTool('search', { description: 'Search' }, async (extra) => {
  const token = progressTokens[extra.sessionId ?? ''];
  const key = upstreamKeys.get(extra.sessionId ?? '');
  return { content: [{ type: 'text', text: String(token) + String(key) }] };
});
const app = express();
app.get('/sse', async (_req, res) => {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  transport.onclose = () => { progressTokens[transport.sessionId] = undefined; };
  await server.connect(transport);
});
app.post('/messages', async (req, res) => {
  const sessionId = String(req.query.sessionId);
  progressTokens[sessionId] = req.body?.params?._meta?.progressToken;
  upstreamKeys.set(sessionId, req.body.params._meta['x-upstream-api-key']);
  await transports[sessionId]!.handlePostMessage(req, res, req.body);
});`,
      errors: [
        { messageId: 'requestMeta', line: 5 },
        { messageId: 'credentials', line: 6 },
      ],
    },
    {
      name: "the client's capabilities kept per session from oninitialized and read back in a tool (e0ipso/drupal-bridge-mcp, sweep 27 AA5)",
      code: `import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const sessionCapabilities = new Map<string, ClientCapabilities>();
const server = new McpServer({ name: 'caps', version: '1.0.0' });
server.server.oninitialized = () => {
  const sid = server.server.transport?.sessionId;
  const caps = server.server.getClientCapabilities();
  if (sid && caps) sessionCapabilities.set(sid, caps);
};
server.registerTool('summarize', { description: 'Summarize' }, async (extra) => {
  const caps = sessionCapabilities.get(extra.sessionId ?? '');
  return { content: [{ type: 'text', text: caps?.sampling ? 'can sample' : 'plain' }] };
});`,
      errors: [{ messageId: 'handshake', line: 3 }],
    },
    {
      name: "a client built by a helper from a key its caller passes (the server's own, from the environment) is no credential: the helper's parameter name says nothing of where the key comes from (review 38 R3)",
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
class WeatherClient { constructor(readonly options: { apiKey: string }) {} }
function createClient(apiKey: string): WeatherClient {
  return new WeatherClient({ apiKey });
}
const clients = new Map<string, WeatherClient>();
const server = new McpServer({ name: 'weather', version: '1.0.0' });
server.registerTool('forecast', { description: 'Forecast' }, async (extra) => {
  clients.set(extra.sessionId ?? 'default', createClient(process.env.WEATHER_API_KEY ?? ''));
  return { content: [{ type: 'text', text: String(clients.size) }] };
});`,
      errors: [{ messageId: 'storeInTools', line: 6 }],
    },
    {
      name: 'keyed by the session id a tools/call handler hands, in an inline object, to a tool class taken from a Map (puppeteer-mcp-server, sweep 10)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const pages = new Map<string, string>();
interface ToolContext { sessionId: string }
abstract class BaseTool {
  execute(context: ToolContext) {
    return pages.get(context.sessionId);
  }
}
class Navigate extends BaseTool {}
const tools = new Map<string, BaseTool>([['navigate', new Navigate()]]);
const server = new Server({ name: 'pages', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const tool = tools.get(request.params.name)!;
  tool.execute({ sessionId: extra.sessionId ?? 'anonymous' });
  return { content: [] };
});`,
      errors: [{ messageId: 'store', line: 3 }],
    },
    {
      name: 'keyed by an id minted by hand and handed out by sessionIdGenerator, and read by a tool through the server factory\'s parameter (ebarron/ONTAP-MCP)',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const notes = new Map<string, string[]>();
function buildServer(sessionId: string): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  server.tool('count_notes', async () => ({ content: [{ type: 'text', text: String(notes.get(sessionId)!.length) }] }));
  return server;
}
const app = express();
app.post('/mcp', async (req, res) => {
  const newId = randomUUID();
  notes.set(newId, []);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => newId });
  await buildServer(newId).connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'storeInTools', line: 5 }],
    },
    {
      name: 'keyed by the id a sessionIdGenerator body mints, files and returns, and by the id a transport helper is handed and returns from its generator',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const carts = new Map<string, string[]>();
const drafts = new Map<string, string>();
function buildServer(sessionId: string): McpServer {
  const server = new McpServer({ name: 'x', version: '1' });
  server.tool('cart_size', async () => ({ content: [{ type: 'text', text: String(carts.get(sessionId)?.length ?? 0) }] }));
  server.tool('draft', async () => ({ content: [{ type: 'text', text: drafts.get(sessionId) ?? '' }] }));
  return server;
}
function transportFor(id: string) {
  return new StreamableHTTPServerTransport({ sessionIdGenerator: () => id });
}
const app = express();
app.post('/mcp', async (req, res) => {
  let minted = '';
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => {
      const id = randomUUID();
      carts.set(id, []);
      minted = id;
      return id;
    },
  });
  await buildServer(minted).connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.post('/mcp2', async (req, res) => {
  const draftId = randomUUID();
  drafts.set(draftId, '');
  const transport = transportFor(draftId);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [
        { messageId: 'storeInTools', line: 5 },
        { messageId: 'storeInTools', line: 6 },
      ],
    },
    {
      name: 'timers per session kept from a handler\'s context are state (a tool reaches them)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const ticks = new Map<string | undefined, ReturnType<typeof setInterval>>();
server.tool('start_ticks', async (extra) => {
  ticks.set(extra.sessionId, setInterval(() => {}, 1000));
  return { content: [] };
});`,
      errors: [{ messageId: 'storeInTools', line: 3 }],
    },
    {
      name: 'a JavaScript class whose constructor declares the store (`this.notes = new Map()`): once, at that assignment',
      filename: 'src/notes.js',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export class NotesServer {
  constructor() {
    this.notes = new Map();
    this.server = new McpServer({ name: 'x', version: '1' });
    this.server.tool('note', async (extra) => {
      this.notes.set(extra.sessionId, 'text');
      return { content: [] };
    });
    this.server.tool('forget', async (extra) => {
      this.notes.delete(extra.sessionId);
      return { content: [] };
    });
  }
}`,
      errors: [{ messageId: 'storeInTools', line: 4 }],
    },
    {
      name: 'keyed by a hash of the session id computed in a helper (library calls carry the derivation)',
      code: `import { createHash } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
const drafts = new Map<string, string>();
const bucket = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 12);
server.tool('save_draft', async (extra) => {
  drafts.set(bucket(extra.sessionId ?? 'anon'), 'text');
  return { content: [] };
});`,
      errors: [{ messageId: 'storeInTools', line: 4 }],
    },
    {
      name: 'state keyed by the ?sessionId= an HTTP+SSE client posts its messages with',
      code: `import express from 'express';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { buildServer } from './build.js';
const app = express();
const lastSeen = new Map<string, number>();
app.get('/sse', async (_req, res) => {
  await buildServer().connect(new SSEServerTransport('/messages', res));
});
app.post('/messages', async (req, res) => {
  lastSeen.set(String(req.query.sessionId), Date.now());
  res.end();
});`,
      errors: [{ messageId: 'store', line: 5 }],
    },
    {
      name: 'a store in a tool module keyed by the session id a dispatcher copied into its context object',
      code: {
        'src/types.ts': `export interface ToolContext { sessionId?: string; authInfo?: unknown }
`,
        'src/server.ts': `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from './types.js';
import { notesTool } from './tools/notes.js';
const handlers: Record<string, (args: any, ctx: ToolContext) => Promise<any>> = { notes: notesTool };
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const ctx: ToolContext = { sessionId: extra.sessionId, authInfo: extra.authInfo };
  return handlers[request.params.name]!(request.params.arguments, ctx);
});
`,
        'src/tools/notes.ts': `import type { ToolContext } from '../types.js';
const notes = new Map<string, string[]>();
export async function notesTool(args: { text: string }, ctx: ToolContext) {
  const list = notes.get(ctx.sessionId ?? 'anon') ?? [];
  notes.set(ctx.sessionId ?? 'anon', [...list, args.text]);
  return { content: [] };
}
`,
      },
      errors: [{ messageId: 'store', line: 2, file: 'src/tools/notes.ts' }],
    },
    {
      name: 'v1 Map keyed through a helper, reported once at its declaration',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
function cartKey(extra: any) {
  return extra.sessionId ?? 'local';
}
const server = new McpServer({ name: 'shop', version: '1' });
server.tool('view_cart', async (extra) => ({ content: [{ type: 'text', text: (carts.get(cartKey(extra)) ?? []).join() }] }));
server.tool('clear_cart', async (extra) => {
  carts.delete(cartKey(extra));
  return { content: [] };
});`,
      errors: [{ messageId: 'storeInTools', line: 2, data: { name: 'carts', tools: '`view_cart`, `clear_cart`' } }],
    },
    {
      name: 'credentials keyed by the v2 ctx session id (renamed destructuring)',
      code: `import { McpServer } from '@modelcontextprotocol/server';
const tokensBySession = new Map<string, string>();
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('login', { description: 'Log in' }, async (ctx) => {
  const { sessionId: sid } = ctx;
  tokensBySession.set(sid ?? '', 'token');
  return { content: [] };
});`,
      errors: [{ messageId: 'credentials', line: 2 }],
    },
    {
      name: 'object record and a class field in one file',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const prefs: Record<string, string> = {};
export class Workspace {
  private userBySession = new Map<string, string>();
  constructor(private readonly server: McpServer) {
    server.tool('set_theme', async (extra) => {
      prefs[extra.sessionId!] = 'dark';
      this.userBySession.set(extra.sessionId!, 'alice');
      return { content: [] };
    });
  }
}`,
      errors: [
        { messageId: 'storeInTools', line: 2 },
        { messageId: 'credentials', line: 4 },
      ],
    },
    {
      name: 'KV client: template and concatenation keys, one finding per call',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { redis } from './redis.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('save', async (extra) => {
  await redis.set(\`cart:\${extra.sessionId}\`, '[]');
  await redis.expire('cart:' + extra.sessionId, 3600);
  return { content: [] };
});`,
      errors: [
        { messageId: 'kv', line: 5 },
        { messageId: 'kv', line: 6 },
      ],
    },
    {
      name: 'store in a helper module, context from the server module',
      code: {
        'src/store.ts': `export const carts = new Map<string, string[]>();
export function cartFor(extra: { sessionId?: string }) {
  return carts.get(extra.sessionId ?? '') ?? [];
}`,
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { cartFor } from './store.js';
const server = new McpServer({ name: 'shop', version: '1' });
server.tool('view', async (extra) => ({ content: [{ type: 'text', text: cartFor(extra).join() }] }));`,
      },
      errors: [{ messageId: 'storeInTools', line: 1, file: 'src/store.ts', data: { name: 'carts', tools: '`view`' } }],
    },
    {
      name: 'CommonJS object store with a JSDoc-typed extra',
      filename: 'src/db.cjs',
      code: `/** @type {Record<string, any>} */
const connections = {};
/**
 * @param {import('@modelcontextprotocol/sdk/shared/protocol.js').RequestHandlerExtra<any, any>} extra
 */
async function getConnection(extra, pool) {
  const sid = extra.sessionId;
  if (!connections[sid]) connections[sid] = await pool.connect();
  return connections[sid];
}
module.exports = { getConnection };`,
      errors: [{ messageId: 'store', line: 2 }],
    },
    {
      name: 'transport callbacks key a derived-key Map and a Set of live sessions',
      code: `import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const active = new Set<string>();
const cache = new Map<string, number>();
export const transport = new NodeStreamableHTTPServerTransport({
  sessionIdGenerator: () => crypto.randomUUID(),
  onsessioninitialized: (sid) => {
    cache.set(\`quota:\${sid}\`, 100);
  },
  onsessionclosed: (sid) => {
    active.delete(sid);
  },
});`,
      errors: [
        { messageId: 'store', line: 2 },
        { messageId: 'store', line: 3 },
      ],
    },
    {
      name: 'project-local re-export module; session id returned by a helper in another file',
      code: {
        'src/sdk.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'src/session.ts': `export function sessionOf(extra: any): string {
  return extra.sessionId ?? 'stdio';
}`,
        'src/server.ts': `import { McpServer } from './sdk.js';
import { sessionOf } from './session.js';
import { z } from 'zod';
const drafts = new Map<string, string>();
const server = new McpServer({ name: 'x', version: '1' });
server.tool('draft', { text: z.string() }, async ({ text }, extra) => {
  drafts.set(sessionOf(extra), text);
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'storeInTools', line: 4, file: 'src/server.ts' }],
    },
    {
      name: 'arrow helper re-exported through a barrel',
      code: {
        'src/lib/carts.ts': `export const carts = new Map<string, number>();
export const bump = (extra: any) => carts.set(extra.sessionId, (carts.get(extra.sessionId) ?? 0) + 1);`,
        'src/lib/index.ts': "export * from './carts.js';",
        'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { bump } from './lib/index.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('bump', async (extra) => {
  bump(extra);
  return { content: [] };
});`,
      },
      errors: [{ messageId: 'storeInTools', line: 1, file: 'src/lib/carts.ts' }],
    },
    {
      name: 'ESM JavaScript helper with a JSDoc-typed v2 ServerContext',
      code: {
        'src/state.js': `const notes = new Map();
/** @param {import('@modelcontextprotocol/server').ServerContext} ctx */
export function notesOf(ctx) {
  return notes.get(ctx.sessionId) ?? [];
}`,
      },
      errors: [{ messageId: 'store', line: 1, file: 'src/state.js' }],
    },
  ],
});

describe('session-state/keyed-store messageIds (whole-template match, independent of the harness prefix match)', () => {
  it('credentials store keyed by a renamed ctx.sessionId', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/server';
const tokensBySession = new Map<string, string>();
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('login', { description: 'Log in' }, async (ctx) => {
  const { sessionId: sid } = ctx;
  tokensBySession.set(sid ?? '', 'token');
  return { content: [] };
});`;
    expect(exactMessageIds(rule, code)).toEqual(['src/server.ts:2 credentials']);
  });
  it('application store and credentials class field side by side', () => {
    const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const prefs: Record<string, string> = {};
export class Workspace {
  private userBySession = new Map<string, string>();
  constructor(private readonly server: McpServer) {
    server.tool('set_theme', async (extra) => {
      prefs[extra.sessionId!] = 'dark';
      this.userBySession.set(extra.sessionId!, 'alice');
      return { content: [] };
    });
  }
}`;
    expect(exactMessageIds(rule, code)).toEqual(['src/server.ts:2 storeInTools', 'src/server.ts:4 credentials']);
  });
});
