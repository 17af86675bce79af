/**
 * The order `vitest run` starts its files in (test/support/sequencer.ts): the known long files first,
 * longest first, every other file after them in vitest's own order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONG_FILES, longestFirst } from './support/sequencer.js';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('longest-first test file order', () => {
  it('puts the listed files first, longest first, and keeps the order of the others', () => {
    const files = ['test/a.test.ts', 'test/e2e/verify-hand.e2e.test.ts', 'test/b.test.ts', 'test/package/pack.test.ts', 'test/e2e/verify-hand-flaws.e2e.test.ts', 'test/c.test.ts'];
    expect(longestFirst(files, (f) => f)).toEqual([
      'test/e2e/verify-hand-flaws.e2e.test.ts',
      'test/package/pack.test.ts',
      'test/e2e/verify-hand.e2e.test.ts',
      'test/a.test.ts',
      'test/b.test.ts',
      'test/c.test.ts',
    ]);
  });

  it('names only test files that exist (a renamed file would silently lose its place)', () => {
    for (const file of Object.keys(LONG_FILES)) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
