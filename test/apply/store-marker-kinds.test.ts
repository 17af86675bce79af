/**
 * One store, one marker: the rules that report a session-keyed store at its declaration (keyed-store,
 * transport-registry, per-session-server) each fit one kind of store, and the kind can change when other code does.
 * metamcp: `sessionTimestamps` was keyed by an HTTP+SSE endpoint's ids too (application state: a keyed-store
 * marker); once `--modern-only` removed that endpoint it was keyed by the `Mcp-Session-Id` header alone (the HTTP
 * layer's record: transport-registry), and a second run stacked a transport-registry marker on it. The code below is
 * that second state, written for this test: a keyed-store marker on a header-only record of sessions.
 */
import { describe, expect, it } from 'vitest';
import { markerInsertion } from '../../src/markers.js';
import { scan } from '../../src/scan.js';
import { tempTree } from '../support/temp-tree.js';

const PACKAGE = JSON.stringify({ name: 'records', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', express: '^5.0.0' } });
const KEYED_MARKER = '// @mcp-migrate-todo(session-state/keyed-store): `lastSeen` records when each session was last used: bookkeeping of the session, not state a tool reads back.';

const SERVER = `import express from 'express';
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

const app = express();
app.use(express.json());
const transports: Record<string, StreamableHTTPServerTransport> = {};
MARK
const lastSeen = new Map<string, number>();

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId) lastSeen.set(sessionId, Date.now());
  let transport = sessionId ? transports[sessionId] : undefined;
  if (!transport) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        transports[id] = transport!;
      },
    });
    const server = new McpServer({ name: 'records', version: '1.0.0' });
    await server.connect(transport);
  }
  await transport.handleRequest(req, res, req.body);
});

setInterval(() => {
  for (const [id, at] of lastSeen) if (Date.now() - at > 60_000) lastSeen.delete(id);
}, 10_000);

app.listen(3000);
`;

async function findingsAt(text: string, line: number) {
  const dir = tempTree({ 'package.json': PACKAGE, 'src/index.ts': text });
  const report = await scan({ paths: [dir] });
  return report.findings.filter((f) => f.line === line).map((f) => f.ruleId);
}

describe('one store, one marker', () => {
  it('without a marker, the header-only record of sessions is a transport-registry finding', async () => {
    expect(await findingsAt(SERVER.replace('MARK\n', ''), 9)).toEqual(['session-transport/transport-registry']);
  });

  it('a keyed-store marker on it stands for that finding: scan reports the marker alone', async () => {
    const text = SERVER.replace('MARK', KEYED_MARKER);
    expect(await findingsAt(text, 9)).toEqual(['session-state/keyed-store']);
    expect(await findingsAt(text, 10)).toEqual([]);
  });

  it('a run that would mark the store as a registry adds nothing beside the keyed-store marker', () => {
    const text = SERVER.replace('MARK', KEYED_MARKER);
    const at = text.indexOf('const lastSeen');
    expect(markerInsertion(text, at, 'session-transport/transport-registry', 'a record per session kept by the HTTP layer')).toBeUndefined();
    // A marker of another kind of site is still added (a store marker does not stand for a header read).
    expect(markerInsertion(text, at, 'session-transport/session-header', 'drop the header')).toBeDefined();
  });
});

describe('a rate limit counted per session in a tools/call dispatcher (sweep 10 recheck N3)', () => {
  it('is told to key by the caller, not to mint a handle', async () => {
    const { runApply } = await import('../../src/apply/apply.js');
    const dir = tempTree({
      'package.json': JSON.stringify({ name: 'quota', type: 'module', dependencies: { '@modelcontextprotocol/server': '^2.4.0' } }),
      'src/server.ts': `import { Server } from '@modelcontextprotocol/server';
const callCounts = new Map<string, number>();
export function createServer() {
  const server = new Server({ name: 'quota', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const sid = ctx.sessionId ?? 'stdio';
    callCounts.set(sid, (callCounts.get(sid) ?? 0) + 1);
    if ((callCounts.get(sid) ?? 0) > 100) throw new Error('rate limited');
    return { content: [{ type: 'text', text: request.params.name }] };
  });
  return server;
}
`,
    });
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, dryRun: true, typecheck: false, transforms: ['session-state-to-handles'] });
    const marker = result.markers.find((m) => m.ruleId === 'session-state/keyed-store');
    expect(marker?.message).toContain("key it by the caller's identity");
    expect(marker?.message).not.toContain('create_<noun>');
  });
});
