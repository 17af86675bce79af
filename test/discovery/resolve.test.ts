import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../support/temp-tree.js';
import { createModuleResolver, pathsTargets } from '../../src/discovery/resolve.js';
import { pnpmWorkspacePackages } from '../../src/discovery/packages.js';

const makeTree = (files: Record<string, string>): string => tempTree(files, 'mcp-migrate-resolve-');

describe('createModuleResolver: relative specifiers', () => {
  const root = makeTree({
    'tsconfig.json': '{}',
    'src/server.ts': '',
    'src/tools.ts': '',
    'src/view.tsx': '',
    'src/legacy.js': '',
    'src/esm.mts': '',
    'src/cjs.cts': '',
    'src/plain.mjs': '',
    'src/foo.service.ts': '',
    'src/lib/index.ts': '',
    'src/jsdir/index.js': '',
    'src/types.d.ts': '',
    'src/data.json': '{}',
    'src/both.ts': '',
    'src/both.js': '',
    'node_modules/dep/index.js': '',
  });
  const from = path.join(root, 'src/server.ts');
  const r = createModuleResolver();
  const at = (rel: string) => path.join(root, rel);

  it('maps .js to .ts / .tsx, and keeps real .js files', () => {
    expect(r.resolve(from, './tools.js')).toBe(at('src/tools.ts'));
    expect(r.resolve(from, './view.js')).toBe(at('src/view.tsx'));
    expect(r.resolve(from, './view.jsx')).toBe(at('src/view.tsx'));
    expect(r.resolve(from, './legacy.js')).toBe(at('src/legacy.js'));
    expect(r.resolve(from, './both.js')).toBe(at('src/both.ts')); // source wins over emitted JS
  });

  it('maps .mjs to .mts and .cjs to .cts', () => {
    expect(r.resolve(from, './esm.mjs')).toBe(at('src/esm.mts'));
    expect(r.resolve(from, './cjs.cjs')).toBe(at('src/cjs.cts'));
    expect(r.resolve(from, './plain.mjs')).toBe(at('src/plain.mjs'));
  });

  it('adds extensions and finds index files', () => {
    expect(r.resolve(from, './tools')).toBe(at('src/tools.ts'));
    expect(r.resolve(from, './foo.service')).toBe(at('src/foo.service.ts'));
    expect(r.resolve(from, './lib')).toBe(at('src/lib/index.ts'));
    expect(r.resolve(from, './lib/index.js')).toBe(at('src/lib/index.ts'));
    expect(r.resolve(from, './jsdir')).toBe(at('src/jsdir/index.js'));
    expect(r.resolve(path.join(root, 'src/lib/index.ts'), '..')).toBeUndefined(); // src has no index
    expect(r.resolve(path.join(root, 'src/lib/index.ts'), '../tools.ts')).toBe(at('src/tools.ts'));
  });

  it('returns undefined for missing files, declarations, JSON and node_modules', () => {
    expect(r.resolve(from, './missing.js')).toBeUndefined();
    expect(r.resolve(from, './types')).toBeUndefined();
    expect(r.resolve(from, './types.js')).toBeUndefined();
    expect(r.resolve(from, './data.json')).toBeUndefined();
    expect(r.resolve(from, '../node_modules/dep/index.js')).toBeUndefined();
  });

  it('returns undefined for bare packages and builtins', () => {
    expect(r.resolve(from, '@modelcontextprotocol/sdk/server/mcp.js')).toBeUndefined();
    expect(r.resolve(from, 'express')).toBeUndefined();
    expect(r.resolve(from, 'dep')).toBeUndefined();
    expect(r.resolve(from, 'node:fs')).toBeUndefined();
  });

  it('caches existence checks (a file created later is not seen by the same resolver)', () => {
    const resolver = createModuleResolver();
    expect(resolver.resolve(from, './later.js')).toBeUndefined();
    fs.writeFileSync(at('src/later.ts'), '');
    expect(resolver.resolve(from, './later.js')).toBeUndefined();
    expect(createModuleResolver().resolve(from, './later.js')).toBe(at('src/later.ts'));
  });
});

describe('createModuleResolver: tsconfig paths', () => {
  const root = makeTree({
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        baseUrl: '.',
        paths: {
          '@app/*': ['src/*'],
          '@app/special/*': ['special/*'],
          '~/lib': ['src/lib/index.ts'],
          '@multi/*': ['missing/*', 'fallback/*'],
        },
      },
    }),
    'src/server.ts': '',
    'src/tools/add.ts': '',
    'src/lib/index.ts': '',
    'special/x.ts': '',
    'fallback/y.ts': '',
    'shared/util.ts': '',
    'packages/nested/tsconfig.json': '{ "compilerOptions": { "paths": { "#local/*": ["./own/*"] } } }',
    'packages/nested/own/z.ts': '',
    'packages/nested/main.ts': '',
  });
  const from = path.join(root, 'src/server.ts');
  const r = createModuleResolver();
  const at = (rel: string) => path.join(root, rel);

  it('resolves wildcard aliases with .js and without extension', () => {
    expect(r.resolve(from, '@app/tools/add.js')).toBe(at('src/tools/add.ts'));
    expect(r.resolve(from, '@app/tools/add')).toBe(at('src/tools/add.ts'));
    expect(r.resolve(from, '@app/lib')).toBe(at('src/lib/index.ts'));
  });

  it('prefers the wildcard with the longest prefix and tries targets in order', () => {
    expect(r.resolve(from, '@app/special/x')).toBe(at('special/x.ts'));
    expect(r.resolve(from, '@multi/y')).toBe(at('fallback/y.ts'));
  });

  it('resolves exact aliases', () => {
    expect(r.resolve(from, '~/lib')).toBe(at('src/lib/index.ts'));
    expect(r.resolve(from, '~/lib/other')).toBeUndefined();
  });

  it('falls back to baseUrl for non-relative specifiers', () => {
    expect(r.resolve(from, 'shared/util.js')).toBe(at('shared/util.ts'));
    expect(r.resolve(from, 'express')).toBeUndefined();
  });

  it("uses the importing file's nearest tsconfig", () => {
    const nested = path.join(root, 'packages/nested/main.ts');
    expect(r.resolve(nested, '#local/z.js')).toBe(at('packages/nested/own/z.ts'));
    expect(r.resolve(nested, '@app/tools/add')).toBeUndefined(); // not in that config
    expect(r.resolve(from, '#local/z.js')).toBeUndefined();
  });

  it('uses a committed tsconfig.base.json when the project has no tsconfig.json (and prefers tsconfig.json)', () => {
    const base = makeTree({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } } }),
      'tsconfig.build.json': JSON.stringify({ extends: './tsconfig.base.json' }),
      'src/mcp/tools.ts': '',
      'src/mcp/server.ts': '',
      'other/tsconfig.json': JSON.stringify({ compilerOptions: { paths: {} } }),
      'other/tsconfig.base.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./*'] } } }),
      'other/a.ts': '',
      'other/b.ts': '',
    });
    const resolver = createModuleResolver();
    expect(resolver.resolve(path.join(base, 'src/mcp/server.ts'), '@/mcp/tools.js')).toBe(path.join(base, 'src/mcp/tools.ts'));
    expect(resolver.resolve(path.join(base, 'other/a.ts'), '@/b.js')).toBeUndefined();
  });

  it('matches like TypeScript', () => {
    expect(pathsTargets({ '@a/*': ['x/*'], '@a/b/*': ['y/*'] }, '@a/b/c')).toEqual(['y/c']);
    expect(pathsTargets({ 'exact': ['e.ts'], '*': ['any/*'] }, 'exact')).toEqual(['e.ts']);
    expect(pathsTargets({ '*.svc': ['svc/*.ts'] }, 'user.svc')).toEqual(['svc/user.ts']);
    expect(pathsTargets({ '@a/*': ['x/*'] }, '@b/c')).toEqual([]);
  });
});

describe('createModuleResolver: packages', () => {
  it('resolves workspace packages linked into node_modules back to source', () => {
    const root = makeTree({
      'packages/shared/package.json': JSON.stringify({
        name: '@acme/shared',
        exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './tools/*': './dist/tools/*.js' },
      }),
      'packages/shared/src/index.ts': '',
      'packages/shared/src/tools/echo.ts': '',
      'packages/shared/dist/index.js': '',
      'packages/legacy/package.json': JSON.stringify({ name: 'legacy', main: 'lib/main.js' }),
      'packages/legacy/lib/main.js': '',
      'packages/built-only/package.json': JSON.stringify({ name: 'built-only', main: 'dist/index.js' }),
      'packages/built-only/dist/index.js': '',
      'packages/server/src/server.ts': '',
      'node_modules/@modelcontextprotocol/sdk/package.json': '{ "name": "@modelcontextprotocol/sdk" }',
      'node_modules/@modelcontextprotocol/sdk/server/mcp.js': '',
    });
    fs.mkdirSync(path.join(root, 'node_modules/@acme'));
    fs.symlinkSync(path.join(root, 'packages/shared'), path.join(root, 'node_modules/@acme/shared'), 'dir');
    fs.symlinkSync(path.join(root, 'packages/legacy'), path.join(root, 'node_modules/legacy'), 'dir');
    fs.symlinkSync(path.join(root, 'packages/built-only'), path.join(root, 'node_modules/built-only'), 'dir');
    const from = path.join(root, 'packages/server/src/server.ts');
    const r = createModuleResolver();
    expect(r.resolve(from, '@acme/shared')).toBe(path.join(root, 'packages/shared/src/index.ts'));
    expect(r.resolve(from, '@acme/shared/tools/echo')).toBe(path.join(root, 'packages/shared/src/tools/echo.ts'));
    expect(r.resolve(from, 'legacy')).toBe(path.join(root, 'packages/legacy/lib/main.js'));
    expect(r.resolve(from, 'built-only')).toBeUndefined(); // only build output: not source
    expect(r.resolve(from, '@modelcontextprotocol/sdk/server/mcp.js')).toBeUndefined();
    expect(createModuleResolver({ workspaces: false }).resolve(from, '@acme/shared')).toBeUndefined();
  });

  it('resolves workspace packages declared but not installed (no node_modules): pnpm-workspace.yaml and package.json workspaces', () => {
    const pnpm = makeTree({
      'pnpm-workspace.yaml': "# comment\npackages:\n  - 'packages/*'\n  - \"tools/**\"\n  - '!packages/**/examples'\nonlyBuiltDependencies:\n  - esbuild\n",
      'packages/types/package.json': JSON.stringify({ name: '@acme/types', types: './dist/index.d.ts', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }),
      'packages/types/src/index.ts': '',
      'packages/built/package.json': JSON.stringify({ name: '@acme/built', main: './lib/index.js' }),
      'packages/built/tsconfig.json': JSON.stringify({ compilerOptions: { rootDir: 'source', outDir: 'lib' } }),
      'packages/built/source/index.ts': '',
      'packages/examples/package.json': JSON.stringify({ name: '@acme/examples-root', main: 'index.ts' }),
      'packages/examples/index.ts': '',
      'tools/nested/cli/package.json': JSON.stringify({ name: 'acme-cli', main: 'src/index.ts' }),
      'tools/nested/cli/src/index.ts': '',
      'apps/server/src/server.ts': '',
    });
    const from = path.join(pnpm, 'apps/server/src/server.ts');
    const r = createModuleResolver();
    expect(r.resolve(from, '@acme/types')).toBe(path.join(pnpm, 'packages/types/src/index.ts')); // dist → src
    expect(r.resolve(from, '@acme/built')).toBe(path.join(pnpm, 'packages/built/source/index.ts')); // outDir → rootDir
    expect(r.resolve(from, 'acme-cli')).toBe(path.join(pnpm, 'tools/nested/cli/src/index.ts')); // `**`
    expect(r.resolve(from, '@acme/examples-root')).toBeUndefined(); // excluded: `**/` matches no folder too
    expect(r.resolve(from, '@acme/absent')).toBeUndefined();
    expect(createModuleResolver({ workspaces: false }).resolve(from, '@acme/types')).toBeUndefined();

    const npm = makeTree({
      'package.json': JSON.stringify({ name: 'root', private: true, workspaces: { packages: ['libs/*'] } }),
      'libs/shared/package.json': JSON.stringify({ name: '@acme/shared', exports: './dist/index.js' }),
      'libs/shared/src/index.ts': '',
      'libs/legacy/package.json': JSON.stringify({ name: 'legacy' }), // no entry fields: index / src/index
      'libs/legacy/src/index.js': '',
      'server/main.ts': '',
      // An installed dependency of the same name still wins over the declaration.
      'server/node_modules/@acme/shared/package.json': JSON.stringify({ name: '@acme/shared', main: 'index.js' }),
      'server/node_modules/@acme/shared/index.js': '',
    });
    expect(r.resolve(path.join(npm, 'libs/legacy/src/index.js'), '@acme/shared')).toBe(path.join(npm, 'libs/shared/src/index.ts'));
    expect(r.resolve(path.join(npm, 'libs/shared/src/index.ts'), 'legacy')).toBe(path.join(npm, 'libs/legacy/src/index.js'));
    expect(r.resolve(path.join(npm, 'server/main.ts'), '@acme/shared')).toBeUndefined();
  });

  it('reads the packages list of pnpm-workspace.yaml in block and flow style', () => {
    expect(pnpmWorkspacePackages('packages:\n  - packages/*   # all\n  - "apps/web"\n\ncatalog:\n  zod: ^3\n')).toEqual(['packages/*', 'apps/web']);
    expect(pnpmWorkspacePackages("packages: ['packages/*', \"apps/*\"]\n")).toEqual(['packages/*', 'apps/*']);
    expect(pnpmWorkspacePackages('catalog:\n  zod: ^3\n')).toEqual([]);
    // Plain YAML that a line reader missed: an indentless block list, a flow list over several lines.
    expect(pnpmWorkspacePackages('packages:\n- packages/*\n- "!**/test/**"\n')).toEqual(['packages/*', '!**/test/**']);
    expect(pnpmWorkspacePackages('packages: [\n  packages/*,\n  apps/web, # the site\n]\n')).toEqual(['packages/*', 'apps/web']);
    expect(() => pnpmWorkspacePackages('packages: [unclosed\n')).toThrow();
  });

  it('resolves package.json #imports', () => {
    const root = makeTree({
      'package.json': JSON.stringify({ name: 'app', imports: { '#tools/*': './src/tools/*.js', '#db': { node: './src/db.js' } } }),
      'src/tools/echo.ts': '',
      'src/db.ts': '',
      'src/server.ts': '',
    });
    const from = path.join(root, 'src/server.ts');
    const r = createModuleResolver();
    expect(r.resolve(from, '#tools/echo')).toBe(path.join(root, 'src/tools/echo.ts'));
    expect(r.resolve(from, '#db')).toBe(path.join(root, 'src/db.ts'));
    expect(r.resolve(from, '#nope')).toBeUndefined();
  });
});
