import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionsEnforced, tempTree } from '../support/temp-tree.js';
import type { DiscoveredFile } from '../../src/discovery/discover.js';
import { readSourceFile } from '../../src/discovery/read.js';

const dir = tempTree({}, 'mcp-migrate-read-');

function file(name: string, bytes: Buffer | string): DiscoveredFile {
  const absPath = path.join(dir, name);
  fs.writeFileSync(absPath, bytes);
  return { absPath, relPath: `src/${name}`, size: fs.statSync(absPath).size };
}



describe('readSourceFile', () => {
  it('returns UTF-8 text', () => {
    expect(readSourceFile(file('a.ts', 'const s = "héllo ✓";\n'))).toEqual({ text: 'const s = "héllo ✓";\n', bom: false });
  });

  it('strips a BOM and says it was there', () => {
    const result = readSourceFile(file('bom.ts', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('x;')])));
    expect(result).toEqual({ text: 'x;', bom: true });
  });

  it('reads an empty file', () => {
    expect(readSourceFile(file('empty.ts', ''))).toEqual({ text: '', bom: false });
  });

  it('flags a NUL byte in the first 8 KiB as binary', () => {
    const result = readSourceFile(file('bin.js', Buffer.from([0x63, 0x6f, 0x00, 0x6e, 0x73, 0x74])));
    expect(result).toEqual({ diagnostic: expect.objectContaining({ file: 'src/bin.js', kind: 'binary' }) });
  });

  it('flags mostly-invalid UTF-8 as binary', () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = 0x80 + (i % 0x7f); // high bytes, no NUL
    const result = readSourceFile(file('noise.js', bytes));
    expect('diagnostic' in result && result.diagnostic.kind).toBe('binary');
  });

  it('keeps a file with a stray Latin-1 byte as text', () => {
    const bytes = Buffer.concat([Buffer.from('// caf'), Buffer.from([0xe9]), Buffer.from('\nexport const x = 1;\n'.repeat(20))]);
    const result = readSourceFile(file('latin1.ts', bytes));
    expect('text' in result && result.text.startsWith('// caf\ufffd')).toBe(true);
  });

  it('reports UTF-16 as binary with a clear message', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('x = 1', 'utf16le')]);
    const result = readSourceFile(file('utf16.ts', bytes));
    expect(result).toEqual({ diagnostic: expect.objectContaining({ kind: 'binary', message: expect.stringMatching(/UTF-16/) }) });
  });

  it('reports a vanished file as unreadable', () => {
    const f: DiscoveredFile = { absPath: path.join(dir, 'gone.ts'), relPath: 'gone.ts', size: 1 };
    expect(readSourceFile(f)).toEqual({ diagnostic: expect.objectContaining({ file: 'gone.ts', kind: 'unreadable' }) });
  });

  it.skipIf(!permissionsEnforced)('reports a permission-denied file as unreadable', () => {
    const f = file('locked.ts', 'x');
    fs.chmodSync(f.absPath, 0o000);
    const result = readSourceFile(f);
    fs.chmodSync(f.absPath, 0o600);
    expect(result).toEqual({
      diagnostic: expect.objectContaining({ kind: 'unreadable', message: expect.stringMatching(/permission denied/) }),
    });
  });

  it('reads a file that shrank since discovery took its size to its end, and a large one whole', () => {
    const shrunk = file('shrunk.ts', 'export const a = 1;\n');
    fs.writeFileSync(shrunk.absPath, 'x;\n');
    expect(readSourceFile(shrunk)).toEqual({ text: 'x;\n', bom: false });
    // Larger than one read of the kernel's: the loop reads on until it has the whole file.
    const text = `${'// line of padding ✓\n'.repeat(200_000)}export {};\n`;
    expect(readSourceFile(file('large.ts', text))).toEqual({ text, bom: false });
  });

  it('reports a directory where a file was discovered as unreadable', () => {
    const absPath = path.join(dir, 'now-a-dir.ts');
    fs.mkdirSync(absPath);
    expect(readSourceFile({ absPath, relPath: 'src/now-a-dir.ts', size: 10 })).toEqual({
      diagnostic: expect.objectContaining({ kind: 'unreadable', message: expect.stringMatching(/EISDIR/) }),
    });
  });
});
