/**
 * `scan()` end to end on small temporary projects: discovery, the prefilter and the analysis
 * working together (tsconfig `paths` through `extends`, ignore files, include/exclude, the
 * prefilter's importer and helper passes).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from './support/temp-tree.js';
import { scan } from '../src/scan.js';

const project = (files: Record<string, string>): string => tempTree(files, 'mcp-migrate-scan-');

const ids = (report: Awaited<ReturnType<typeof scan>>): string[] => report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`);

describe('scan', () => {
  it('follows a tsconfig `paths` alias (declared in an extended config) to the project SDK barrel', async () => {
    const dir = project({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@mcp/*': ['src/lib/*'] } } }),
      'tsconfig.json': JSON.stringify({ extends: './tsconfig.base.json', include: ['src'] }),
      'src/lib/sdk.ts': "export * from '@modelcontextprotocol/sdk/server/mcp.js';\n",
      'src/server.ts': [
        "import { McpServer } from '@mcp/sdk';",
        "const server = new McpServer({ name: 'x', version: '1' });",
        'server.server.oninitialized = () => {',
        '  console.error(server.server.getClientCapabilities());',
        '};',
      ].join('\n'),
    });
    const report = await scan({ paths: [dir] });
    expect(ids(report)).toEqual(['src/server.ts:3 handshake/oninitialized', 'src/server.ts:4 handshake/client-capabilities']);
  });

  it('analyses a helper that never mentions the SDK because an MCP file imports it', async () => {
    const dir = project({
      'src/server.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { remember } from './memory.js';",
        "const server = new McpServer({ name: 'x', version: '1' });",
        "server.tool('note', async (extra) => remember(extra, 'hi'));",
      ].join('\n'),
      'src/memory.ts': [
        'const notes = new Map<string, string[]>();',
        'export function remember(extra: { sessionId?: string }, text: string) {',
        "  const key = extra.sessionId ?? 'anon';",
        '  notes.set(key, [...(notes.get(key) ?? []), text]);',
        "  return { content: [{ type: 'text' as const, text: 'ok' }] };",
        '}',
      ].join('\n'),
    });
    const report = await scan({ paths: [dir] });
    expect(ids(report)).toEqual(['src/memory.ts:1 session-state/keyed-store', 'src/memory.ts:3 session-state/session-id-read']);
    expect(report.summary.filesAnalyzed).toBe(2);
  });

  it('types a JavaScript parameter by a JSDoc import type naming a project subclass of the SDK server (sweep 37 AK4)', async () => {
    const dir = project({
      'src/server.js': "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport class WalletServer extends McpServer {\n  registerTools(tools) {\n    for (const tool of tools) tool(this);\n    return this;\n  }\n}\n",
      'src/index.js': "import { WalletServer } from './server.js';\nimport { withdraw } from './withdraw.js';\nnew WalletServer({ name: 'w', version: '1' }).registerTools([withdraw]);\n",
      'src/withdraw.js': [
        "/** @typedef {import('./server.js').WalletServer} WalletServer */",
        '/** @param {WalletServer} server */',
        'export function withdraw(server) {',
        "  server.registerTool('withdraw', { description: 'Withdraw' }, async () => {",
        "    const ok = await server.server.elicitInput({ message: 'Sure?', requestedSchema: { type: 'object', properties: {} } });",
        "    return { content: [{ type: 'text', text: ok.action }] };",
        '  });',
        '}',
      ].join('\n'),
    });
    const report = await scan({ paths: [dir] });
    expect(ids(report)).toEqual(['src/withdraw.js:5 server-push/elicitation']);
  });

  it('does not parse ordinary code, comments that mention the SDK, or MCP client code', async () => {
    const dir = project({
      'src/app.ts': "// TODO: expose via @modelcontextprotocol/sdk later\nconst sessions = new Map();\nexport const get = (req: any) => sessions.get(req.cookies['sid']);\n",
      'src/client.ts': "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nimport { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';\nexport const c = new Client({ name: 'c', version: '1' });\nawait c.ping();\nconst sessions = new Map();\nexport const remember = (res: Response, t: { sessionId?: string }) => sessions.set(t.sessionId, res.headers.get('mcp-session-id'));\nvoid ListToolsResultSchema;\n",
    });
    const report = await scan({ paths: [dir] });
    expect(report.findings).toEqual([]);
    expect(report.summary).toMatchObject({ filesScanned: 2, filesAnalyzed: 0 });
  });

  it('analyses an MCP endpoint written without the SDK: a file naming the Mcp-Session-Id header (not an SDK client)', async () => {
    // spotify-streamable-mcp-server's Workers adapter (sweep 6 D17): it mints the header and keeps sessions itself.
    const dir = project({
      'src/worker.ts': [
        "import { randomUUID } from 'node:crypto';",
        'const sessions = new Map<string, { clientInfo: unknown }>();',
        'export async function handle(request: Request): Promise<Response> {',
        '  const body = (await request.json()) as { id: number; method: string; params?: { clientInfo?: unknown } };',
        "  let sessionId = request.headers.get('Mcp-Session-Id');",
        "  if (body.method === 'initialize') {",
        '    sessionId = randomUUID();',
        '    sessions.set(sessionId, { clientInfo: body.params?.clientInfo });',
        '  }',
        "  if (!sessionId || !sessions.has(sessionId)) return new Response('unknown session', { status: 400 });",
        "  return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: {} }));",
        '}',
      ].join('\n'),
      // An MCP client sends the header too: not server code, with the SDK's client or written by hand.
      'src/client.ts': "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nexport const c = new Client({ name: 'c', version: '1' });\nexport const id = (res: Response) => res.headers.get('mcp-session-id');\n",
      'examples/client.js': "export async function connect(url) {\n  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }) });\n  return response.headers.get('mcp-session-id');\n}\n",
    });
    const report = await scan({ paths: [dir] });
    expect(ids(report)).toEqual(['src/worker.ts:2 session-state/keyed-store', 'src/worker.ts:5 session-transport/session-header', 'src/worker.ts:8 handshake/client-version']);
    expect(report.summary).toMatchObject({ filesScanned: 3, filesAnalyzed: 1 });
  });

  it('analyses an MCP endpoint written without the SDK that answers initialize itself, with no session header (sweep 24 X5)', async () => {
    const dir = project({
      'pages/api/mcp.ts': [
        'export default async function handler(req: { body: { id: number; method: string } }, res: { json(v: unknown): void }) {',
        '  const message = req.body;',
        "  if (message.method === 'initialize') {",
        "    return res.json({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2024-11-05', capabilities: { tools: {} }, serverInfo: { name: 'x', version: '1' } } });",
        '  }',
        "  if (message.method === 'tools/list') return res.json({ jsonrpc: '2.0', id: message.id, result: { tools: [] } });",
        "  return res.json({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'not found' } });",
        '}',
      ].join('\n'),
      // A client written by hand builds initialize and lists tools: not server code.
      'scripts/client.ts': "export async function probe(url: string) {\n  await fetch(url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' }) });\n  return fetch(url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });\n}\n",
    });
    const report = await scan({ paths: [dir] });
    expect(ids(report)).toEqual(['pages/api/mcp.ts:3 handshake/initialize-handler']);
    expect(report.summary).toMatchObject({ filesScanned: 2, filesAnalyzed: 1 });
  });

  it("says a NestJS controller's session header reads and routes are a person's to change: fix manual (review 36 R8)", async () => {
    const dir = project({
      'src/mcp.controller.ts': [
        "import { Controller, Delete, Headers } from '@nestjs/common';",
        "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';",
        'const transports: Record<string, StreamableHTTPServerTransport> = {};',
        "@Controller('mcp')",
        'export class McpController {',
        '  @Delete()',
        "  async end(@Headers('mcp-session-id') sessionId: string) {",
        '    await transports[sessionId]?.close();',
        '  }',
        '}',
      ].join('\n'),
    });
    const report = await scan({ paths: [dir] });
    const fixes = report.findings.filter((f) => f.ruleId === 'session-transport/session-header' || f.ruleId === 'session-transport/session-route').map((f) => `${f.line} ${f.ruleId} ${f.fix}`);
    expect(fixes).toEqual(['6 session-transport/session-route manual', '7 session-transport/session-header manual']);
  });

  it('treats protocol types from a v2 server package as v1 treated sdk/types.js: they make no file server code', async () => {
    // What the official codemod makes of `import { … } from '@modelcontextprotocol/sdk/types.js'`. Were the
    // notifier an SDK user after migration, its test would be pulled in as an importer on the next run.
    const notifier = (from: string) => ({
      'src/notifier.ts': `import { ToolListChangedNotification } from '${from}';\nexport const changed = (): ToolListChangedNotification => ({ method: 'notifications/tools/list_changed', params: {} });\n`,
      'src/notifier.test.ts': "import { changed } from './notifier.js';\nconst sent: unknown[] = [];\nconst sendToSession = (id: string, message: unknown) => sent.push([id, message]);\nsendToSession('s', { method: 'notifications/tools/list_changed' });\nvoid changed;\n",
    });
    for (const from of ['@modelcontextprotocol/sdk/types.js', '@modelcontextprotocol/server']) {
      const report = await scan({ paths: [project(notifier(from))] });
      expect(report.summary.filesAnalyzed, from).toBe(0);
    }
    // Server API from the same package does make it server code (and its importer is analysed).
    const api = notifier('@modelcontextprotocol/server');
    api['src/notifier.ts'] = api['src/notifier.ts']!.replace('{ ToolListChangedNotification }', '{ type McpServer, ToolListChangedNotification }');
    expect((await scan({ paths: [project(api)] })).summary.filesAnalyzed).toBe(2);
    // So does any other mention of the package (a namespace import here).
    const namespace = notifier('@modelcontextprotocol/server');
    namespace['src/notifier.ts'] += "import * as sdk from '@modelcontextprotocol/server';\nvoid sdk;\n";
    expect((await scan({ paths: [project(namespace)] })).summary.filesAnalyzed).toBe(2);
  });

  it('honours .gitignore and --include/--exclude', async () => {
    const sessionful = "import { StreamableHTTPServerTransport as T } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\nexport const t = new T({ sessionIdGenerator: () => 'id' });\n";
    const dir = project({
      '.gitignore': 'generated/\n',
      'generated/server.ts': sessionful,
      'src/server.ts': sessionful,
      'src/server.test.ts': sessionful,
      'other/server.ts': sessionful,
    });
    expect(ids(await scan({ paths: [dir], includeTests: true }))).toEqual([
      'other/server.ts:2 session-transport/session-id-generator',
      'src/server.test.ts:2 session-transport/session-id-generator',
      'src/server.ts:2 session-transport/session-id-generator',
    ]);
    expect(ids(await scan({ paths: [dir], include: ['src/**'], exclude: ['**/*.test.ts'] }))).toEqual([
      'src/server.ts:2 session-transport/session-id-generator',
    ]);
  });

  it('reports paths relative to a single directory argument, or to the working directory for several', async () => {
    const dir = project({
      'a/server.ts': "import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';\nexport const make = (res: any) => new SSEServerTransport('/messages', res);\n",
      'b/readme.ts': 'export {};\n',
    });
    const single = await scan({ paths: ['a'], cwd: dir });
    expect(single.root).toBe('a');
    expect(ids(single)).toEqual(['server.ts:2 session-transport/sse-transport']);
    const several = await scan({ paths: ['a', 'b'], cwd: dir });
    expect(several.root).toBe('.');
    expect(ids(several)).toEqual(['a/server.ts:2 session-transport/sse-transport']);
  });
});

describe('prefilter roles', () => {
  it('finds SDK users behind a tsconfig alias whose name differs from the file name', async () => {
    const dir = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '~mcp': ['src/lib/mcp-barrel.ts'] } } }),
      'src/lib/mcp-barrel.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n",
      'src/server.ts': "import { McpServer } from '~mcp';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.server.oninitialized = () => {};\n",
    });
    expect(ids(await scan({ paths: [dir] }))).toEqual(['src/server.ts:3 handshake/oninitialized']);
  });

  it('finds SDK users behind a workspace package linked into node_modules', async () => {
    const dir = project({
      'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*', 'apps/*'] }),
      'packages/tools/package.json': JSON.stringify({ name: '@acme/mcp-tools', main: 'src/index.ts' }),
      'packages/tools/src/index.ts': "export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n",
      'apps/server/package.json': JSON.stringify({ name: 'server', dependencies: { '@acme/mcp-tools': '*' } }),
      'apps/server/src/main.ts': "import { McpServer } from '@acme/mcp-tools';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.server.oninitialized = () => {};\n",
    });
    fs.mkdirSync(path.join(dir, 'node_modules/@acme'), { recursive: true });
    fs.symlinkSync(path.join(dir, 'packages/tools'), path.join(dir, 'node_modules/@acme/mcp-tools'));
    expect(ids(await scan({ paths: [dir] }))).toEqual(['apps/server/src/main.ts:3 handshake/oninitialized']);
  });

  it('follows uninstalled workspace packages outside the scanned paths, loading them for resolution only', async () => {
    const fixture = path.resolve(import.meta.dirname, '../fixtures/pnpm-workspace-unlinked');
    const whole = await scan({ paths: [fixture] });
    const expected = ids(whole);
    expect(expected).toContain('packages/app/src/noteLog.ts:9 deprecated-feature/logging');
    // The types package (the SDK barrel and the structural server type) is outside the scanned paths: loaded, never reported.
    const subset = await scan({ paths: ['packages/http', 'packages/app'], cwd: fixture });
    expect(ids(subset)).toEqual(expected);
    expect(subset.summary.filesAnalyzed).toBe(5);
    expect(subset.diagnostics).toEqual([]);
  });

  it('resolves members through a type declared in a module outside the scanned paths (loaded for resolution only)', async () => {
    const dir = project({
      'src/services.ts': "import type { NoteBook } from './mcp/server.js';\nexport interface Services { notes: NoteBook }\n",
      'src/mcp/server.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import type { Services } from '../services.js';",
        'export class NoteBook {',
        '  private readonly byId = new Map<string, string>();',
        '  add(sid: string, text: string) { this.byId.set(sid, text); }',
        '}',
        'export function build(services: Services) {',
        "  const server = new McpServer({ name: 'x', version: '1' });",
        "  server.tool('note', async (extra) => { services.notes.add(extra.sessionId!, 'x'); return { content: [] }; });",
        '  return server;',
        '}',
      ].join('\n'),
    });
    const report = await scan({ paths: ['src/mcp'], cwd: dir });
    // The store is found only when `services.notes` resolves through `Services`, declared in the unscanned module.
    expect(ids(report)).toEqual(['server.ts:4 session-state/keyed-store', 'server.ts:9 session-state/session-id-read']);
    expect(report.summary.filesAnalyzed).toBe(1);
  });

  it("loads the project's own SDK-typed declarations outside the scanned paths for resolution only (a session record, a transport subclass)", async () => {
    const dir = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@src/*': ['src/*'] } } }),
      'src/model/session.ts': "import type { Server } from '@modelcontextprotocol/sdk/server/index.js';\nexport interface Session { server: Server }\n",
      'src/transport/logging-sse.ts': [
        "import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';",
        'export class LoggingSSEServerTransport extends SSEServerTransport {}',
      ].join('\n'),
      'src/routes/sse.ts': [
        "import type { Response } from 'express';",
        "import type { Server } from '@modelcontextprotocol/sdk/server/index.js';",
        "import { LoggingSSEServerTransport } from '@src/transport/logging-sse.js';",
        "import type { Session } from '../model/session.js';",
        'export const open = (res: Response) => new LoggingSSEServerTransport("/messages", res);',
        'export const broadcast = (sessions: Session[], fallback?: Server) => sessions.forEach((s) => (s.server ?? fallback).sendToolListChanged());',
      ].join('\n'),
    });
    const expected = ['src/routes/sse.ts:5 session-transport/sse-transport', 'src/routes/sse.ts:6 server-push/change-notification'];
    expect(ids(await scan({ paths: [dir] }))).toEqual(expected);
    const subset = await scan({ paths: ['src/routes'], cwd: dir });
    expect(ids(subset)).toEqual(['sse.ts:5 session-transport/sse-transport', 'sse.ts:6 server-push/change-notification']);
    expect(subset.summary.filesAnalyzed).toBe(1);
  });

  it.skipIf(process.platform === 'win32')('never reads a FIFO or an oversized module outside the scanned paths (no hang, the rest still scanned)', async () => {
    const fixture = path.resolve(import.meta.dirname, '../fixtures/pnpm-workspace-unlinked');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-outside-'));
    try {
      fs.cpSync(fixture, dir, { recursive: true });
      const entry = path.join(dir, 'packages/types/src/index.ts');
      fs.rmSync(entry);
      execFileSync('mkfifo', [entry]);
      fs.writeFileSync(path.join(dir, 'packages/types/src/server.ts'), `export {};\n${'// generated\n'.repeat(100_000)}`);
      const report = await scan({ paths: ['packages/http', 'packages/app'], cwd: dir });
      expect(report.summary.filesScanned).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("analyses an app entry that imports the server, but not the rest of the app it imports", async () => {
    const files: Record<string, string> = {
      'src/server.ts': "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const createServer = () => new McpServer({ name: 'x', version: '1' });\n",
      'src/app.ts': [
        "import { createServer } from './server.js';",
        ...Array.from({ length: 30 }, (_, i) => `import { f${i} } from './features/f${i}.js';`),
        'const server = createServer();',
        'server.server.oninitialized = () => {};',
      ].join('\n'),
    };
    for (let i = 0; i < 30; i++) files[`src/features/f${i}.ts`] = `export const f${i} = (sessionId: string) => new Map().get(sessionId);\n`;
    const report = await scan({ paths: [project(files)] });
    expect(ids(report)).toEqual(['src/app.ts:33 handshake/oninitialized']);
    expect(report.summary.filesAnalyzed).toBe(2);
  });
});

describe('generated code', () => {
  it('analyses a file with a 6,000-term expression without overflowing the stack or losing other findings', async () => {
    const terms = Array.from({ length: 6000 }, (_, i) => `'a${i}'`).join(' + ');
    const dir = project({
      'src/generated.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const big = ${terms};\n`,
      'src/server.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        'const carts = new Map<string, string[]>();',
        "const server = new McpServer({ name: 'x', version: '1' });",
        "server.tool('view', async (extra) => ({ content: [{ type: 'text' as const, text: String(carts.get(extra.sessionId!)) }] }));",
      ].join('\n'),
    });
    const report = await scan({ paths: [dir] });
    expect(report.diagnostics).toEqual([]);
    expect(ids(report)).toEqual(['src/server.ts:2 session-state/keyed-store', 'src/server.ts:4 session-state/session-id-read']);
  });
});

describe('markers left by apply', () => {
  it('are findings in any scanned file, also one that does not import the SDK', async () => {
    const root = tempTree({
      'src/util.ts': 'export const x = 1;\n// @mcp-migrate-todo(session-state/keyed-store): re-key the cache by a handle\n',
      'src/plain.ts': 'export const y = 2;\n',
    });
    const report = await scan({ paths: [root] });
    expect(report.findings.map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.severity}`)).toEqual(['src/util.ts:2 session-state/keyed-store error']);
    expect(report.findings[0]!.message).toContain('re-key the cache by a handle');
  });
});
