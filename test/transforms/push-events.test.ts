/**
 * server-push-markers' rewrite of list-changed / resource-updated sends to the project's change-event bus
 * (publishServerEvent in a generated mcp-server-events module), driven by the folder cases in
 * transforms/__testfixtures__/server-push-markers/<case>/{input,output}/ (the single-file cases there are
 * protocol.test.ts's). For each case: input and expected output type-check against the real SDK packages;
 * `runApply` with only this transform gives exactly the expected tree and markers; a second run changes
 * nothing; the actual output type-checks. Plus the limits: SDK 1.x and --target stateless-v1 keep the marker.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { parseMarkers } from '../../src/markers.js';
import { cleanUpMaterialised, loadFixtureCases, materialise, prepareTypeChecks, readTree, ROOT, typeCheck } from '../support/transform-fixtures.js';
import { removeTempTrees, tempTree } from '../support/temp-tree.js';

const TRANSFORM = 'server-push-markers';
const DIR = path.join(ROOT, 'transforms', '__testfixtures__', TRANSFORM);
const cases = loadFixtureCases(DIR).filter((c) => fs.statSync(path.join(DIR, c.name), { throwIfNoEntry: false })?.isDirectory());

const markersOf = (files: ReadonlyMap<string, string>) => [...files.keys()].sort().flatMap((rel) => parseMarkers(files.get(rel)!).map((m) => `${rel} ${m.ruleId}`));

describe('server-push-markers: sends → the change-event bus (folder cases)', () => {
  afterAll(() => {
    cleanUpMaterialised();
    removeTempTrees();
  });
  beforeAll(() => prepareTypeChecks('push-events', cases.flatMap((c) => [c.input, c.output])), 600_000);

  it('has TS and JS cases', () => {
    expect(cases.some((c) => [...c.input.keys()].some((f) => f.endsWith('.ts')))).toBe(true);
    expect(cases.some((c) => [...c.input.keys()].some((f) => f.endsWith('.js')))).toBe(true);
  });

  for (const c of cases) {
    describe(c.name, () => {
      let dir: string | undefined;
      const run = async () => {
        if (dir) return dir;
        dir = materialise(`${c.name}-run`, c.input);
        const first = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM], transformOptions: {} });
        expect(first.failures).toEqual([]);
        return dir;
      };

      it('input and expected output type-check against the SDK packages', () => {
        expect(typeCheck(materialise(`${c.name}-in`, c.input))).toBe('');
        expect(typeCheck(materialise(`${c.name}-exp`, c.output))).toBe('');
      });

      it('apply gives the expected tree and markers, then nothing on a second run', async () => {
        const out = await run();
        const actual = readTree(out);
        actual.delete('package.json');
        actual.delete('MIGRATION.md');
        expect([...actual.keys()].sort()).toEqual([...c.output.keys()].sort());
        for (const [rel, text] of c.output) expect(actual.get(rel), rel).toBe(text);
        expect(markersOf(actual)).toEqual(markersOf(c.output));
        const second = await runApply({ paths: [out], cwd: out, allowDirty: true, typecheck: false, transforms: [TRANSFORM], transformOptions: {} });
        expect(second.failures).toEqual([]);
        expect(second.changes.map((ch) => path.relative(out, ch.file)).filter((f) => f !== 'MIGRATION.md')).toEqual([]);
      });

      it("apply's output type-checks against the SDK packages", async () => {
        const out = await run();
        const tree = readTree(out);
        tree.delete('MIGRATION.md');
        expect(typeCheck(materialise(`${c.name}-out`, tree))).toBe('');
      });
    });
  }
});

describe('server-push-markers: where the bus is not the answer', () => {
  const V2 = `import { McpServer } from '@modelcontextprotocol/server';
export function touch(server: McpServer, uri: string) {
  return server.server.sendResourceUpdated({ uri });
}
`;
  async function applied(files: Record<string, string>, target?: 'stateless-v1'): Promise<Map<string, string>> {
    const dir = tempTree(files);
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: [TRANSFORM], transformOptions: target ? { target } : {} });
    return readTree(dir);
  }

  it('rewrites a v2 send (the case the limits below differ from)', async () => {
    const out = await applied({ 'server.ts': V2 });
    expect(out.get('server.ts')).toContain("return publishServerEvent(server.server, { kind: 'resource_updated', uri });");
    expect(out.has('mcp-server-events.ts')).toBe(true);
  });

  it('keeps the marker on --target stateless-v1 (SDK 1.x has no subscriptions/listen)', async () => {
    const out = await applied({ 'server.ts': V2.replace("'@modelcontextprotocol/server'", "'@modelcontextprotocol/sdk/server/mcp.js'") }, 'stateless-v1');
    expect(out.get('server.ts')).toContain('@mcp-migrate-todo(server-push/change-notification)');
    expect(out.has('mcp-server-events.ts')).toBe(false);
  });

  it('keeps the marker while a file of the program is still on SDK 1.x', async () => {
    const out = await applied({ 'server.ts': V2, 'legacy.ts': "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport const legacy = new McpServer({ name: 'l', version: '1' });\n" });
    expect(out.get('server.ts')).toContain('@mcp-migrate-todo(server-push/change-notification)');
    expect(out.has('mcp-server-events.ts')).toBe(false);
  });

  it('keeps the marker on a raw notification carrying more than the event (params beyond uri)', async () => {
    const out = await applied({
      'server.ts': `import { McpServer } from '@modelcontextprotocol/server';
export function touch(server: McpServer, uri: string) {
  return server.server.notification({ method: 'notifications/resources/updated', params: { uri, _meta: { origin: 'watcher' } } });
}
`,
    });
    expect(out.get('server.ts')).toContain('@mcp-migrate-todo(server-push/change-notification)');
    expect(out.get('server.ts')).toContain("method: 'notifications/resources/updated'");
  });

  it('keeps and marks a send in a loop over the session registry (each subscribed 2025-era session); the same send outside the loop is published (sweep 25 Y5)', async () => {
    const registry = `import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const sessions = new Map<string, { server: McpServer; subscriptions: Set<string> }>();
export function open(server: McpServer) {
  return new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      sessions.set(id, { server, subscriptions: new Set() });
    },
  });
}
export function changed(uri: string, main: McpServer) {
  for (const id of sessions.keys()) {
    const session = sessions.get(id)!;
    if (session.subscriptions.has(uri)) void session.server.server.sendResourceUpdated({ uri });
  }
  sessions.forEach((session) => {
    void session.server.server.sendResourceListChanged();
  });
  void main.server.sendResourceUpdated({ uri });
}
`;
    const out = (await applied({ 'server.ts': registry })).get('server.ts')!;
    const markers = parseMarkers(out).filter((m) => m.ruleId === 'server-push/change-notification');
    expect(markers.map((m) => m.message.slice(0, 60))).toEqual(['sent to each 2025-era session of the registry this loop walk', 'sent to each 2025-era session of the registry this loop walk']);
    expect(out).toContain('void session.server.server.sendResourceUpdated({ uri });');
    expect(out).toContain('void session.server.server.sendResourceListChanged();');
    expect(out).toContain("void publishServerEvent(main.server, { kind: 'resource_updated', uri });");
  });

  it('publishes a send in a loop over one session\'s entries (a lookup in the registry, not the registry walked; review 37 R4)', async () => {
    const code = `import { McpServer } from '@modelcontextprotocol/server';
const subscriptions = new Map<string, Set<string>>();
export function subscribe(server: McpServer) {
  server.registerTool('watch', { description: 'Watch a file' }, async (ctx) => {
    const sid = ctx.sessionId!;
    if (!subscriptions.has(sid)) subscriptions.set(sid, new Set());
    subscriptions.get(sid)!.add('file:///a');
    return { content: [] };
  });
}
export function refresh(server: McpServer, sid: string) {
  for (const uri of subscriptions.get(sid) ?? []) {
    void server.server.sendResourceUpdated({ uri });
  }
}
`;
    const out = (await applied({ 'server.ts': code })).get('server.ts')!;
    expect(out).toContain("void publishServerEvent(server.server, { kind: 'resource_updated', uri });");
    expect(out).not.toContain('sent to each 2025-era session');
  });
});
