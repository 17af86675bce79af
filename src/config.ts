/**
 * Project settings: `mcp-migrate.config.json`, or a `"mcp-migrate"` key in package.json (one or the
 * other in a directory: two sources would leave users guessing which one won). Found as ESLint and
 * knip users expect (`findConfig`): `--config <file>` if given, else the nearest one from the
 * scanned root up to its repository root, else from the working directory up to its repository root.
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
import picomatch from 'picomatch';
import { SEVERITIES, type Severity } from './model.js';
import type { FailOn } from './reporters/verdict.js';
import { locateJsonError } from './json-error.js';
import { didYouMean } from './suggest.js';
import { VERSION } from './version.js';
import { parseJson } from './json-text.js';

export const CONFIG_FILE_NAME = 'mcp-migrate.config.json';
export const PACKAGE_JSON_KEY = 'mcp-migrate';
/** The JSON Schema of the file, shipped in the package; `init` points `$schema` at this version's copy. */
export const CONFIG_SCHEMA_PATH = 'schema/mcp-migrate.config.schema.json';
export const CONFIG_SCHEMA_URL = `https://unpkg.com/mcp-migrate@${VERSION}/${CONFIG_SCHEMA_PATH}`;

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
  /** The directory it was found in (its globs are relative to it). */
  dir?: string;
}

export class ConfigError extends Error {}

export const KNOWN_KEYS = ['include', 'exclude', 'testFiles', 'includeTests', 'rules', 'failOn', 'docsBaseUrl'] as const;

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
  if (fromFile !== undefined) return { config: validateConfig(fromFile, CONFIG_FILE_NAME, knownRuleIds), source: CONFIG_FILE_NAME, dir: root };
  if (fromPackage !== undefined) return { config: validateConfig(fromPackage, packageSource, knownRuleIds), source: packageSource, dir: root };
  return { config: {} };
}

export interface ConfigLookup {
  /** The scanned root (`reportRoot`): globs of the configuration are rebased onto it. */
  root: string;
  cwd: string;
  /** `--config <file>`, relative to cwd: that file and no other (a package.json: its "mcp-migrate" key). */
  file?: string;
}

/**
 * The configuration that applies to a run (see the header for the order), its globs rebased from its
 * directory onto the scanned root. No configuration anywhere is an empty one.
 */
export function findConfig(lookup: ConfigLookup, knownRuleIds: ReadonlySet<string>): LoadedConfig {
  const found = lookup.file ? loadConfigFile(path.resolve(lookup.cwd, lookup.file), lookup.file, knownRuleIds) : searchConfig(lookup, knownRuleIds);
  if (!found.dir || !found.source) return found;
  const source = lookup.file || found.dir === path.resolve(lookup.root) ? found.source : sourceFromCwd(found.source, found.dir, lookup.cwd);
  return { config: rebaseConfig(found.config, found.dir, lookup.root), source, dir: found.dir };
}

/** Found above the scanned root: `package.json#mcp-migrate` in `../..` → `../../package.json#mcp-migrate`, a path the user can open. */
function sourceFromCwd(source: string, dir: string, cwd: string): string {
  const [fileName, key] = source.split('#');
  return `${path.relative(cwd, path.join(dir, fileName!)) || fileName}${key ? `#${key}` : ''}`;
}

function searchConfig(lookup: ConfigLookup, knownRuleIds: ReadonlySet<string>): LoadedConfig {
  for (const start of [lookup.root, lookup.cwd]) {
    for (const dir of upToRepositoryRoot(start)) {
      const loaded = loadConfig(dir, knownRuleIds);
      if (loaded.source) return loaded;
    }
  }
  return { config: {} };
}

/** `dir`, then each parent up to and including the first that holds `.git` (or the file-system root). */
function* upToRepositoryRoot(dir: string): Generator<string> {
  for (let d = path.resolve(dir); ; ) {
    yield d;
    const up = path.dirname(d);
    if (up === d || fs.existsSync(path.join(d, '.git'))) return;
    d = up;
  }
}

function loadConfigFile(file: string, shown: string, knownRuleIds: ReadonlySet<string>): LoadedConfig {
  if (!fs.existsSync(file)) throw new ConfigError(`${shown}: no such file (--config)`);
  if (path.basename(file) === 'package.json') {
    const json = readJson(file, shown, true);
    const settings = isObject(json) ? json[PACKAGE_JSON_KEY] : undefined;
    if (settings === undefined) throw new ConfigError(`${shown}: has no "${PACKAGE_JSON_KEY}" key (--config)`);
    return { config: validateConfig(settings, `${shown}#${PACKAGE_JSON_KEY}`, knownRuleIds), source: `${shown}#${PACKAGE_JSON_KEY}`, dir: path.dirname(file) };
  }
  return { config: validateConfig(readJson(file, shown), shown, knownRuleIds), source: shown, dir: path.dirname(file) };
}

/** The globs of a configuration in `configDir`, rewritten to match paths relative to `root`. */
function rebaseConfig(config: Config, configDir: string, root: string): Config {
  const prefix = path.relative(configDir, root).split(path.sep).join('/');
  // Same directory, or a root outside the configuration's directory (its globs are then read from the root).
  if (prefix === '' || prefix.startsWith('..') || path.isAbsolute(prefix)) return config;
  const rebase = (globs: string[] | undefined): string[] | undefined => globs && globs.flatMap((glob) => rebaseGlob(glob, prefix) ?? []);
  return {
    ...config,
    ...(config.include ? { include: rebase(config.include) } : {}),
    ...(config.exclude ? { exclude: rebase(config.exclude) } : {}),
    ...(config.testFiles ? { testFiles: rebase(config.testFiles) } : {}),
  };
}

/**
 * A glob written relative to a directory, rewritten for paths relative to its subdirectory `prefix`
 * (`packages/server`): `packages/*\/src/**` → `/src/**`. Undefined when it can match nothing there.
 * Slash-less globs match at any depth and stay as they are.
 */
export function rebaseGlob(glob: string, prefix: string): string | undefined {
  const negated = glob.startsWith('!');
  let body = negated ? glob.slice(1) : glob;
  while (body.startsWith('./')) body = body.slice(2);
  const anchored = body.startsWith('/');
  body = body.replace(/^\/+/, '').replace(/\/+$/, '');
  if (!anchored && !body.includes('/')) return glob;
  const segments = body.split('/');
  const prefixSegments = prefix.split('/');
  let i = 0;
  for (const directory of prefixSegments) {
    const segment = segments[i];
    if (segment === undefined) return `${negated ? '!' : ''}/**`; // the glob names a directory above the root: all of it
    if (segment === '**') return `${negated ? '!' : ''}/${segments.slice(i).join('/')}`;
    if (!picomatch(segment, { dot: true, posix: true })(directory)) return undefined;
    i++;
  }
  const rest = segments.slice(i);
  return `${negated ? '!' : ''}/${rest.length ? rest.join('/') : '**'}`;
}

/** undefined when the file does not exist; a ConfigError when it exists but is not JSON. */
function readJson(file: string, label: string, strict = label !== 'package.json'): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new ConfigError(`${label}: cannot be read (${code ?? (error as Error).message})`);
  }
  try {
    return parseJson(text) as unknown;
  } catch (error) {
    // A broken package.json is not ours to judge unless it is where our settings would be.
    if (!strict) return undefined;
    const where = locateJsonError(text);
    const at = where ? `:${where.line}:${where.column}` : '';
    throw new ConfigError(`${label}${at}: not valid JSON (${where?.message ?? (error as Error).message}); comments go in "$comment" keys`);
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
        fail(`unknown key "${key}"${didYouMean(key, KNOWN_KEYS)} (known keys: ${KNOWN_KEYS.join(', ')}; keys starting with "$" are comments)`);
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
    if (!knownRuleIds.has(ruleId)) fail(`"rules": unknown rule "${ruleId}"${didYouMean(ruleId, knownRuleIds)} (\`mcp-migrate rules\` lists them)`);
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
    $schema: CONFIG_SCHEMA_URL,
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
