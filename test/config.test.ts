/**
 * The configuration file: where it is read from, and exact messages for every mistake
 * (the CLI turns them into exit 2).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_TEST_FILE_GLOBS, loadConfig, starterConfig, validateConfig } from '../src/config.js';
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
      'mcp-migrate.config.json: unknown key "inclde" (known keys: include, exclude, testFiles, includeTests, rules, failOn, docsBaseUrl; keys starting with "$" are comments)',
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
    expect(loadConfig(fromFile, KNOWN)).toEqual({ config: { failOn: 'none' }, source: 'mcp-migrate.config.json' });
    const fromPackage = tempTree({ 'package.json': '{"name":"x","mcp-migrate":{"failOn":"info"}}' });
    expect(loadConfig(fromPackage, KNOWN)).toEqual({ config: { failOn: 'info' }, source: 'package.json#mcp-migrate' });
    expect(() => loadConfig(tempTree({ 'package.json': '{"mcp-migrate":{"failOn":1}}' }), KNOWN)).toThrow(
      'package.json#mcp-migrate: "failOn" must be one of "error", "warning", "info", "none", got 1',
    );
  });

  it('refuses two configurations and a file that is not JSON', () => {
    const both = tempTree({ 'mcp-migrate.config.json': '{}', 'package.json': '{"mcp-migrate":{}}' });
    expect(() => loadConfig(both, KNOWN)).toThrow(`both mcp-migrate.config.json and the "mcp-migrate" key of package.json configure mcp-migrate in ${both}; keep one`);
    const comments = tempTree({ 'mcp-migrate.config.json': '{ // a comment\n}' });
    expect(() => loadConfig(comments, KNOWN)).toThrow(/^mcp-migrate.config.json: not valid JSON \(.+\); comments go in "\$comment" keys$/);
  });

  it('does not judge a broken package.json that holds no settings of ours', () => {
    expect(loadConfig(tempTree({ 'package.json': '{ broken' }), KNOWN)).toEqual({ config: {} });
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
