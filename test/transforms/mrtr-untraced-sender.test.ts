/**
 * How the marker of an input request no handler is found around names where it is sent from (review 39c T6, sweep 30
 * AD3): each kind of sender by the name a reader looks for, and a sender a handler reads as a value followed to it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { removeTempTrees, tempTree } from '../support/temp-tree.js';
import { parseMarkers } from '../../src/markers.js';

afterAll(removeTempTrees);

const ELICIT = `{ message: 'x', requestedSchema: { type: 'object', properties: {} } }`;
const SAMPLE = `{ messages: [{ role: 'user', content: { type: 'text', text: 'x' } }], maxTokens: 1 }`;

const code = `import { McpServer } from '@modelcontextprotocol/server';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new McpServer({ name: 't6', version: '1.0.0' });
class Asker {
  constructor() {
    void server.server.listRoots().then((r) => console.log(r.roots));
  }
  get roots() {
    return server.server.listRoots();
  }
  async sample() {
    const r = await server.server.createMessage(${SAMPLE});
    return r.content;
  }
}
(async () => {
  const r = await server.server.request({ method: 'elicitation/create', params: ${ELICIT} }, ElicitResultSchema);
  console.log(r);
})();
export function startPolling() {
  setInterval(async () => {
    const r = await server.server.createMessage(${SAMPLE});
    console.log(r);
  }, 1000);
}
const table: Record<string, (a: string) => Promise<unknown>> = {
  confirm: async (a) => {
    const r = await server.server.elicitInput({ message: a, requestedSchema: { type: 'object', properties: {} } });
    return r.action;
  },
};
const unusedTable = {
  async check() {
    const r = await server.server.elicitInput(${ELICIT});
    return r.action;
  },
};
server.registerTool('go', { description: 'go' }, async () => {
  await table['confirm']!('x');
  return { content: [{ type: 'text', text: 'ok' }] };
});
export { Asker, unusedTable };
`;

describe('the sender of an untraced input request', () => {
  it('is named by what it is, and a table a tool reads leads to that tool', async () => {
    const dir = tempTree({ 'server.ts': code });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sampling-elicitation-to-mrtr'] });
    const text = fs.readFileSync(path.join(dir, 'server.ts'), 'utf8');
    const from = parseMarkers(text).map((m) => m.message.replace(/:\s*on 2026-07-28[\s\S]*$/, '').replace(/, fire-and-forget[\s\S]*$/, ''));
    expect(from).toEqual([
      expect.stringContaining('Roots (listRoots) sent from the constructor of `Asker`, which no request handler'),
      expect.stringContaining('Roots (listRoots) sent from the getter `Asker.roots`, which no request handler'),
      expect.stringContaining('Sampling (createMessage) sent from `sample`, which no request handler'),
      'Elicitation (a raw elicitation/create request) sent outside a request handler, at start-up (in a function called where it is written)',
      'Sampling (createMessage) sent from a timer (`setInterval`) in `startPolling`, which runs on its own schedule, outside any request',
      'Elicitation (elicitInput) sent from `table.confirm`, which the tool `go` reads as a value (`table`) and may run in its request, not from a request handler itself',
      expect.stringContaining('Elicitation (elicitInput) sent from `unusedTable.check`, which no request handler'),
    ]);
    const markers = parseMarkers(text);
    // Start-up code, a timer and a constructor are nobody's helper; a table entry a tool runs is that tool's.
    expect(markers[3]!.message).not.toContain('A helper cannot return that');
    expect(markers[4]!.message).not.toContain('A helper cannot return that');
    expect(markers[0]!.message).not.toContain('A helper cannot return that');
    expect(markers[5]!.message).toContain('a helper cannot return that for it. Have the helper tell the handler what to ask');
    expect(markers[6]!.message).toContain('A helper cannot return that for its handler');
  });

  it('a callback inside an unnamed function is not "at module level" (review 40b S40-9)', async () => {
    const dir = tempTree({ 'server.ts': `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 's9', version: '1.0.0' });
export default () => {
  process.on('SIGUSR2', async () => {
    const r = await server.server.listRoots();
    console.log(r.roots);
  });
};
` });
    await runApply({ paths: [dir], cwd: dir, allowDirty: true, typecheck: false, transforms: ['sampling-elicitation-to-mrtr'] });
    const [marker] = parseMarkers(fs.readFileSync(path.join(dir, 'server.ts'), 'utf8'));
    expect(marker!.message).toContain('sent from a callback in an unnamed function');
  });
});
