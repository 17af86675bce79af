/**
 * The JSON Schema of mcp-migrate.config.json, for editor completion and checks (`$schema` in the
 * starter `init` writes). Built from the same tables as `validateConfig` (keys, severities, rule
 * ids), and shipped as schema/mcp-migrate.config.schema.json: `npm run schema` rewrites that file,
 * and a test fails while it differs from this.
 */
import { DEFAULT_TEST_FILE_GLOBS, FAIL_ON_VALUES, KNOWN_KEYS, RULE_SETTINGS } from './config.js';
import type { RuleMeta } from './model.js';

type JsonSchema = Record<string, unknown>;

/** Keys starting with `$` are comments, anywhere in the file. */
const COMMENT_KEYS = { '^\\$': {} };

const globs = (description: string, defaults?: readonly string[]): JsonSchema => ({
  description,
  type: 'array',
  items: { type: 'string', pattern: '\\S' },
  ...(defaults ? { default: [...defaults] } : {}),
});

function configSchema(rules: readonly Pick<RuleMeta, 'id' | 'severity' | 'summary'>[]): JsonSchema {
  const properties: Record<(typeof KNOWN_KEYS)[number], JsonSchema> = {
    include: globs('Globs over paths relative to this directory; only matching files are scanned. Empty: everything not ignored. A leading "!" negates.'),
    exclude: globs('Globs of files and directories not to scan (.gitignore and .mcp-migrateignore apply as well). A leading "!" brings a path back.'),
    testFiles: globs('Test files: their findings are listed in their own group, outside the gate, unless includeTests is true.', DEFAULT_TEST_FILE_GLOBS),
    includeTests: { description: 'Put findings in test files back in the gate.', type: 'boolean', default: false },
    rules: {
      description: 'Per-rule severity; "off" does not run the rule (`mcp-migrate rules` lists the rules and their severity).',
      type: 'object',
      properties: Object.fromEntries(rules.map((rule) => [rule.id, { description: `${rule.summary} (default: ${rule.severity})`, enum: [...RULE_SETTINGS] }])),
      patternProperties: COMMENT_KEYS,
      additionalProperties: false,
    },
    failOn: { description: 'Lowest severity that fails the run (exit 1).', enum: [...FAIL_ON_VALUES], default: 'error' },
    docsBaseUrl: {
      description: 'Base of rule-doc links in Markdown and SARIF reports, e.g. your fork: "https://github.com/OWNER/mcp-migrate/blob/main/". Unset: the published package.',
      type: 'string',
      pattern: '^https?://[^\\s/]+',
    },
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://unpkg.com/mcp-migrate/schema/mcp-migrate.config.schema.json',
    title: 'mcp-migrate configuration',
    description: 'mcp-migrate.config.json, or the "mcp-migrate" key of package.json. Plain JSON: explanations go in keys starting with "$".',
    type: 'object',
    properties,
    patternProperties: COMMENT_KEYS,
    additionalProperties: false,
  };
}

export function renderConfigSchema(rules: readonly Pick<RuleMeta, 'id' | 'severity' | 'summary'>[]): string {
  return `${JSON.stringify(configSchema(rules), null, 2)}\n`;
}
