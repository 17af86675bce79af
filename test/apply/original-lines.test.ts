/** Lines of a held-back migration's text mapped to the file as it is (src/apply/typecheck/original-lines.ts, sweep 22 V3). */
import { describe, expect, it } from 'vitest';
import { onOriginalLines, originalLine } from '../../src/apply/typecheck/original-lines.js';
import type { NewTypeError } from '../../src/apply/typecheck/check.js';

const before = ['import {', '  A,', '  B,', '  C,', "} from 'sdk';", '', 'const x = 1;', 'handler(A);', 'export { x };', ''].join('\n');
const after = ["import { A, B, C } from 'sdk2';", '', 'const x = 1;', 'handler(A);', 'export { x };', ''].join('\n');

describe('originalLine', () => {
  it('maps a line the migration left as it was to its place in the original', () => {
    expect(originalLine(before, after, 4)).toBe(8);
    expect(originalLine(before, after, 3)).toBe(7);
  });
  it('maps a line the migration wrote to where the lines it replaced begin', () => {
    expect(originalLine(before, after, 1)).toBe(1);
  });
  it('maps an inserted line to the line it was inserted before', () => {
    const inserted = before.replace('const x = 1;', '// note\nconst x = 1;');
    expect(originalLine(before, inserted, 7)).toBe(7);
    expect(originalLine(before, inserted, 8)).toBe(7);
    expect(originalLine(before, inserted, 9)).toBe(8);
  });
  it('is the identity on an unchanged text', () => {
    expect(originalLine(before, before, 5)).toBe(5);
  });
});

describe('onOriginalLines', () => {
  const error: NewTypeError = { file: 'server.ts', line: 4, column: 3, code: 2769, message: 'No overload matches this call.', transforms: ['sdk-v2'], cause: 'changed-file', advice: 'fix it by hand' };
  it('points at the user\'s line in the file as this run writes it: below the markers it inserts (sweep 23 W7)', () => {
    const written = before.replace('handler(A);', '// @mcp-migrate-todo(x): one\n// @mcp-migrate-todo(x): two\nhandler(A);');
    const [mapped] = onOriginalLines([error], new Map([['server.ts', { before, after, written }]]));
    expect(mapped!.line).toBe(10);
    expect(written.split('\n')[9]).toBe('handler(A);');
  });
  it('points at the line on disk when this run writes nothing to the file', () => {
    const [mapped] = onOriginalLines([error], new Map([['server.ts', { before, after }]]));
    expect(mapped!.line).toBe(8);
  });
});
