/**
 * The configuration file: where it is read from, and exact messages for every mistake
 * (the CLI turns them into exit 2).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_TEST_FILE_GLOBS, findConfig, loadConfig, rebaseGlob, starterConfig, validateConfig } from '../src/config.js';
import { RULE_METAS } from '../src/rules/index.js';
import { tempTree } from './support/temp-tree.js';

const KNOWN = new Set(RULE_METAS.map((m) => m.id));
const problem = (value: unknown): string => {
  try {
    validateConfig(value, 'mcp-migrate.config.json', KNOWN);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('validateConfig', () => {
  it('accepts every setting and ignores "$" comment keys', () => {
    expect(
      validateConfig(
        {
          $comment: 'why',
          include: ['src/**'],
          exclude: ['src/generated/**'],
          testFiles: ['e2e/**'],
          includeTests: true,
          rules: { $comment: 'x', 'deprecated-feature/logging': 'off', 'server-push/ping': 'error' },
          failOn: 'warning',
          docsBaseUrl: 'https://github.com/acme/mcp-migrate/blob/main/',
        },
        'mcp-migrate.config.json',
        KNOWN,
      ),
    ).toEqual({
      include: ['src/**'],
      exclude: ['src/generated/**'],
      testFiles: ['e2e/**'],
      includeTests: true,
      rules: { 'deprecated-feature/logging': 'off', 'server-push/ping': 'error' },
      failOn: 'warning',
      docsBaseUrl: 'https://github.com/acme/mcp-migrate/blob/main/',
    });
  });

  it('names the file, the key and what was expected', () => {
    expect(problem([])).toBe('mcp-migrate.config.json: expected an object, got an array');
    expect(problem({ inclde: [] })).toBe(
      'mcp-migrate.config.json: unknown key "inclde" (did you mean "include"?) (known keys: include, exclude, testFiles, includeTests, rules, failOn, docsBaseUrl; keys starting with "$" are comments)',
    );
    expect(problem({ include: 'src/**' })).toBe('mcp-migrate.config.json: "include" must be an array of glob strings (e.g. ["src/**"]), got "src/**"');
    expect(problem({ exclude: ['ok', ''] })).toBe('mcp-migrate.config.json: "exclude" must be an array of glob strings (e.g. ["src/**"]), got an array');
    expect(problem({ includeTests: 'yes' })).toBe('mcp-migrate.config.json: "includeTests" must be true or false, got "yes"');
    expect(problem({ failOn: 'fatal' })).toBe('mcp-migrate.config.json: "failOn" must be one of "error", "warning", "info", "none", got "fatal"');
    expect(problem({ docsBaseUrl: 'docs/' })).toBe(
      'mcp-migrate.config.json: "docsBaseUrl" must be an absolute http(s) URL (e.g. "https://github.com/OWNER/REPO/blob/main/"), got "docs/"',
    );
    expect(problem({ rules: ['x'] })).toBe('mcp-migrate.config.json: "rules" must be an object of rule id to one of "off", "error", "warning", "info", got an array');
    expect(problem({ rules: { 'session-state/nope': 'off' } })).toBe('mcp-migrate.config.json: "rules": unknown rule "session-state/nope" (`mcp-migrate rules` lists them)');
    expect(problem({ rules: { 'server-push/ping': 'warn' } })).toBe(
      'mcp-migrate.config.json: "rules"."server-push/ping" must be one of "off", "error", "warning", "info", got "warn"',
    );
  });
});

describe('loadConfig', () => {
  it('is empty without a configuration', () => {
    expect(loadConfig(tempTree({ 'package.json': '{"name":"x"}' }), KNOWN)).toEqual({ config: {} });
  });

  it('reads mcp-migrate.config.json, or the "mcp-migrate" key of package.json', () => {
    const fromFile = tempTree({ 'mcp-migrate.config.json': '{"failOn":"none"}' });
    expect(loadConfig(fromFile, KNOWN)).toEqual({ config: { failOn: 'none' }, source: 'mcp-migrate.config.json', dir: fromFile });
    const fromPackage = tempTree({ 'package.json': '{"name":"x","mcp-migrate":{"failOn":"info"}}' });
    expect(loadConfig(fromPackage, KNOWN)).toEqual({ config: { failOn: 'info' }, source: 'package.json#mcp-migrate', dir: fromPackage });
    expect(() => loadConfig(tempTree({ 'package.json': '{"mcp-migrate":{"failOn":1}}' }), KNOWN)).toThrow(
      'package.json#mcp-migrate: "failOn" must be one of "error", "warning", "info", "none", got 1',
    );
  });

  it('refuses two configurations and a file that is not JSON', () => {
    const both = tempTree({ 'mcp-migrate.config.json': '{}', 'package.json': '{"mcp-migrate":{}}' });
    expect(() => loadConfig(both, KNOWN)).toThrow(`both mcp-migrate.config.json and the "mcp-migrate" key of package.json configure mcp-migrate in ${both}; keep one`);
    const comments = tempTree({ 'mcp-migrate.config.json': '{ // a comment\n}' });
    expect(() => loadConfig(comments, KNOWN)).toThrow(/^mcp-migrate.config.json:1:3: not valid JSON \(unexpected "\/"\); comments go in "\$comment" keys$/);
  });

  it('does not judge a broken package.json that holds no settings of ours', () => {
    expect(loadConfig(tempTree({ 'package.json': '{ broken' }), KNOWN)).toEqual({ config: {} });
  });
});

describe('JSON errors', () => {
  it('point at the place in the file, line:column', () => {
    const dir = tempTree({ 'mcp-migrate.config.json': '{\n  "failOn": "error",\n  "include" []\n}\n' });
    expect(() => loadConfig(dir, KNOWN)).toThrow('mcp-migrate.config.json:3:13: not valid JSON (unexpected "["); comments go in "$comment" keys');
  });
});

describe('suggestions', () => {
  it('name the closest rule id or key for a typo, and nothing for another word', () => {
    expect(problem({ rules: { 'session-state/keyed-stor': 'off' } })).toBe(
      'mcp-migrate.config.json: "rules": unknown rule "session-state/keyed-stor" (did you mean "session-state/keyed-store"?) (`mcp-migrate rules` lists them)',
    );
    expect(problem({ rules: { 'server-push/pnig': 'off' } })).toContain('(did you mean "server-push/ping"?)');
    expect(problem({ failon: 'none' })).toContain('unknown key "failon" (did you mean "failOn"?)');
    expect(problem({ rules: { 'session-state/nope': 'off' } })).not.toContain('did you mean');
  });
});

describe('findConfig', () => {
  it('takes --config over any file it would find, and a package.json given there by its key', () => {
    const dir = tempTree({ 'mcp-migrate.config.json': '{"failOn":"none"}', 'ci/strict.json': '{"failOn":"info"}', 'ci/package.json': '{"mcp-migrate":{"failOn":"warning"}}' });
    expect(findConfig({ root: dir, cwd: dir, file: 'ci/strict.json' }, KNOWN)).toMatchObject({ config: { failOn: 'info' }, source: 'ci/strict.json' });
    expect(findConfig({ root: dir, cwd: dir, file: 'ci/package.json' }, KNOWN)).toMatchObject({ config: { failOn: 'warning' }, source: 'ci/package.json#mcp-migrate' });
    expect(() => findConfig({ root: dir, cwd: dir, file: 'ci/missing.json' }, KNOWN)).toThrow('ci/missing.json: no such file (--config)');
  });

  it('finds the nearest configuration from the scanned root up to the repository root, else from the working directory', () => {
    const repo = tempTree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      'mcp-migrate.config.json': '{"failOn":"warning","exclude":["packages/server/src/generated/**","docs"]}',
      'packages/server/src/a.ts': '',
      'packages/other/mcp-migrate.config.json': '{"failOn":"info"}',
    });
    const fromServer = findConfig({ root: path.join(repo, 'packages/server'), cwd: path.join(repo, 'packages/server') }, KNOWN);
    expect(fromServer).toMatchObject({ config: { failOn: 'warning' }, source: '../../mcp-migrate.config.json', dir: repo });
    // Its globs are written from the repository root; the scan matches paths from packages/server.
    expect(fromServer.config.exclude).toEqual(['/src/generated/**', 'docs']);
    expect(findConfig({ root: path.join(repo, 'packages/other'), cwd: repo }, KNOWN).config.failOn).toBe('info');
    // Nothing above the scanned root (outside the repository): the working directory's configuration.
    const elsewhere = tempTree({ 'src/a.ts': '' });
    expect(findConfig({ root: elsewhere, cwd: repo }, KNOWN)).toMatchObject({ config: { failOn: 'warning' }, source: 'mcp-migrate.config.json' });
  });

  it('stops at the repository root', () => {
    const outer = tempTree({ 'mcp-migrate.config.json': '{"failOn":"none"}', 'inner/.git/HEAD': 'x', 'inner/src/a.ts': '' });
    expect(findConfig({ root: path.join(outer, 'inner/src'), cwd: path.join(outer, 'inner/src') }, KNOWN)).toEqual({ config: {} });
  });
});

describe('rebaseGlob', () => {
  it('rewrites a glob of the configuration\'s directory for a scanned subdirectory', () => {
    expect(rebaseGlob('packages/server/src/**', 'packages/server')).toBe('/src/**');
    expect(rebaseGlob('packages/*/test', 'packages/server')).toBe('/test');
    expect(rebaseGlob('!packages/server/src/keep.ts', 'packages/server')).toBe('!/src/keep.ts');
    expect(rebaseGlob('packages/**/gen', 'packages/server')).toBe('/**/gen');
    expect(rebaseGlob('packages', 'packages/server')).toBe('packages'); // slash-less: any depth
    expect(rebaseGlob('/packages', 'packages/server')).toBe('/**'); // the whole scanned tree
    expect(rebaseGlob('apps/web/**', 'packages/server')).toBeUndefined(); // nothing under the root
  });
});

describe('starterConfig', () => {
  it('is plain JSON that validates, with the default test globs and a $comment for each setting', () => {
    const dir = tempTree();
    fs.writeFileSync(path.join(dir, 'mcp-migrate.config.json'), starterConfig());
    const { config } = loadConfig(dir, KNOWN);
    expect(config).toEqual({ include: [], exclude: [], testFiles: [...DEFAULT_TEST_FILE_GLOBS], includeTests: false, rules: {}, failOn: 'error' });
    const raw = JSON.parse(starterConfig()) as Record<string, unknown>;
    for (const key of ['include', 'exclude', 'testFiles', 'rules', 'failOn', 'docsBaseUrl']) expect(raw).toHaveProperty(`$${key}`);
  });
});
