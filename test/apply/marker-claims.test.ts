/**
 * The report claims only the markers the migrated code holds. Transforms run in turn, and a later one may remove a
 * marker an earlier one put, with the code it marked: on ubie-oss/slack-mcp-server session-state-to-handles marked
 * the transport registry, stateless-serving then removed the registry, and MIGRATION.md still said the handles
 * transform "left 1 marker for a person" while it counted 0 markers, and the JSON's `stores[].markedAt` pointed at a
 * line that was gone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { renderJson, renderMarkdown } from '../../src/apply/report.js';
import { parseMarkers } from '../../src/markers.js';
import { tempTree } from '../support/temp-tree.js';

const PACKAGE = JSON.stringify({ name: 'registry', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.29.0', express: '^5.0.0' } });

/** The sessionful Streamable HTTP setup stateless-serving replaces: its registry goes with it. */
const SESSIONFUL = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import { randomUUID } from 'node:crypto';

function createServer() {
  const server = new McpServer({ name: 's', version: '1.0.0' });
  server.registerTool('ping', { description: 'ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

const app = express();
app.use(express.json());
const transports: { [sessionId: string]: StreamableHTTPServerTransport } = {};

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: StreamableHTTPServerTransport;
  if (sessionId && transports[sessionId]) {
    transport = transports[sessionId];
  } else {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => { transports[id] = transport; },
    });
    transport.onclose = () => { if (transport.sessionId) delete transports[transport.sessionId]; };
    await createServer().connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
`;

/** A transport registry no transform removes (no serving code of its own): its marker stays. */
const REGISTRY = `import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const transports = new Map<string, StreamableHTTPServerTransport>();

export function register(transport: StreamableHTTPServerTransport): void {
  if (transport.sessionId) transports.set(transport.sessionId, transport);
}

export const route = (sessionId: string) => transports.get(sessionId);
`;

const HANDLES = 'session-state-to-handles';

async function migrate(files: Record<string, string>) {
  const dir = tempTree({ 'package.json': PACKAGE, ...files });
  const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, dryRun: true, typecheck: false });
  const markdown = renderMarkdown(result, { date: new Date(0) });
  const json = JSON.parse(renderJson(result)) as { stores: Array<{ store: string; markedAt?: { file: string; line: number; ruleId?: string }; markerRemoved?: boolean }>; manual: Array<{ file: string; line: number; ruleId: string }> };
  return { result, markdown, json };
}

/** The lines of one file's entry under "What changed". */
function changedEntry(markdown: string, file: string): string[] {
  const entry = markdown.slice(markdown.indexOf(`#### \`${file}\``));
  return entry.slice(0, entry.indexOf('\n#', 1)).split('\n').filter((l) => l.startsWith('- `'));
}

describe('marker claims against the final text', () => {
  it('a marker a later transform removed with the code it marked is claimed nowhere', async () => {
    const { result, markdown, json } = await migrate({ 'server.ts': SESSIONFUL });
    const change = result.changes.find((c) => c.file.endsWith('server.ts'))!;
    // The registry and its marker are gone: stateless-serving removed them.
    expect(change.after).not.toContain('const transports');
    expect(parseMarkers(change.after)).toEqual([]);
    expect(change.transforms).toContain(HANDLES);
    expect(change.markedOnly[HANDLES]).toBe(0);

    const handles = changedEntry(markdown, 'server.ts').filter((l) => l.startsWith(`- \`${HANDLES}\``));
    expect(handles).toEqual([`- \`${HANDLES}\`: marked code that a later transform removed; none of its markers is left here.`]);
    expect(markdown).not.toMatch(/left \d+ markers? for a person/);
    expect(markdown).toContain('- Markers left for a person: 0');
    // Nothing of the store is left for a person: no entry for it either.
    expect(markdown).not.toContain('### Left for a person');

    const store = json.stores.find((s) => s.store === 'transports')!;
    expect(store.markedAt).toBeUndefined();
    expect(store.markerRemoved).toBe(true);
    expect(json.manual).toEqual([]);
  });

  it('a marker that stays is claimed, and its store points at the line it stands on now', async () => {
    const { result, markdown, json } = await migrate({ 'src/http.ts': REGISTRY });
    const change = result.changes.find((c) => c.file.endsWith('http.ts'))!;
    const markers = parseMarkers(change.after);
    expect(markers).toHaveLength(1);
    const markerLine = change.after.slice(0, markers[0]!.offset).split('\n').length;

    expect(change.markedOnly[HANDLES]).toBe(1);
    expect(changedEntry(markdown, 'src/http.ts').find((l) => l.startsWith(`- \`${HANDLES}\``))).toMatch(/: left 1 marker for a person \(see "Left for a person"\)\.$/);

    const store = json.stores.find((s) => s.store === 'transports')!;
    expect(store.markerRemoved).toBeUndefined();
    // Relative, like every path of the report, and the line `manual` lists the marker at.
    expect(store.markedAt).toEqual({ file: 'src/http.ts', line: markerLine, ruleId: markers[0]!.ruleId });
    expect(json.manual.map((m) => [m.file, m.line, m.ruleId])).toEqual([['src/http.ts', markerLine, markers[0]!.ruleId]]);
  });

  it('markers a later transform puts above a store marker move it: markedAt is where it stands in the final text', async () => {
    // playwright-mcp's shape: the handles transform marks both registries, then stateless-serving marks the kept
    // HTTP+SSE endpoint and the sessionful one above them, so the lines planned are stale by the end of the run.
    const fixture = path.join(import.meta.dirname, '../../transforms/__testfixtures__/session-state-to-handles/kept-sse-registry-marker.input.ts');
    const { json } = await migrate({ 'server.ts': fs.readFileSync(fixture, 'utf8') });
    const marked = json.stores.filter((s) => s.markedAt);
    expect(marked.map((s) => s.store).sort()).toEqual(['sseSessions', 'streamableSessions']);
    for (const store of marked) {
      const { file, line, ruleId } = store.markedAt!;
      expect(json.manual.filter((m) => m.file === file && m.line === line && m.ruleId === ruleId), store.store).toHaveLength(1);
    }
  });
});

describe('MIGRATION.md says what a transform did in each file', () => {
  it('a background sendLoggingMessage turned into a stderr line is said as that, not as the request-scoped log (sweep 11 J8)', async () => {
    const server = `import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

function createServer() {
  const server = new McpServer({ name: 'tags', version: '1.0.0' }, { capabilities: { logging: {} } });
  async function autoTag(entryId: string) {
    void server.server.sendLoggingMessage({ level: 'info', data: { message: 'auto-applied tags', entryId } });
  }
  server.registerTool('create_entry', { description: 'Creates an entry.' }, async () => {
    const id = String(Date.now());
    void autoTag(id);
    return { content: [{ type: 'text', text: id }] };
  });
  return server;
}

const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const server = createServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.listen(3000);
`;
    const dir = tempTree({ 'package.json': PACKAGE, 'src/server.ts': server });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, dryRun: true, typecheck: false });
    const markdown = renderMarkdown(result, { date: new Date(0) });
    const section = markdown.slice(markdown.indexOf('#### `src/server.ts`'));
    expect(section).toContain('- `logging-to-request-scope`: background sendLoggingMessage → a stderr line (marked); the logging capability removed');
    expect(section.slice(0, section.indexOf('\n#### ') > 0 ? section.indexOf('\n#### ') : undefined)).not.toContain('ctx.mcpReq.log; v1: extra.sendNotification');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a logging capability removed from a server that sends no log message is said as that (sweep 23 W5)', async () => {
    const server = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {}, logging: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
await server.connect(new StdioServerTransport());
`;
    const dir = tempTree({ 'package.json': PACKAGE, 'src/server.ts': server });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['logging-to-request-scope'] });
    const markdown = renderMarkdown(result, { date: new Date(0) });
    const section = markdown.slice(markdown.indexOf('#### `src/server.ts`'));
    expect(section).toContain('- `logging-to-request-scope`: the logging capability removed: nothing in the server sends a log message');
    expect(section).not.toContain('sendLoggingMessage → the request-scoped log');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
