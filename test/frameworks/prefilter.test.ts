/** The prefilter (src/analysis/candidates.ts) lets framework users and vendored SDK copies through, and nothing else. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/scan.js';
import { mayDeclareVendoredSdk } from '../../src/frameworks/vendored-sdk.js';

const dirs: string[] = [];
function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-migrate-fw-'));
  dirs.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('prefilter', () => {
  it("a file implementing the SDK's Transport interface is analysed, and so is the module connecting it (sweep 19 S3); one only mentioning it is not", async () => {
    const dir = project({
      'src/sse-transport.ts': `import type { Transport as McpTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { SSEStreamingApi } from 'hono/streaming';
export class SseTransport implements McpTransport {
  readonly sessionId = crypto.randomUUID();
  onmessage?: (message: JSONRPCMessage) => void;
  constructor(private url: string, private stream: SSEStreamingApi) {}
  async start(): Promise<void> {
    await this.stream.writeSSE({ event: 'endpoint', data: this.url + '?sessionId=' + this.sessionId });
  }
  async send(message: JSONRPCMessage): Promise<void> {
    await this.stream.writeSSE({ event: 'message', data: JSON.stringify(message) });
  }
  async close(): Promise<void> {}
}`,
      'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function buildServer(): McpServer {
  return new McpServer({ name: 'x', version: '1' });
}`,
      'src/index.ts': `import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { buildServer } from './server.js';
import { SseTransport } from './sse-transport.js';
const app = new Hono();
app.get('/sse', (c) => streamSSE(c, async (stream) => {
  const transport = new SseTransport('/messages', stream);
  await buildServer().connect(transport);
}));`,
      'src/notes.ts': `// A Transport (see @modelcontextprotocol/sdk/shared/transport.js) is implemented elsewhere.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
export type Kept = Transport | undefined;`,
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toContain('src/index.ts:7 session-transport/sse-transport');
    // server.ts (an SDK user), index.ts (it imports one), sse-transport.ts (it implements Transport); not notes.ts.
    expect(report.summary.filesAnalyzed).toBe(3);
  });

  it('a file importing a handler context type from a shared SDK module is analysed though no server module is imported (sweep 10 H5); a client\'s is not', async () => {
    const dir = project({
      'src/factory.ts': `import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
export function handlerFor(logic: (sessionId?: string) => Promise<string>) {
  return async (_input: unknown, callContext: Record<string, unknown>) => {
    const ctx = callContext as RequestHandlerExtra<ServerRequest, ServerNotification>;
    return { content: [{ type: 'text' as const, text: await logic(ctx.sessionId) }] };
  };
}`,
      'src/types-only.ts': `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
export const ok = (sessionId: string): CallToolResult => ({ content: [{ type: 'text', text: sessionId }] });`,
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual(['src/factory.ts:6 session-state/session-id-read']);
    expect(report.summary.filesAnalyzed).toBe(1);
  });

  it('a v2 file importing only the handler context type from the server package is server code; one importing only protocol vocabulary from it is not', async () => {
    const dir = project({
      'src/cart.ts': `import type { ServerContext } from '@modelcontextprotocol/server';
const carts = new Map<string, string[]>();
export function cartOf(ctx: ServerContext): string[] {
  const key = ctx.sessionId ?? 'anon';
  let cart = carts.get(key);
  if (!cart) carts.set(key, (cart = []));
  return cart;
}`,
      'src/results.ts': `import type { CallToolResult } from '@modelcontextprotocol/server';
export const ok = (sessionId: string): CallToolResult => ({ content: [{ type: 'text', text: sessionId }] });`,
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual(['src/cart.ts:2 session-state/keyed-store', 'src/cart.ts:4 session-state/session-id-read']);
    expect(report.summary.filesAnalyzed).toBe(1);
  });

  it('a file importing only a framework is analysed', async () => {
    const dir = project({
      'src/index.ts': `import { FastMCP } from 'fastmcp';
const server = new FastMCP({ name: 'x', version: '1.0.0' });
server.start({ transportType: 'httpStream', httpStream: { port: 8080 } });`,
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual(['src/index.ts:3 session-transport/session-id-generator']);
  });

  it('a vendored JS copy of the SDK with no SDK import, and the example that imports it by relative path', async () => {
    const dir = project({
      'sdk/server/mcp.js': `export class McpServer {
  constructor(info) { this.server = { info }; this.tools = new Map(); }
  tool(name, cb) { this.tools.set(name, cb); }
  async connect(transport) { await transport.start(); }
}`,
      'examples/server.js': `import { McpServer } from '../sdk/server/mcp.js';
const notes = {};
const server = new McpServer({ name: 'n', version: '1' });
server.tool('note', (extra) => { notes[extra.sessionId] = Date.now(); });`,
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`).sort()).toEqual([
      'examples/server.js:2 session-state/keyed-store',
      'examples/server.js:4 session-state/session-id-read',
    ]);
  });

  it('only the SDK\'s examples are scanned: the vendored modules they import by relative path stand for the SDK modules', async () => {
    const dir = project({
      'src/server/mcp.ts': `import { Server } from './index.js';
export class McpServer {
  readonly server: Server;
  constructor(info: unknown) { this.server = new Server(info); }
  registerTool(name: string, config: unknown, cb: unknown) {}
  async connect(transport: unknown) {}
}`,
      'src/server/index.ts': `export class Server {
  constructor(public info: unknown) {}
  getClientCapabilities() { return {}; }
  async createMessage(params: unknown) { return {}; }
}`,
      'src/server/streamableHttp.ts': `export class StreamableHTTPServerTransport {
  sessionId?: string;
  constructor(options: unknown) {}
  async handleRequest(req: unknown, res: unknown, body?: unknown) {}
}`,
      'src/types.ts': `export const LATEST_PROTOCOL_VERSION = '2025-06-18';
export const InitializeRequestSchema = {};
export const isInitializeRequest = (value: unknown): boolean => true;`,
      'src/examples/server/example.ts': `import { randomUUID } from 'node:crypto';
import { McpServer } from '../../server/mcp.js';
import { StreamableHTTPServerTransport } from '../../server/streamableHttp.js';
import { isInitializeRequest } from '../../types.js';
const transports: Record<string, StreamableHTTPServerTransport> = {};
export async function handle(req: any, res: any) {
  if (isInitializeRequest(req.body)) {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    const server = new McpServer({ name: 'x', version: '1' });
    server.server.getClientCapabilities();
    await server.connect(transport);
  }
}`,
    });
    const report = await scan({ paths: ['src/examples/server/example.ts'], cwd: dir });
    expect(report.summary.filesAnalyzed).toBe(1); // the vendored modules are not loaded, only recognised
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`).sort()).toEqual([
      'src/examples/server/example.ts:10 handshake/client-capabilities',
      'src/examples/server/example.ts:7 session-transport/initialize-routing',
      'src/examples/server/example.ts:8 session-transport/session-id-generator',
    ]);
  });

  it('a module named like an SDK module without the SDK\'s shape does not make its importer server code', async () => {
    const dir = project({
      'lib/server.ts': `export class Server { listen(port: number) {} close() {} }`,
      'lib/types.ts': `export const isInitializeRequest = (v: unknown) => false;`,
      'app/main.ts': `import { Server } from '../lib/server.js';
import { isInitializeRequest } from '../lib/types.js';
const sessions: Record<string, unknown> = {};
export function handle(req: any) { if (isInitializeRequest(req.body)) sessions[req.headers['x-session-id']] = new Server(); }`,
    });
    // (The MCP session header itself, named in a string, would make the file an endpoint written without the SDK: scan.test.ts.)
    const report = await scan({ paths: [path.join(dir, 'app')] });
    expect(report.summary.filesAnalyzed).toBe(0);
    expect(report.findings).toEqual([]);
  });

  it('FastMCP\'s own examples import the framework by relative path: the module declaring `class FastMCP` with its members is `fastmcp`', async () => {
    const dir = project({
      'src/FastMCP.ts': `export class FastMCPSession { sessionId?: string }
export class FastMCP<T = unknown> {
  #sessions: FastMCPSession[] = [];
  constructor(public options: { name: string; version: string }) {}
  get sessions() { return this.#sessions; }
  addTool(tool: { name: string; execute: (args: unknown, context: { sessionId?: string }) => unknown }) {}
  async start(options?: unknown) {}
}`,
      'src/examples/counter.ts': `import { FastMCP } from '../FastMCP.js';
const counters = new Map<string, number>();
const server = new FastMCP({ name: 'x', version: '1' });
server.addTool({ name: 'inc', execute: async (_args, context) => { counters.set(context.sessionId!, 1); return ''; } });
server.start({ transportType: 'httpStream', httpStream: { port: 8080 } });`,
      'src/examples/lookalike.ts': `import { FastMCP } from './not-fastmcp.js';
const server = new FastMCP();
server.start({ transportType: 'httpStream', httpStream: { port: 8080 } });`,
      'src/examples/not-fastmcp.ts': `export class FastMCP { start(options?: unknown) {} }`,
    });
    const report = await scan({ paths: [path.join(dir, 'src/examples')] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`).sort()).toEqual([
      'counter.ts:2 session-state/keyed-store',
      'counter.ts:4 session-state/session-id-read',
      'counter.ts:5 session-transport/session-id-generator',
    ]);
  });

  it('mcp-framework\'s examples import the framework through its own barrel (../src/index.js), outside the scanned paths', async () => {
    const dir = project({
      'src/core/MCPServer.ts': `export class MCPServer {
  private toolsMap = new Map<string, unknown>();
  constructor(private config: { transport?: { type: string; options?: unknown } } = {}) {}
  addTool(tool: unknown) {}
  async start() {}
  async stop() {}
}`,
      'src/index.ts': `export * from './core/MCPServer.js';
export { helper } from './helper.js';`,
      'src/helper.ts': 'export const helper = 1;',
      'examples/http.ts': `import { MCPServer } from '../src/index.js';
const server = new MCPServer({ transport: { type: 'http-stream', options: { port: 8080 } } });
await server.start();`,
      'examples/other.ts': `import { helper } from '../src/index.js';
export const x = helper;`,
    });
    const report = await scan({ paths: ['examples'], cwd: dir });
    expect(report.summary.filesAnalyzed).toBe(1);
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`)).toEqual(['http.ts:2 session-transport/session-id-generator']);
  });

  it('the vendored-SDK text test needs the SDK class name and its members', () => {
    expect(mayDeclareVendoredSdk('export class Server { listen() {} close() {} }')).toBe(false);
    expect(mayDeclareVendoredSdk('export class McpServer { tool() {} }')).toBe(false);
    expect(mayDeclareVendoredSdk('class StreamableHTTPServerTransport { sessionId; handleRequest() {} }')).toBe(true);
  });
});
