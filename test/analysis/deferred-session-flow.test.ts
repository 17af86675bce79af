/**
 * `apply` plans each transform from a fresh analysis, and most transforms never read the session
 * id's flow (`analysis.sessions`, `analysis.stores`): it runs when first read (`deferSessionFlow`),
 * and a deferred flow must give what an eager one gives. `scan` keeps it eager.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { SessionFlow } from '../../src/analysis/session-flow.js';
import { runApply } from '../../src/apply/apply.js';
import { inMemoryResolver, type Files } from '../support/rule-tester.js';
import { tempTree } from '../support/temp-tree.js';

const ROOT = '/project';

function analysisInput(project: Files) {
  const files = new Map(Object.entries(project).map(([rel, text]) => [`${ROOT}/${rel}`, text]));
  return { files, resolve: inMemoryResolver(files), relative: (abs: string) => path.posix.relative(ROOT, abs) };
}

/** A tool keeping per-session state (a session-keyed store), and an HTTP server logging in the background. */
const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'carts', version: '1.0.0' });
const carts = new Map<string, string[]>();

server.registerTool('add', { inputSchema: { item: z.string() } }, async ({ item }, extra) => {
  const cart = carts.get(extra.sessionId!) ?? [];
  cart.push(item);
  carts.set(extra.sessionId!, cart);
  return { content: [{ type: 'text', text: cart.join(', ') }] };
});

setInterval(() => {
  void server.server.sendLoggingMessage({ level: 'info', data: 'still here' });
}, 1000);
`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the session flow, deferred', () => {
  it('runs when first read, once, and finds what an eager flow finds', () => {
    const run = vi.spyOn(SessionFlow.prototype, 'run');
    const deferred = analyze(analysisInput({ 'src/server.ts': SERVER }), { deferSessionFlow: true });
    expect(run).not.toHaveBeenCalled();
    const stores = deferred.analysis.stores;
    expect(run).toHaveBeenCalledTimes(1);
    void deferred.analysis.sessions;
    expect(run).toHaveBeenCalledTimes(1);

    const eager = analyze(analysisInput({ 'src/server.ts': SERVER }));
    expect(run).toHaveBeenCalledTimes(2);
    const described = (models: typeof stores) => models.map((m) => `${m.store.name} ${m.store.kind} ${m.tools.map((t) => t.name).join(',')}`);
    expect(described(stores)).toEqual(['carts state add']);
    expect(described(stores)).toEqual(described(eager.analysis.stores));
    expect(deferred.analysis.sessions.reads.length).toBe(eager.analysis.sessions.reads.length);
  });

  it('puts the failures of a deferred flow where an eager flow puts them, before the later diagnostics', () => {
    vi.spyOn(SessionFlow.prototype as unknown as { collectReads(file: unknown): void }, 'collectReads').mockImplementation(() => {
      throw new Error('flow failed');
    });
    const project = { 'src/broken.ts': 'const x = ;\n', 'src/server.ts': SERVER };
    const eager = analyze(analysisInput(project));
    const deferred = analyze(analysisInput(project), { deferSessionFlow: true });
    void deferred.analysis.sessions;
    expect(eager.diagnostics.map((d) => `${d.file} ${d.kind}`)).toEqual(['src/broken.ts parse-error', 'src/broken.ts analysis-error', 'src/server.ts analysis-error']);
    expect(deferred.diagnostics).toEqual(eager.diagnostics);
  });

  it('is not run for a transform that does not read it: apply runs it once, to judge what is left', async () => {
    const root = tempTree({ 'src/server.ts': SERVER });
    const run = vi.spyOn(SessionFlow.prototype, 'run');
    const result = await runApply({ paths: [root], cwd: root, transforms: ['logging-to-request-scope'], dryRun: true, typecheck: false });
    expect(result.remaining.some((f) => f.rule.meta.id === 'session-state/keyed-store')).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
