/**
 * Project settings: `mcp-migrate.config.json` at the scanned root, or a `"mcp-migrate"` key in
 * its package.json (one or the other: two sources would leave users guessing which one won).
 *
 * The file is strict JSON, deliberately: a `.json` file with comments breaks every other tool
 * that reads it (editors, jq, `JSON.parse` in scripts). Comments go in keys starting with `$`
 * (`"$comment"`, as in JSON Schema), which are ignored anywhere in the file.
 *
 * Validation is exact: every problem names the file, the key and what was expected, and the
 * CLI turns it into exit 2. Command-line options win over the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SEVERITIES, type Severity } from './model.js';
import type { FailOn } from './reporters/verdict.js';

export const CONFIG_FILE_NAME = 'mcp-migrate.config.json';
export const PACKAGE_JSON_KEY = 'mcp-migrate';

export type RuleSetting = Severity | 'off';
export const RULE_SETTINGS: readonly RuleSetting[] = ['off', ...SEVERITIES];
export const FAIL_ON_VALUES: readonly FailOn[] = ['error', 'warning', 'info', 'none'];

/**
 * Test files by default: findings there are reported in their own group, outside the gate
 * (a test that fakes a session id is not a server relying on one).
 */
export const DEFAULT_TEST_FILE_GLOBS: readonly string[] = Object.freeze([
  '**/*.test.*',
  '**/*.spec.*',
  '**/test/**',
  '**/tests/**',
  '**/__tests__/**',
]);

export interface Config {
  include?: string[];
  exclude?: string[];
  /** Globs of test files (replace the defaults). */
  testFiles?: string[];
  /** Put findings in test files back in the gate. */
  includeTests?: boolean;
  /** Per-rule severity; `off` does not run the rule. */
  rules?: Record<string, RuleSetting>;
  failOn?: FailOn;
  docsBaseUrl?: string;
}

export interface LoadedConfig {
  config: Config;
  /** Where it came from (`mcp-migrate.config.json` or `package.json#mcp-migrate`), for messages. */
  source?: string;
}

export class ConfigError extends Error {}

const KNOWN_KEYS = ['include', 'exclude', 'testFiles', 'includeTests', 'rules', 'failOn', 'docsBaseUrl'] as const;

/** Reads the configuration of the project at `root`; no file is an empty configuration. */
export function loadConfig(root: string, knownRuleIds: ReadonlySet<string>): LoadedConfig {
  const configPath = path.join(root, CONFIG_FILE_NAME);
  const fromFile = readJson(configPath, CONFIG_FILE_NAME);
  const packageJson = readJson(path.join(root, 'package.json'), 'package.json');
  const fromPackage = isObject(packageJson) ? packageJson[PACKAGE_JSON_KEY] : undefined;
  const packageSource = `package.json#${PACKAGE_JSON_KEY}`;

  if (fromFile !== undefined && fromPackage !== undefined) {
    throw new ConfigError(`both ${CONFIG_FILE_NAME} and the "${PACKAGE_JSON_KEY}" key of package.json configure mcp-migrate in ${root}; keep one`);
  }
  if (fromFile !== undefined) return { config: validateConfig(fromFile, CONFIG_FILE_NAME, knownRuleIds), source: CONFIG_FILE_NAME };
  if (fromPackage !== undefined) return { config: validateConfig(fromPackage, packageSource, knownRuleIds), source: packageSource };
  return { config: {} };
}

/** undefined when the file does not exist; a ConfigError when it exists but is not JSON. */
function readJson(file: string, label: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new ConfigError(`${label}: cannot be read (${code ?? (error as Error).message})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // A broken package.json is not ours to judge unless it is where our settings would be.
    if (label === 'package.json') return undefined;
    throw new ConfigError(`${label}: not valid JSON (${(error as Error).message}); comments go in "$comment" keys`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return JSON.stringify(value);
}

const oneOf = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ');

export function validateConfig(value: unknown, source: string, knownRuleIds: ReadonlySet<string>): Config {
  const fail = (message: string): never => {
    throw new ConfigError(`${source}: ${message}`);
  };
  if (!isObject(value)) return fail(`expected an object, got ${describe(value)}`);
  const config: Config = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key.startsWith('$')) continue;
    switch (key) {
      case 'include':
      case 'exclude':
      case 'testFiles':
        config[key] = globList(entry, key, fail);
        break;
      case 'includeTests':
        if (typeof entry !== 'boolean') fail(`"includeTests" must be true or false, got ${describe(entry)}`);
        config.includeTests = entry as boolean;
        break;
      case 'failOn':
        if (typeof entry !== 'string' || !(FAIL_ON_VALUES as readonly string[]).includes(entry)) {
          fail(`"failOn" must be one of ${oneOf(FAIL_ON_VALUES)}, got ${describe(entry)}`);
        }
        config.failOn = entry as FailOn;
        break;
      case 'docsBaseUrl':
        if (typeof entry !== 'string' || !/^https?:\/\/[^\s/]+/.test(entry)) {
          fail(`"docsBaseUrl" must be an absolute http(s) URL (e.g. "https://github.com/OWNER/REPO/blob/main/"), got ${describe(entry)}`);
        }
        config.docsBaseUrl = entry as string;
        break;
      case 'rules':
        config.rules = ruleSettings(entry, knownRuleIds, fail);
        break;
      default:
        fail(`unknown key "${key}" (known keys: ${KNOWN_KEYS.join(', ')}; keys starting with "$" are comments)`);
    }
  }
  return config;
}

function globList(value: unknown, key: string, fail: (message: string) => never): string[] {
  if (!Array.isArray(value) || value.some((glob) => typeof glob !== 'string' || glob.trim() === '')) {
    return fail(`"${key}" must be an array of glob strings (e.g. ["src/**"]), got ${describe(value)}`);
  }
  return value as string[];
}

function ruleSettings(value: unknown, knownRuleIds: ReadonlySet<string>, fail: (message: string) => never): Record<string, RuleSetting> {
  if (!isObject(value)) return fail(`"rules" must be an object of rule id to one of ${oneOf(RULE_SETTINGS)}, got ${describe(value)}`);
  const settings: Record<string, RuleSetting> = {};
  for (const [ruleId, setting] of Object.entries(value)) {
    if (ruleId.startsWith('$')) continue;
    if (!knownRuleIds.has(ruleId)) fail(`"rules": unknown rule "${ruleId}" (\`mcp-migrate rules\` lists them)`);
    if (typeof setting !== 'string' || !(RULE_SETTINGS as readonly string[]).includes(setting)) {
      fail(`"rules"."${ruleId}" must be one of ${oneOf(RULE_SETTINGS)}, got ${describe(setting)}`);
    }
    settings[ruleId] = setting as RuleSetting;
  }
  return settings;
}

/** The severity a rule runs with under this configuration (`off`: not run). */
export function effectiveSeverity(ruleId: string, defaultSeverity: Severity, config: Config): RuleSetting {
  return config.rules?.[ruleId] ?? defaultSeverity;
}

/**
 * What `mcp-migrate init` writes: every setting with its default, explained in `$comment`
 * keys so the file stays plain JSON.
 */
export function starterConfig(): string {
  const starter = {
    $comment: [
      'mcp-migrate settings (https://www.npmjs.com/package/mcp-migrate). Plain JSON: explanations live in "$comment" keys,',
      'which mcp-migrate ignores. Command-line options win over this file.',
    ],
    $include: 'Globs over paths relative to this directory; only matching files are scanned. Empty: everything not ignored.',
    include: [],
    $exclude: 'Globs of files and directories not to scan (.gitignore and .mcp-migrateignore apply as well).',
    exclude: [],
    $testFiles: 'Test files: their findings are listed in their own group, outside the gate, unless includeTests is true.',
    testFiles: [...DEFAULT_TEST_FILE_GLOBS],
    includeTests: false,
    $rules: 'Per-rule severity: "off", "info", "warning" or "error" (`mcp-migrate rules` lists the rules and their severity).',
    rules: {},
    $failOn: 'Lowest severity that fails the run (exit 1): "error", "warning", "info" or "none".',
    failOn: 'error',
    $docsBaseUrl: 'Base of rule-doc links in Markdown and SARIF reports, e.g. your fork: "https://github.com/OWNER/mcp-migrate/blob/main/". Unset: the published package.',
  };
  return `${JSON.stringify(starter, null, 2)}\n`;
}
