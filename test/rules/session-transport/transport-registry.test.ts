import { ruleTester } from '../../support/rule-tester.js';
import rule from '../../../src/rules/session-transport/transport-registry.js';
import { REGISTRY_HOLDING_CREDENTIALS, REGISTRY_TOKEN_NEVER_READ, SESSION_BOOKKEEPING } from '../session-bookkeeping.js';

ruleTester(rule, {
  valid: [
    {
      name: 'untyped transport+server bundle (v2 namespace import, server from a factory): per-session-server reports it',
      code: `import * as node from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
const sessions = new Map();
function build() {
  return new McpServer({ name: 'x', version: '1' });
}
export function open() {
  const server = build();
  const transport = new node.NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    onsessioninitialized: (id) => {
      sessions.set(id, { transport, server });
    },
  });
  return transport;
}`,
    },
    {
      name: 'registry filled with project class instances holding the transport and the server: per-session-server reports it',
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
      name: 'registry typed by an interface bundling transport and server: it keeps a server per session, per-session-server reports it',
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
      name: 'stateless per-request transport (no registry)',
      code: `import express from 'express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { buildServer } from './server.js';
const app = express();
app.post('/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await buildServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});`,
    },
    {
      name: 'transports keyed by a tenant id, not by the session id',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const byTenant = new Map<string, StreamableHTTPServerTransport>();
export function transportFor(req: any) {
  const tenant = String(req.params.tenant);
  let t = byTenant.get(tenant);
  if (!t) {
    t = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    byTenant.set(tenant, t);
  }
  return t;
}`,
    },
    {
      name: 'express-session id (req.sessionID) keys the transport map',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports: Record<string, StreamableHTTPServerTransport> = {};
export function handle(req: any) {
  transports[req.sessionID] ??= new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  return transports[req.sessionID];
}`,
    },
    {
      name: 'session-keyed application state holds no transports (keyed-store territory)',
      code: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const carts = new Map<string, string[]>();
const server = new McpServer({ name: 'shop', version: '1.0.0' });
server.tool('view_cart', async (extra) => ({ content: [{ type: 'text', text: (carts.get(extra.sessionId ?? '') ?? []).join(', ') }] }));`,
    },
    {
      name: 'client-side transports keyed by their session id are not server transports',
      code: `import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
const clients = new Map<string, StreamableHTTPClientTransport>();
export function remember(t: StreamableHTTPClientTransport) {
  clients.set(t.sessionId ?? '', t);
}`,
    },
    {
      name: 'pending work per session id that sets up no transport stays application state (keyed-store)',
      code: `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const pendingAudits = new Map<string, Promise<void>>();
async function audit(id: string): Promise<void> { console.error('audit', id); }
express().post('/mcp', async (req, res) => {
  const sid = req.headers['mcp-session-id'] as string;
  pendingAudits.set(sid, (async () => { await audit(sid); })());
  res.end();
});
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('report', { description: 'd' }, async (extra) => {
  await pendingAudits.get(extra.sessionId ?? '');
  return { content: [] };
});`,
    },
  ],
  invalid: [
    {
      name: 'records keeping a credential beside the transport, read back by a tools/call handler through the session id (sweep 19 S2)',
      code: REGISTRY_HOLDING_CREDENTIALS,
      errors: [{ messageId: 'holdsState', file: 'src/sessionManager.ts', line: 4, data: { name: 'this.sessions', fields: '`apiToken`', where: 'mcpServer.ts' } }],
    },
    {
      name: 'the same records when the token is only written to a log line: a registry (review 35 C1)',
      code: { ...REGISTRY_HOLDING_CREDENTIALS, 'src/mcpServer.ts': REGISTRY_HOLDING_CREDENTIALS['src/mcpServer.ts'].replace('${session.apiToken}', '${process.env.API_TOKEN}').replace("if (!session) throw new Error('Session not found');", "if (!session) throw new Error('Session not found');\n      console.log('calling for', session.apiToken.slice(0, 4));") },
      errors: [{ messageId: 'registry', file: 'src/sessionManager.ts', line: 4 }],
    },
    {
      name: 'the same records when nothing reads the token back: a registry (its timestamp is bookkeeping)',
      code: REGISTRY_TOKEN_NEVER_READ,
      errors: [{ messageId: 'registry', file: 'src/sessionManager.ts', line: 4 }],
    },
    {
      name: 'a registry of a hand-written HTTP+SSE transport (a class implementing the SDK Transport) on hono (sweep 9 G1)',
      code: `import { Hono } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
class SSETransport implements Transport {
  sessionId = crypto.randomUUID();
  onmessage?: (m: JSONRPCMessage) => void;
  constructor(private url: string, private stream: SSEStreamingApi) {}
  async start() { await this.stream.writeSSE({ event: 'endpoint', data: \`\${this.url}?sessionId=\${this.sessionId}\` }); }
  async send(m: JSONRPCMessage) { await this.stream.writeSSE({ event: 'message', data: JSON.stringify(m) }); }
  async close() {}
}
const server = new Server({ name: 'pets', version: '1.0.0' }, { capabilities: { tools: {} } });
const app = new Hono();
const transports: { [sessionId: string]: SSETransport } = {};
app.get('/sse', (c) => streamSSE(c, async (stream) => {
  const t = new SSETransport('/api/messages', stream);
  transports[t.sessionId] = t;
  await server.connect(t);
}));`,
      errors: [{ messageId: 'registry', line: 16 }],
    },
    {
      name: 'the session layer\'s own bookkeeping keyed only by the header id: each map and set, beside the transport registry',
      code: SESSION_BOOKKEEPING,
      errors: [
        { messageId: 'registry', line: 3 },
        { messageId: 'sessions', line: 4 },
        { messageId: 'sessions', line: 5 },
        { messageId: 'sessions', line: 6 },
        { messageId: 'sessions', line: 7 },
      ],
    },
    {
      name: 'a hand-rolled session registry (records keyed only by the header id the HTTP layer reads or mints)',
      code: {
        'src/sessions.ts': `export interface SessionRecord { id: string; createdAt: number; lastSeen: number; subject?: string }
export class SessionRegistry {
  private readonly records = new Map<string, SessionRecord>();
  touch(id: string, subject?: string): SessionRecord {
    const existing = this.records.get(id);
    if (existing) { existing.lastSeen = Date.now(); return existing; }
    const record = { id, createdAt: Date.now(), lastSeen: Date.now(), subject };
    this.records.set(id, record);
    return record;
  }
  isValid(id: string, subject?: string): boolean {
    const record = this.records.get(id);
    return !!record && record.subject === subject;
  }
  end(id: string): void { this.records.delete(id); }
}`,
        'src/http.ts': `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SessionRegistry } from './sessions.js';
const registry = new SessionRegistry();
const app = express();
app.post('/mcp', async (req, res) => {
  const provided = req.header('mcp-session-id');
  if (provided && !registry.isValid(provided, req.header('x-user'))) return void res.status(404).end();
  const sid = provided ?? randomUUID();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await new McpServer({ name: 'x', version: '1' }).connect(transport);
  registry.touch(sid, req.header('x-user'));
  res.setHeader('mcp-session-id', sid);
  await transport.handleRequest(req, res, req.body);
});`,
      },
      errors: [{ messageId: 'sessions', line: 3, file: 'src/sessions.ts' }],
    },
    {
      name: 'the in-flight set-up of each session (a promise of work that creates its transport) keyed by session id',
      code: `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const ready = new Map<string, StreamableHTTPServerTransport>();
const settingUp = new Map<string, Promise<void>>();
express().post('/mcp', async (req, res) => {
  const sid = (req.headers['mcp-session-id'] as string | undefined) ?? randomUUID();
  if (!ready.has(sid)) {
    const inFlight = settingUp.get(sid) ?? (async () => {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => sid });
      await new McpServer({ name: 'x', version: '1' }).connect(transport);
      ready.set(sid, transport);
    })();
    settingUp.set(sid, inFlight);
    await inFlight;
    settingUp.delete(sid);
  }
  await ready.get(sid)!.handleRequest(req, res, req.body);
});`,
      errors: [
        { messageId: 'registry', line: 5 },
        { messageId: 'registry', line: 6 },
      ],
    },
    {
      name: 'a registry typed with a project alias and initialised with {} is reported at its declaration',
      code: `import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
type TransportMap = { [sessionId: string]: SSEServerTransport };
const transports: TransportMap = {};
export function open(res: any) {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
}`,
      errors: [{ messageId: 'registry', line: 3 }],
    },
    {
      name: 'a generic session store whose entries hold a T the server instantiates with an SDK transport',
      code: {
        'src/types.ts': `export interface Closeable { close(): Promise<void> }
export interface ISessionStore<T extends Closeable> { getSession(id: string): T | undefined; addSession(id: string, t: T): void }`,
        'src/store.ts': `import type { Closeable, ISessionStore } from './types.js';
export class SessionStore<T extends Closeable = Closeable> implements ISessionStore<T> {
  private sessions: { [sessionId: string]: { transport: T; lastUsedAt: number } } = {};
  getSession(id: string) { return this.sessions[id]?.transport; }
  addSession(id: string, transport: T) { this.sessions[id] = { transport, lastUsedAt: Date.now() }; }
}`,
        'src/server.ts': `import express from 'express';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SessionStore } from './store.js';
const store = new SessionStore<StreamableHTTPServerTransport>();
express().delete('/mcp', async (req, res) => {
  await store.getSession(req.headers['mcp-session-id'] as string)?.close();
  res.end();
});`,
      },
      errors: [{ messageId: 'registry', line: 3, file: 'src/store.ts' }],
    },
    {
      name: 'declared with a project interface that has an index signature: reported at the declaration',
      code: `import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
interface TransportMap {
  [sessionId: string]: SSEServerTransport;
}
type Alias = TransportMap;
const transports: TransportMap = {};
const others: Alias = {};
export function open(res: any) {
  const transport = new SSEServerTransport('/messages', res);
  transports[transport.sessionId] = transport;
  others[transport.sessionId] = transport;
  res.on('close', () => { delete transports[transport.sessionId]; });
}`,
      errors: [
        { messageId: 'registry', line: 6 },
        { messageId: 'registry', line: 7 },
      ],
    },
    {
      name: 'a hand-rolled session id (minted by hand, sent as the Mcp-Session-Id header) keys the registry',
      code: `import express from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const app = express();
const sessions = new Map();
app.post('/mcp', async (req, res) => {
  const sessionId = \`session_\${Date.now()}_\${Math.random().toString(36).slice(2)}\`;
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  sessions.set(sessionId, { transport, openedAt: Date.now() });
  res.setHeader('Mcp-Session-Id', sessionId);
  await transport.handleRequest(req, res, req.body);
});`,
      errors: [{ messageId: 'registry', line: 4 }],
    },
    {
      name: 'v1 typed object registry filled in onsessioninitialized',
      code: `import { randomUUID } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
const transports: { [sessionId: string]: StreamableHTTPServerTransport } = {};
export async function handle(req: any, res: any) {
  const sid = req.headers['mcp-session-id'] as string | undefined;
  let transport = sid ? transports[sid] : undefined;
  if (!transport) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => { transports[id] = transport!; },
    });
  }
  await transport.handleRequest(req, res, req.body);
}`,
      errors: [{ messageId: 'registry', line: 3 }],
    },
    {
      name: 'v2 Map registry (type arguments), read by header, written and deleted by callbacks',
      code: `import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { randomUUID } from 'node:crypto';
const transports = new Map<string, NodeStreamableHTTPServerTransport>();
export async function handle(req: any, res: any) {
  const existing = transports.get(String(req.headers['mcp-session-id'] ?? ''));
  if (existing) return existing.handleRequest(req, res, req.body);
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sid) => {
      transports.set(sid, transport);
    },
    onsessionclosed: (sid) => {
      transports.delete(sid);
    },
  });
  await transport.handleRequest(req, res, req.body);
}`,
      errors: [{ messageId: 'registry', line: 3 }],
    },
    {
      name: 'SSE transports keyed by transport.sessionId (aliased import)',
      code: `import { SSEServerTransport as Sse } from '@modelcontextprotocol/sdk/server/sse.js';
import express from 'express';
const app = express();
const streams: Record<string, Sse> = {};
app.get('/sse', async (_req, res) => {
  const transport = new Sse('/messages', res);
  streams[transport.sessionId] = transport;
  res.on('close', () => delete streams[transport.sessionId]);
});`,
      errors: [{ messageId: 'registry', line: 4 }],
    },
    {
      name: 'untyped CommonJS registry filled through a reassigned `let transport`',
      filename: 'src/server.cjs',
      code: `const { randomUUID } = require('node:crypto');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const transports = {};
async function handle(req, res) {
  const sessionId = req.header('mcp-session-id');
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport;
      },
    });
  }
  await transport.handleRequest(req, res, req.body);
}
module.exports = { handle };`,
      errors: [{ messageId: 'registry', line: 3 }],
    },
    {
      name: 'class-field registry read by the session header',
      code: `import type { Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export class Gateway {
  private readonly transports = new Map<string, StreamableHTTPServerTransport>();
  async get(req: Request, res: Response) {
    const sid = req.headers['mcp-session-id'] as string;
    await this.transports.get(sid)?.handleRequest(req, res);
  }
}`,
      errors: [{ messageId: 'registry', line: 4 }],
    },
    {
      name: 'two registries in one object (streamable + legacy SSE), one finding each',
      code: `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
const transports = {
  streamable: {} as Record<string, StreamableHTTPServerTransport>,
  sse: {} as Record<string, SSEServerTransport>,
};
export async function handle(req: any, res: any) {
  const sid = req.headers['mcp-session-id'] as string;
  const transport = transports.streamable[sid];
  await transport.handleRequest(req, res, req.body);
}
export function openSse(res: any) {
  const transport = new SSEServerTransport('/messages', res);
  transports.sse[transport.sessionId] = transport;
}`,
      errors: [
        { messageId: 'registry', line: 4 },
        { messageId: 'registry', line: 5 },
      ],
    },
    {
      name: 'project-local re-export module, registry filled from transport.sessionId',
      code: {
        'src/sdk.ts': "export { StreamableHTTPServerTransport as HttpTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        'src/http.ts': `import { HttpTransport } from './sdk.js';
const sessions = new Map<string, HttpTransport>();
export async function post(req: any, res: any) {
  const sid = req.header('mcp-session-id');
  let transport = sid ? sessions.get(sid) : undefined;
  if (!transport) {
    transport = new HttpTransport({ sessionIdGenerator: () => crypto.randomUUID() });
  }
  await transport.handleRequest(req, res, req.body);
  if (transport.sessionId && !sessions.has(transport.sessionId)) sessions.set(transport.sessionId, transport);
}`,
      },
      errors: [{ messageId: 'registry', line: 2, file: 'src/http.ts' }],
    },
    {
      name: 'registry declared in one module and filled by a helper that receives it as a parameter',
      code: {
        'src/sse.ts': `import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
export function openSse(res: any, sessions: Map<string, SSEServerTransport>) {
  const transport = new SSEServerTransport('/messages', res);
  sessions.set(transport.sessionId, transport);
}`,
        'src/index.ts': `import type { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { openSse } from './sse.js';
const sessions = new Map<string, SSEServerTransport>();
export const open = (res: any) => openSse(res, sessions);`,
      },
      errors: [{ messageId: 'registry', line: 3, file: 'src/index.ts' }],
    },
  ],
});
