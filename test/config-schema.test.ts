/**
 * The shipped JSON Schema of the configuration: current with the rules and keys, accepting every
 * configuration mcp-migrate accepts (the starter `init` writes, the README's example) and refusing
 * what it refuses, so an editor's squiggles agree with the CLI's exit 2.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_PATH, CONFIG_SCHEMA_URL, ConfigError, starterConfig, validateConfig } from '../src/config.js';
import { renderConfigSchema } from '../src/config-schema.js';
import { RULE_METAS } from '../src/rules/index.js';
import { runCli } from './support/run-cli.js';
import { tempTree } from './support/temp-tree.js';

const REPO = path.resolve(import.meta.dirname, '..');
const SCHEMA_TEXT = fs.readFileSync(path.join(REPO, CONFIG_SCHEMA_PATH), 'utf8');
const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(SCHEMA_TEXT) as object);
const KNOWN = new Set(RULE_METAS.map((m) => m.id));

const accepted = (value: unknown): boolean => {
  try {
    validateConfig(value, 'config', KNOWN);
    return true;
  } catch (error) {
    if (error instanceof ConfigError) return false;
    throw error;
  }
};

/** The README's configuration example (the JSON block of its Configuration section). */
function readmeExample(): unknown {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Configuration'));
  return JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!);
}

describe('the configuration schema', () => {
  it('is current (`npm run schema` regenerates it)', () => {
    expect(SCHEMA_TEXT).toBe(renderConfigSchema(RULE_METAS));
  });

  it('accepts what init writes, which points $schema at this version\'s copy', async () => {
    const dir = tempTree();
    expect((await runCli(['init', dir])).code).toBe(0);
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'mcp-migrate.config.json'), 'utf8')) as Record<string, unknown>;
    expect(written.$schema).toBe(CONFIG_SCHEMA_URL);
    expect(CONFIG_SCHEMA_URL).toMatch(/^https:\/\/unpkg\.com\/mcp-migrate@\d+\.\d+\.\d+[^/]*\/schema\/mcp-migrate\.config\.schema\.json$/);
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(JSON.parse(starterConfig()))).toBe(true);
  });

  it('accepts the README example and every rule at every setting', () => {
    expect(validate(readmeExample()), JSON.stringify(validate.errors)).toBe(true);
    const everyRule = { rules: Object.fromEntries(RULE_METAS.map((m, i) => [m.id, ['off', 'info', 'warning', 'error'][i % 4]])) };
    expect(validate(everyRule)).toBe(true);
    expect(accepted(everyRule)).toBe(true);
  });

  it('refuses what the CLI refuses', () => {
    const refused: unknown[] = [
      [],
      { inclde: [] },
      { include: 'src/**' },
      { exclude: ['ok', ' '] },
      { includeTests: 'yes' },
      { failOn: 'fatal' },
      { docsBaseUrl: 'docs/' },
      { rules: ['x'] },
      { rules: { 'session-state/nope': 'off' } },
      { rules: { 'server-push/ping': 'warn' } },
    ];
    for (const config of refused) {
      expect(accepted(config), JSON.stringify(config)).toBe(false);
      expect(validate(config), JSON.stringify(config)).toBe(false);
    }
    const comments = { $comment: 'x', rules: { $comment: 'y' }, $include: 'z' };
    expect(accepted(comments)).toBe(true);
    expect(validate(comments)).toBe(true);
  });
});
