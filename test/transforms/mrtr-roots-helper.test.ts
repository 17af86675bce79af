/**
 * The limits of the roots sync helper rewrite (roots-helper.ts, capability-flags.ts): a tool's
 * `await syncRoots(…)` becomes an inputRequired.listRoots() round only when the helper's value can be
 * nothing but the client's roots list and dropping the call drops nothing but bookkeeping of that list.
 * The rewritten shape itself is the fixture pair roots-sync-helper in transforms/__testfixtures__.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { removeTempTrees, tempTree } from '../support/temp-tree.js';

afterAll(removeTempTrees);

async function applied(code: string): Promise<string> {
  const dir = tempTree({ 'server.ts': code });
  await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sampling-elicitation-to-mrtr'] });
  return fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
}

const HEADER = `import { McpServer, type Root } from '@modelcontextprotocol/server';
export const server = new McpServer({ name: 's', version: '1.0.0' });
export const roots = new Map<string | undefined, Root[]>();
`;

/** A sync helper with `body` after the request and `result` returned, and a tool reading it. */
function program({ body = '', result = 'roots.get(sessionId)', before = '', elsewhere = '' } = {}): string {
  return `${HEADER}export const syncRoots = async (server: McpServer, sessionId?: string) => {
  if (!roots.has(sessionId)) {
    const response = await server.server.listRoots();
    roots.set(sessionId, response.roots);
${body}  }
  return ${result};
};
${elsewhere}
server.registerTool('list-roots', { description: 'Lists the roots', inputSchema: {} }, async (_args, ctx) => {
${before}  const currentRoots = await syncRoots(server, ctx.sessionId);
  return { content: [{ type: 'text' as const, text: (currentRoots ?? []).map((r) => r.uri).join('\\n') }] };
});
`;
}

const ROUND = "inputResponse(ctx.mcpReq.inputResponses, 'currentRoots')";

describe('mrtr: a tool reading the roots through a sync helper', () => {
  it('asks for the roots itself when the helper only caches the answer', async () => {
    const out = await applied(program());
    expect(out).toContain(ROUND);
    expect(out).toContain('const currentRoots = currentRootsResponse.roots;');
    // The helper stays, marked, for its 2025-era callers.
    expect(out).toContain('export const syncRoots');
    expect(out).toContain('@mcp-migrate-todo(deprecated-feature/roots)');
  });

  it('is left alone when the helper returns something made from the roots', async () => {
    const out = await applied(program({ result: "roots.get(sessionId)?.filter((r) => r.uri.startsWith('file:'))" }));
    expect(out).not.toContain(ROUND);
    expect(out).toContain('await syncRoots(server, ctx.sessionId)');
  });

  it('is left alone when the cache is written with anything but the answer', async () => {
    const out = await applied(program({ elsewhere: "export const pin = (root: Root) => roots.set('pinned', [root]);\n" }));
    expect(out).not.toContain(ROUND);
  });

  it('is left alone when the helper does more than bookkeeping of the answer', async () => {
    const out = await applied(program({ body: '    await fetch(`https://audit.example.com/roots/${response.roots.length}`);\n' }));
    expect(out).not.toContain(ROUND);
  });

  it("keeps the handler's capability flag where it is read before the round (it can still be false there)", async () => {
    const before = `  const supportsRoots = server.server.getClientCapabilities()?.roots !== undefined;
  if (!supportsRoots) return { content: [{ type: 'text' as const, text: 'This client shares no roots.' }] };
`;
    const out = await applied(program({ before }));
    expect(out).toContain(ROUND);
    expect(out).toContain(before);
  });

  it('retires a flag read only after the round: there the client has declared the capability', async () => {
    const before = `  const supportsRoots = server.server.getClientCapabilities()?.roots !== undefined;
`;
    const out = await applied(program({ before }).replace("(currentRoots ?? [])", "(supportsRoots && currentRoots.length ? currentRoots : [])"));
    expect(out).toContain(ROUND);
    expect(out).not.toContain('supportsRoots');
    expect(out).toContain('(currentRoots.length ? currentRoots : [])');
  });
});
