/**
 * apply's write safety, in-process: a file changed on disk after it was read is not overwritten,
 * and then nothing else is written either (no half migration).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runApply } from '../../src/apply/apply.js';
import { tempTree } from '../support/temp-tree.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const notes = new Map<string, string[]>();
export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.tool('add_note', { text: z.string() }, async ({ text }, extra) => {
    const list = notes.get(extra.sessionId ?? '') ?? [];
    list.push(text);
    notes.set(extra.sessionId ?? '', list);
    return { content: [{ type: 'text', text: String(list.length) }] };
  });
  return server;
}
`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('apply write safety', () => {
  it('does not overwrite a file that changed on disk after it was read', async () => {
    const dir = tempTree({ 'src/server.ts': SERVER });
    const file = path.join(dir, 'src/server.ts');
    const realRead = fs.readFileSync;
    let reads = 0;
    // The first read is the analysis; the check before writing reads again and sees an edit.
    vi.spyOn(fs, 'readFileSync').mockImplementation(((target: fs.PathOrFileDescriptor, options?: unknown) => {
      if (target === file && ++reads > 1) return `${SERVER}// edited meanwhile\n`;
      return (realRead as (t: fs.PathOrFileDescriptor, o?: unknown) => string | Buffer)(target, options);
    }) as typeof fs.readFileSync);
    const result = await runApply({ paths: [dir], cwd: dir, allowDirty: true });
    expect(result.skippedChanged).toEqual([file]);
    expect(result.written).toBe(false);
    vi.restoreAllMocks();
    // Nothing is written, not even the new module: the edits across files belong together.
    expect(fs.readFileSync(file, 'utf8')).toBe(SERVER);
    expect(fs.existsSync(path.join(dir, 'src/mcp-handles.ts'))).toBe(false);
  });

  it('a dry run computes the same changes and writes nothing', async () => {
    const dir = tempTree({ 'src/server.ts': SERVER });
    const result = await runApply({ paths: [dir], cwd: dir, dryRun: true });
    expect(result.written).toBe(false);
    expect(result.changes.map((c) => path.relative(dir, c.file)).sort()).toEqual(['src/mcp-handles.ts', 'src/server.ts']);
    expect(fs.readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(SERVER);
    expect(fs.existsSync(path.join(dir, 'src/mcp-handles.ts'))).toBe(false);
  });
});
