import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../support/temp-tree.js';
import {
  findNearestTsconfig,
  loadConfigForFile,
  loadProjectConfig,
  parseProjectConfig,
} from '../../src/discovery/tsconfig.js';

const makeTree = (files: Record<string, string>): string => tempTree(files, 'mcp-migrate-tsconfig-');

describe('findNearestTsconfig', () => {
  it('walks up from the file to the nearest config, preferring tsconfig over jsconfig', () => {
    const root = makeTree({
      'tsconfig.json': '{}',
      'packages/a/tsconfig.json': '{}',
      'packages/a/jsconfig.json': '{}',
      'packages/a/src/deep/x.ts': '',
      'packages/b/jsconfig.json': '{}',
      'packages/b/x.js': '',
      'packages/c/x.ts': '',
    });
    expect(findNearestTsconfig(path.join(root, 'packages/a/src/deep/x.ts'))).toBe(path.join(root, 'packages/a/tsconfig.json'));
    expect(findNearestTsconfig(path.join(root, 'packages/b/x.js'))).toBe(path.join(root, 'packages/b/jsconfig.json'));
    expect(findNearestTsconfig(path.join(root, 'packages/c/x.ts'))).toBe(path.join(root, 'tsconfig.json'));
  });

  it('ignores a directory named tsconfig.json', () => {
    const root = makeTree({ 'tsconfig.json': '{}', 'sub/tsconfig.json/keep': '', 'sub/x.ts': '' });
    expect(findNearestTsconfig(path.join(root, 'sub/x.ts'))).toBe(path.join(root, 'tsconfig.json'));
  });
});

describe('loadProjectConfig', () => {
  it('applies a relative extends chain; paths resolve from the declaring config without baseUrl', () => {
    const root = makeTree({
      'configs/base.json': '{ "compilerOptions": { "paths": { "@app/*": ["../src/*"] }, "allowJs": true } }',
      'configs/middle.json': '{ "extends": "./base.json", "compilerOptions": { "strict": true } }',
      // Comments and trailing commas are fine, as in tsc.
      'tsconfig.json': '{ // main\n "extends": "./configs/middle.json", "compilerOptions": { "allowJs": false, }, }',
    });
    const config = loadProjectConfig(root)!;
    expect(config.configPath).toBe(path.join(root, 'tsconfig.json'));
    expect(config.paths).toEqual({ '@app/*': ['../src/*'] });
    expect(config.pathsBase).toBe(path.join(root, 'configs'));
    expect(config.baseUrl).toBeUndefined();
    expect(config.allowJs).toBe(false);
    expect(config.diagnostics).toEqual([]);
  });

  it('makes baseUrl absolute and uses it as the paths base', () => {
    const root = makeTree({
      'base.json': '{ "compilerOptions": { "baseUrl": "./src", "paths": { "~/*": ["lib/*"] } } }',
      'app/tsconfig.json': '{ "extends": "../base.json" }',
      'app/x.ts': '',
    });
    const config = loadConfigForFile(path.join(root, 'app/x.ts'))!;
    expect(config.baseUrl).toBe(path.join(root, 'src'));
    expect(config.pathsBase).toBe(path.join(root, 'src'));
  });

  it('follows package-style extends through node_modules', () => {
    const root = makeTree({
      'node_modules/@acme/tsconfig/package.json': '{ "name": "@acme/tsconfig" }',
      'node_modules/@acme/tsconfig/node.json': '{ "compilerOptions": { "allowJs": true, "outDir": "dist" } }',
      'tsconfig.json': '{ "extends": "@acme/tsconfig/node.json", "compilerOptions": { "rootDir": "src" } }',
    });
    const config = loadProjectConfig(root)!;
    expect(config.allowJs).toBe(true);
    expect(config.rootDir).toBe(path.join(root, 'src'));
    expect(config.diagnostics).toEqual([]);
  });

  it('tolerates a missing extends base: a missing relative file is a parse error, an uninstalled package only a note', () => {
    const root = makeTree({
      'tsconfig.json': '{ "extends": ["./nope.json", "@missing/pkg"], "compilerOptions": { "paths": { "a": ["./a.ts"] } } }',
    });
    const config = loadProjectConfig(root, root)!;
    expect(config.paths).toEqual({ a: ['./a.ts'] });
    expect(config.diagnostics.map(({ kind, file }) => `${kind} ${file}`)).toEqual(['note tsconfig.json', 'parse-error tsconfig.json']);
    expect(config.diagnostics[0]!.message).toBe('tsconfig: extends "@missing/pkg" is not installed (no node_modules?); scanned without its settings');
  });

  it('tolerates malformed JSON', () => {
    const root = makeTree({ 'tsconfig.json': '{ "compilerOptions": { "paths": ' });
    const config = loadProjectConfig(root)!;
    expect(config.configPath).toBe(path.join(root, 'tsconfig.json'));
    expect(config.diagnostics.length).toBeGreaterThan(0);
    expect(config.diagnostics[0].file).toBe(path.join(root, 'tsconfig.json')); // absolute without a root
  });

  it('survives an extends cycle', () => {
    const root = makeTree({ 'tsconfig.json': '{ "extends": "./b.json" }', 'b.json': '{ "extends": "./tsconfig.json" }' });
    expect(loadProjectConfig(root)!.diagnostics.length).toBeGreaterThan(0);
  });

  it('defaults allowJs to true for jsconfig.json', () => {
    const root = makeTree({ 'jsconfig.json': '{ "compilerOptions": { "baseUrl": "." } }' });
    expect(loadProjectConfig(root)).toMatchObject({ allowJs: true, baseUrl: root });
  });

  it('borrows paths from a referenced config in a solution-style tsconfig', () => {
    const root = makeTree({
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./tsconfig.node.json" }, { "path": "./tsconfig.app.json" }] }',
      'tsconfig.node.json': '{ "compilerOptions": { "composite": true }, "include": ["vite.config.ts"] }',
      'tsconfig.app.json': '{ "compilerOptions": { "composite": true, "paths": { "@/*": ["./src/*"] } }, "include": ["src"] }',
    });
    expect(loadProjectConfig(root)).toMatchObject({ paths: { '@/*': ['./src/*'] }, pathsBase: root });
  });

  it('returns undefined when no config exists above the directory', () => {
    const root = makeTree({ 'x.ts': '' });
    // A stray config above the temp dir (outside our control) would legitimately be found.
    const above = findNearestTsconfig(path.join(os.tmpdir(), 'probe.ts'));
    expect(loadProjectConfig(root)?.configPath).toBe(above);
  });

  it('caches parsed configs per file and per directory', () => {
    const root = makeTree({ 'tsconfig.json': '{}', 'a/b/x.ts': '' });
    const config = loadProjectConfig(root);
    expect(parseProjectConfig(path.join(root, 'tsconfig.json'))).toBe(config);
    expect(loadConfigForFile(path.join(root, 'a/b/x.ts'))).toBe(config);
  });
});
