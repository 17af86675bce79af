import { describe, expect, it } from 'vitest';
import { compileGlobs, exactGlobRegExp } from '../../src/discovery/glob.js';
import { rebasePatterns } from '../../src/discovery/ignore-rules.js';

describe('compileGlobs', () => {
  const cases: [string, string, boolean][] = [
    ['**/*.test.ts', 'a/b/c.test.ts', true],
    ['**/*.test.ts', 'c.test.ts', true],
    ['*.test.ts', 'deep/down/c.test.ts', true], // no slash: any depth
    ['src/*.ts', 'src/a.ts', true],
    ['src/*.ts', 'src/sub/a.ts', false], // `*` stays within a segment
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**', 'src/x/y/a.ts', true],
    ['src/**', 'srcx/a.ts', false],
    ['*.{js,mjs}', 'a/b.mjs', true],
    ['*.{js,mjs}', 'a/b.cjs', false],
    ['packages/{a,b}/src', 'packages/b/src/x.ts', true],
    ['packages/{a,b}/src', 'packages/c/src/x.ts', false],
    ['fixtures', 'test/fixtures/x.ts', true], // plain name: a directory anywhere
    ['fixtures', 'test/fixtures2/x.ts', false],
    ['src/legacy', 'src/legacy/old.ts', true],
    ['src/legacy', 'lib/src/legacy/old.ts', false], // has a slash: anchored at the root
    ['/gen', 'gen/x.ts', true],
    ['/gen', 'a/gen/x.ts', false],
    ['./src/a.ts', 'src/a.ts', true],
    ['file?.ts', 'file1.ts', true],
    ['file[0-9].ts', 'file7.ts', true],
    ['file[!0-9].ts', 'file7.ts', false],
    ['a.b', 'axb', false], // dots are literal
    ['{unclosed', '{unclosed', false],
    ['a\\*b.ts', 'a*b.ts', true], // a backslash escapes a special character
    ['a\\*b.ts', 'axb.ts', false],
    ['gen/\\[id\\].ts', 'gen/[id].ts', true],
    ['*.+(test|spec).ts', 'a/b.spec.ts', true], // extglob
    ['*.+(test|spec).ts', 'a/b.unit.ts', false],
    ['!(src)/**', 'lib/a.ts', true],
    ['!(src)/**', 'src/a.ts', false],
  ];
  it.each(cases)('%s vs %s → %s', (glob, p, expected) => {
    expect(compileGlobs([glob])(p)).toBe(expected);
  });

  it('reads a leading ! as a negation: only negations match everything else', () => {
    const outsideSrc = compileGlobs(['!src/**']);
    expect(outsideSrc('test/a.ts')).toBe(true);
    expect(outsideSrc('src/a.ts')).toBe(false);
    const distButKeep = compileGlobs(['dist', '!dist/keep.ts']);
    expect(distButKeep('dist/a.js')).toBe(true);
    expect(distButKeep('dist/keep.ts')).toBe(false);
    expect(distButKeep('src/a.ts')).toBe(false);
  });

  it('covers a directory whole only when no negation can reach inside it', () => {
    const outsideSrc = compileGlobs(['!src/**']);
    expect(outsideSrc.coversDirectory('test')).toBe(true);
    expect(outsideSrc.coversDirectory('src')).toBe(false);
    const distButKeep = compileGlobs(['dist', '!dist/keep.ts']);
    expect(distButKeep.coversDirectory('dist')).toBe(false); // dist/keep.ts is back: read the directory
    expect(distButKeep.coversDirectory('dist/sub')).toBe(true);
    expect(compileGlobs(['dist', '!*.keep.ts']).coversDirectory('dist')).toBe(false); // may match at any depth
    expect(compileGlobs(['packages/*/test']).coversDirectory('packages/a/test')).toBe(true);
  });

  it('matches nothing without patterns', () => {
    expect(compileGlobs([])('a.ts')).toBe(false);
    expect(compileGlobs(['', '  '])('a.ts')).toBe(false);
  });
});

describe('rebasePatterns', () => {
  it('keeps root patterns as they are (minus comments and blanks)', () => {
    expect(rebasePatterns('# c\n\n*.log\n!keep.log\n', '')).toEqual(['*.log', '!keep.log']);
  });

  it('anchors nested patterns to their directory', () => {
    expect(rebasePatterns('*.log\n/top.ts\na/b\ndir/\n!keep.ts\n**/x\n', 'pkg/sub')).toEqual([
      'pkg/sub/**/*.log',
      'pkg/sub/top.ts',
      'pkg/sub/a/b',
      'pkg/sub/**/dir/',
      '!pkg/sub/**/keep.ts',
      'pkg/sub/**/x',
    ]);
  });

  it('escapes glob characters in the directory name', () => {
    expect(rebasePatterns('x.ts', 'a[1]/*b')).toEqual(['a\\[1\\]/\\*b/**/x.ts']);
  });
});

describe('exactGlobRegExp (workspace patterns)', () => {
  it('matches whole paths only: no any-depth prefix, no directory tail', () => {
    const re = exactGlobRegExp('./packages/*-tests/');
    expect(re.test('packages/eval-tests')).toBe(true);
    expect(re.test('packages/eval-tests/src')).toBe(false);
    expect(re.test('tools/packages/eval-tests')).toBe(false);
    expect(exactGlobRegExp('apps/**/web').test('apps/web')).toBe(true);
    expect(exactGlobRegExp('apps/**/web').test('apps/a/b/web')).toBe(true);
    expect(exactGlobRegExp('{apps,libs}/x').test('libs/x')).toBe(true);
  });
});
