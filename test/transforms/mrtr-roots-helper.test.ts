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
import { parseMarkers } from '../../src/markers.js';

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

describe('a helper a test calls (sweep 20 T4)', () => {
  // A v2 low-level server whose tools/call handler names its tool, a helper asking the client for a summary, and a test
  // calling the helper with a mock server and asserting on the mock.
  const files = {
    'src/sampling.ts': `import type { Server } from '@modelcontextprotocol/server';
export async function smartSummarize(text: string, server: Server): Promise<string> {
  const response = await server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 100 });
  return response.content.type === 'text' ? response.content.text : '';
}
`,
    'src/server.ts': `import { Server } from '@modelcontextprotocol/server';
import { smartSummarize } from './sampling.js';
export function createServer(): Server {
  const server = new Server({ name: 's', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', async (request) => {
    switch (request.params.name) {
      case 'smart_summarize':
        return { content: [{ type: 'text' as const, text: await smartSummarize(String(request.params.arguments?.text), server) }] };
      default:
        throw new Error('unknown tool');
    }
  });
  return server;
}
`,
    'tests/sampling.test.ts': `import { expect, test, vi } from 'vitest';
import type { Server } from '@modelcontextprotocol/server';
import { smartSummarize } from '../src/sampling.js';
test('asks the client', async () => {
  const server = { createMessage: vi.fn(async () => ({ content: { type: 'text', text: 'short' } })) } as unknown as Server;
  expect(await smartSummarize('long', server)).toBe('short');
  expect((server.createMessage as ReturnType<typeof vi.fn>)).toHaveBeenCalledTimes(1);
});
`,
  };

  it('is not a call outside any request, and the assertion on the mock is no sender handed on', async () => {
    const dir = tempTree(files);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sampling-elicitation-to-mrtr'] });
    const helper = fs.readFileSync(path.join(dir, 'src/sampling.ts'), 'utf8');
    expect(helper).toContain('sent from `smartSummarize`, which the tool `smart_summarize` calls, not from a request handler itself');
    expect(helper).not.toContain('also runs outside any request');
    expect(fs.readFileSync(path.join(dir, 'tests/sampling.test.ts'), 'utf8')).toBe(files['tests/sampling.test.ts']);
    expect(result.markers.map((m) => path.relative(dir, m.file))).toEqual(['src/sampling.ts']);
  });
});

describe('an input request no handler is found around (sweep 30 AD3)', () => {
  it('names the raw request and the factory whose returned function sends it, with the helper advice', async () => {
    const code = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
type Ask = (message: string) => Promise<string | undefined>;
export function requestElicitation(server: Server): Ask {
  return async (message: string) => {
    const res = await server.request({ method: 'elicitation/create', params: { message, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } }, ElicitResultSchema);
    return res.action === 'accept' ? String(res.content?.name) : undefined;
  };
}
async function handleAskName(_args: unknown, ask: Ask) {
  const name = await ask('Your name?');
  return { content: [{ type: 'text' as const, text: name ?? 'no answer' }] };
}
const handlers: Record<string, (args: unknown, ask: Ask) => Promise<{ content: Array<{ type: 'text'; text: string }> }>> = { ask_name: handleAskName };
export function createServer(): Server {
  const server = new Server({ name: 'ask', version: '1.0.0' }, { capabilities: { tools: {} } });
  const ask = requestElicitation(server);
  server.setRequestHandler(CallToolRequestSchema, async ({ params: { name, arguments: args } }) => handlers[name]!(args, ask));
  return server;
}
`;
    const dir = tempTree({ 'server.ts': code });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sampling-elicitation-to-mrtr'] });
    const [marker] = parseMarkers(fs.readFileSync(path.join(dir, 'server.ts'), 'utf8'));
    expect(marker!.message).toContain('Elicitation (a raw elicitation/create request) sent from the function `requestElicitation()` returns, which the tools/call handler reads as a value (`ask`) and may run in its request');
    expect(marker!.message).not.toContain('outside a request handler');
    expect(marker!.message).toContain('a helper cannot return that for it. Have the helper tell the handler what to ask');
  });
});
