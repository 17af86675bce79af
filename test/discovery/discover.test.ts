import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionsEnforced, tempTree } from '../support/temp-tree.js';
import { discoverFiles, type DiscoverOptions } from '../../src/discovery/discover.js';


const makeTree = (files: Record<string, string> = {}): string => tempTree(files, 'mcp-migrate-discover-');

async function relPaths(root: string, inputs: string[] = [root], options: Partial<DiscoverOptions> = {}) {
  const result = await discoverFiles(inputs, { root, ...options });
  return { files: result.files.map((f) => f.relPath), diagnostics: result.diagnostics, result };
}

describe('discoverFiles: file kinds', () => {
  it('keeps the eight source extensions, sorted, with sizes', async () => {
    const root = makeTree({
      'src/b.ts': 'export {}',
      'src/a.tsx': '',
      'x.mts': '',
      'x.cts': '',
      'y.js': '12345',
      'y.jsx': '',
      'y.mjs': '',
      'y.cjs': '',
      'README.md': '',
      'data.json': '{}',
      'style.css': '',
    });
    const { files, diagnostics, result } = await relPaths(root);
    expect(files).toEqual(['src/a.tsx', 'src/b.ts', 'x.cts', 'x.mts', 'y.cjs', 'y.js', 'y.jsx', 'y.mjs']);
    expect(diagnostics).toEqual([]);
    const y = result.files.find((f) => f.relPath === 'y.js')!;
    expect(y.size).toBe(5);
    expect(y.absPath).toBe(path.join(root, 'y.js'));
  });

  it('skips declaration files and minified bundles', async () => {
    const root = makeTree({
      'types.d.ts': '',
      'types.d.mts': '',
      'types.d.cts': '',
      'styles.d.css.ts': '',
      'vendor.min.js': '',
      'vendor.min.mjs': '',
      'real.ts': '',
      'd.ts': '', // a file literally named d.ts is source
    });
    expect((await relPaths(root)).files).toEqual(['d.ts', 'real.ts']);
  });

  it('skips node_modules, .git and build output at any depth', async () => {
    const root = makeTree({
      'src/index.ts': '',
      'node_modules/dep/index.js': '',
      'packages/a/node_modules/dep/index.js': '',
      'packages/a/src/a.ts': '',
      'packages/a/dist/a.js': '',
      '.git/hooks/pre-commit.js': '',
      'build/x.js': '',
      'out/x.js': '',
      'coverage/x.js': '',
      '.next/x.js': '',
      '.turbo/x.js': '',
      '.output/x.js': '',
      '.svelte-kit/x.js': '',
      '.vercel/x.js': '',
      'src/distribution/ok.ts': '', // only exact names are skipped
    });
    expect((await relPaths(root)).files).toEqual(['packages/a/src/a.ts', 'src/distribution/ok.ts', 'src/index.ts']);
  });

  it('scans a build-output directory passed explicitly as an input', async () => {
    const root = makeTree({ 'dist/server.js': '', 'dist/node_modules/x.js': '', 'src/a.ts': '' });
    const { files } = await relPaths(root, [path.join(root, 'dist')]);
    expect(files).toEqual(['dist/server.js']);
  });

  it('accepts explicit source files (even ignored ones) but not other files', async () => {
    const root = makeTree({ '.gitignore': 'gen.ts\n', 'gen.ts': '', 'notes.md': '', 'a.ts': '' });
    const { files, diagnostics } = await relPaths(root, [path.join(root, 'gen.ts'), path.join(root, 'notes.md')]);
    expect(files).toEqual(['gen.ts']);
    expect(diagnostics).toEqual([]);
  });

  it('resolves relative inputs against the working directory', async () => {
    const root = makeTree({ 'src/a.ts': '', 'other/b.ts': '' });
    const cwd = process.cwd();
    process.chdir(root);
    try {
      expect((await relPaths(root, ['src'])).files).toEqual(['src/a.ts']);
    } finally {
      process.chdir(cwd);
    }
  });

  it('dedupes overlapping inputs', async () => {
    const root = makeTree({ 'src/a.ts': '', 'b.ts': '' });
    const { files } = await relPaths(root, [path.join(root, 'src'), root, path.join(root, 'src/a.ts')]);
    expect(files).toEqual(['b.ts', 'src/a.ts']);
  });

  it('reports a missing input as not-found and keeps going', async () => {
    const root = makeTree({ 'a.ts': '' });
    const { files, diagnostics } = await relPaths(root, [path.join(root, 'nope'), root]);
    expect(files).toEqual(['a.ts']);
    expect(diagnostics).toEqual([expect.objectContaining({ file: 'nope', kind: 'not-found' })]);
  });

  it('defaults to the root when no inputs are given', async () => {
    const root = makeTree({ 'a.ts': '' });
    expect((await discoverFiles([], { root })).files.map((f) => f.relPath)).toEqual(['a.ts']);
  });
});

describe('discoverFiles: ignore files', () => {
  it('honours the root .gitignore, with negation', async () => {
    const root = makeTree({
      '.gitignore': '# generated\n*.gen.ts\n!keep.gen.ts\nignored/\n/top-only.ts\n',
      'a.gen.ts': '',
      'keep.gen.ts': '',
      'src/b.gen.ts': '',
      'src/keep.gen.ts': '',
      'ignored/x.ts': '',
      'src/ignored/y.ts': '',
      'top-only.ts': '',
      'src/top-only.ts': '',
      'src/ok.ts': '',
    });
    expect((await relPaths(root)).files).toEqual(['keep.gen.ts', 'src/keep.gen.ts', 'src/ok.ts', 'src/top-only.ts']);
  });

  it('applies nested .gitignore files relative to their directory', async () => {
    const root = makeTree({
      '.gitignore': 'gen/\n',
      'gen/x.ts': '',
      'pkg/.gitignore': 'local.ts\n/anchored.ts\nsub/deep.ts\n!gen/\n',
      'pkg/local.ts': '',
      'pkg/sub/local.ts': '',
      'pkg/anchored.ts': '',
      'pkg/sub/anchored.ts': '',
      'pkg/sub/deep.ts': '',
      'pkg/other/sub/deep.ts': '',
      'pkg/gen/y.ts': '', // re-included by the deeper file
      'local.ts': '', // the nested rule does not reach up
    });
    expect((await relPaths(root)).files).toEqual([
      'local.ts',
      'pkg/gen/y.ts',
      'pkg/other/sub/deep.ts',
      'pkg/sub/anchored.ts',
    ]);
  });

  it('lets a deeper .gitignore re-include a file a shallower one ignored', async () => {
    const root = makeTree({
      '.gitignore': '*.gen.ts\n',
      'pkg/.gitignore': '!keep.gen.ts\n',
      'pkg/keep.gen.ts': '',
      'pkg/other.gen.ts': '',
      'keep.gen.ts': '',
    });
    expect((await relPaths(root)).files).toEqual(['pkg/keep.gen.ts']);
  });

  it('reads .gitignore from the git root above the scan root', async () => {
    const repo = makeTree({
      '.git/HEAD': '',
      '.gitignore': 'server/secret.ts\n*.local.ts\n',
      'server/secret.ts': '',
      'server/x.local.ts': '',
      'server/main.ts': '',
    });
    const root = path.join(repo, 'server');
    expect((await relPaths(root)).files).toEqual(['main.ts']);
  });

  it('honours .git/info/exclude', async () => {
    const root = makeTree({ '.git/info/exclude': 'scratch.ts\n', 'scratch.ts': '', 'a.ts': '' });
    expect((await relPaths(root)).files).toEqual(['a.ts']);
  });

  it('honours .mcp-migrateignore even when .gitignore is turned off', async () => {
    const root = makeTree({
      '.gitignore': 'git-ignored.ts\n',
      '.mcp-migrateignore': 'fixtures/\n',
      'pkg/.mcp-migrateignore': 'legacy.ts\n',
      'git-ignored.ts': '',
      'fixtures/f.ts': '',
      'pkg/legacy.ts': '',
      'pkg/new.ts': '',
    });
    expect((await relPaths(root)).files).toEqual(['pkg/new.ts']);
    expect((await relPaths(root, [root], { respectGitignore: false })).files).toEqual(['git-ignored.ts', 'pkg/new.ts']);
  });

  it('scans an ignored directory passed explicitly, still honouring ignore files inside it', async () => {
    const root = makeTree({
      '.gitignore': 'generated/\n',
      'generated/a.ts': '',
      'generated/.gitignore': 'b.ts\n',
      'generated/b.ts': '',
    });
    expect((await relPaths(root)).files).toEqual([]);
    expect((await relPaths(root, [path.join(root, 'generated')])).files).toEqual(['generated/a.ts']);
  });
});

describe('discoverFiles: include / exclude', () => {
  const tree = {
    'src/a.ts': '',
    'src/a.test.ts': '',
    'src/legacy/old.ts': '',
    'src/fixtures/f.ts': '',
    'packages/x/fixtures/g.ts': '',
    'packages/x/src/x.ts': '',
    'packages/y/src/y.js': '',
    'scripts/s.mjs': '',
  };

  it('excludes by `**`, `*`, braces and plain directory names', async () => {
    const root = makeTree(tree);
    const exclude = ['**/*.test.ts', 'src/legacy', 'fixtures', 'packages/*/src/*.{js,mjs}'];
    expect((await relPaths(root, [root], { exclude })).files).toEqual(['packages/x/src/x.ts', 'scripts/s.mjs', 'src/a.ts']);
  });

  it('includes only matching files', async () => {
    const root = makeTree(tree);
    expect((await relPaths(root, [root], { include: ['packages/**'] })).files).toEqual([
      'packages/x/fixtures/g.ts',
      'packages/x/src/x.ts',
      'packages/y/src/y.js',
    ]);
    expect((await relPaths(root, [root], { include: ['src/*.ts'] })).files).toEqual(['src/a.test.ts', 'src/a.ts']);
    expect((await relPaths(root, [root], { include: ['*.{mjs,js}'] })).files).toEqual([
      'packages/y/src/y.js',
      'scripts/s.mjs',
    ]);
  });

  it('combines include and exclude, exclude winning', async () => {
    const root = makeTree(tree);
    const { files } = await relPaths(root, [root], { include: ['src/**'], exclude: ['*.test.ts', '/src/fixtures/'] });
    expect(files).toEqual(['src/a.ts', 'src/legacy/old.ts']);
  });

  it('reads a negated exclude as "everything else", and lets a negation bring a file back', async () => {
    const root = makeTree(tree);
    expect((await relPaths(root, [root], { exclude: ['!src/**'] })).files).toEqual(['src/a.test.ts', 'src/a.ts', 'src/fixtures/f.ts', 'src/legacy/old.ts']);
    expect((await relPaths(root, [root], { exclude: ['/src', '!src/legacy/old.ts'] })).files).toEqual([
      'packages/x/fixtures/g.ts',
      'packages/x/src/x.ts',
      'packages/y/src/y.js',
      'scripts/s.mjs',
      'src/legacy/old.ts',
    ]);
  });

  it('treats a non-matching pattern as matching nothing', async () => {
    const root = makeTree(tree);
    expect((await relPaths(root, [root], { include: ['nothing-here/**'] })).files).toEqual([]);
    expect((await relPaths(root, [root], { exclude: ['src/a'] })).files).toContain('src/a.ts');
  });
});

describe('discoverFiles: symlinks', () => {
  it('reports a directory loop once and terminates quickly', async () => {
    const root = makeTree({ 'a/x.ts': '', 'a/b/y.ts': '' });
    fs.symlinkSync('../..', path.join(root, 'a/b/up'), 'dir');
    fs.symlinkSync('.', path.join(root, 'a/self'), 'dir');
    const started = Date.now();
    const { files, diagnostics } = await relPaths(root);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(files).toEqual(['a/b/y.ts', 'a/x.ts']);
    expect(diagnostics.map((d) => [d.file, d.kind])).toEqual([
      ['a/b/up', 'symlink-loop'],
      ['a/self', 'symlink-loop'],
    ]);
  });

  it('reports a link cycle (ELOOP) without hanging', async () => {
    const root = makeTree({ 'a.ts': '' });
    fs.symlinkSync('l2.ts', path.join(root, 'l1.ts'));
    fs.symlinkSync('l1.ts', path.join(root, 'l2.ts'));
    const { files, diagnostics } = await relPaths(root);
    expect(files).toEqual(['a.ts']);
    expect(diagnostics.map((d) => d.kind)).toEqual(['symlink-loop', 'symlink-loop']);
  });

  it('follows links to files and directories, deduping by real path', async () => {
    const outside = makeTree({ 'shared/util.ts': '', 'lone.ts': '' });
    const root = makeTree({ 'src/real/a.ts': '', 'src/real/b.ts': '' });
    fs.symlinkSync(path.join(root, 'src/real'), path.join(root, 'src/alias'), 'dir'); // second route
    fs.symlinkSync(path.join(root, 'src/real/a.ts'), path.join(root, 'src/a-link.ts')); // second route
    fs.symlinkSync(path.join(outside, 'shared'), path.join(root, 'shared'), 'dir'); // only route
    fs.symlinkSync(path.join(outside, 'lone.ts'), path.join(root, 'lone.ts'));
    fs.symlinkSync(path.join(root, 'missing.ts'), path.join(root, 'dangling.ts'));
    const { files, diagnostics } = await relPaths(root);
    expect(files).toEqual(['lone.ts', 'shared/util.ts', 'src/real/a.ts', 'src/real/b.ts']);
    expect(diagnostics).toEqual([]);
  });

  it('does not follow links into node_modules', async () => {
    const root = makeTree({ 'node_modules/dep/index.js': '', 'a.ts': '' });
    fs.symlinkSync(path.join(root, 'node_modules/dep'), path.join(root, 'vendor'), 'dir');
    expect((await relPaths(root)).files).toEqual(['a.ts']);
  });
});

describe('discoverFiles: size and permissions', () => {
  it('reports files over maxFileBytes as too-large without listing them', async () => {
    const root = makeTree({ 'big.ts': 'x'.repeat(2000), 'small.ts': 'x' });
    const { files, diagnostics } = await relPaths(root, [root], { maxFileBytes: 1000 });
    expect(files).toEqual(['small.ts']);
    expect(diagnostics).toEqual([expect.objectContaining({ file: 'big.ts', kind: 'too-large' })]);
  });

  it('uses a 1 MiB default limit', async () => {
    const root = makeTree({ 'big.ts': 'x'.repeat(1024 * 1024 + 1), 'edge.ts': 'x'.repeat(1024 * 1024) });
    const { files, diagnostics } = await relPaths(root);
    expect(files).toEqual(['edge.ts']);
    expect(diagnostics.map((d) => d.kind)).toEqual(['too-large']);
  });

  it.skipIf(!permissionsEnforced)('reports an unreadable directory and continues', async () => {
    const root = makeTree({ 'locked/a.ts': '', 'open/b.ts': '' });
    fs.chmodSync(path.join(root, 'locked'), 0o000);
    const { files, diagnostics } = await relPaths(root);
    expect(files).toEqual(['open/b.ts']);
    expect(diagnostics).toEqual([expect.objectContaining({ file: 'locked', kind: 'unreadable' })]);
  });

  it.skipIf(!permissionsEnforced)('reports an unreadable file', async () => {
    const root = makeTree({ 'secret.ts': '', 'b.ts': '' });
    fs.chmodSync(path.join(root, 'secret.ts'), 0o000);
    const { files, diagnostics } = await relPaths(root);
    expect(files).toEqual(['b.ts']);
    expect(diagnostics).toEqual([expect.objectContaining({ file: 'secret.ts', kind: 'unreadable' })]);
  });

  it.skipIf(permissionsEnforced)('lists a chmod-000 file when permissions are not enforced (root)', async () => {
    const root = makeTree({ 'secret.ts': '' });
    fs.chmodSync(path.join(root, 'secret.ts'), 0o000);
    expect((await relPaths(root)).files).toEqual(['secret.ts']);
  });
});
