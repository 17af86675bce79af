/**
 * The nearest tsconfig.json / jsconfig.json of a file, reduced to what import
 * resolution needs (`baseUrl`, `paths`, `allowJs`).
 *
 * Parsing goes through TypeScript itself (`readConfigFile` +
 * `parseJsonConfigFileContent`) so comments, trailing commas and `extends`
 * chains (relative, package-style, arrays) behave exactly as in tsc. We give
 * it a host whose `readDirectory` returns nothing: we only want the options,
 * and expanding `include` would walk the whole monorepo once per config.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from '../typescript.js';
import type { FileDiagnostic } from '../model.js';

export interface ProjectConfig {
  /** Absolute path of the tsconfig.json / jsconfig.json that governs the directory. */
  configPath: string;
  /** Absolute. */
  baseUrl?: string;
  paths?: Record<string, string[]>;
  /**
   * Absolute directory that `paths` targets are relative to: `baseUrl` when set,
   * otherwise the directory of the config that declared `paths` (which may be
   * an extended base, per TS rules).
   */
  pathsBase?: string;
  allowJs?: boolean;
  /**
   * `allowImportingTsExtensions` or `rewriteRelativeImportExtensions`: relative imports may name the source file
   * (`./tools.ts`), as a project run by Node's type stripping must write them.
   */
  sourceExtensionImports?: boolean;
  /** `emitDecoratorMetadata`: a decorated member's parameter and property types are loaded at run time. */
  emitDecoratorMetadata?: boolean;
  /** Absolute `outDir` / `rootDir` when set: lets the resolver map a package's built entry back to its source. */
  outDir?: string;
  rootDir?: string;
  /**
   * Problems met while parsing (bad JSON, a missing relative `extends` base), as
   * `parse-error` diagnostics; a package `extends` that cannot be found (no
   * node_modules, as in a fresh clone) is a `note`. `file` is the offending config's path relative
   * to the `root` passed to `loadProjectConfig`, or absolute when none was given.
   */
  diagnostics: FileDiagnostic[];
}

/**
 * In a directory's order of preference. A project that commits only a shared `tsconfig.base.json` (its
 * `tsconfig.json` generated, or each build config extending the base) still has its `paths` there.
 */
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json', 'tsconfig.base.json'] as const;

/** "No inputs were found in config file": expected, since our host lists no files. */
const IGNORED_TS_ERRORS = new Set([18003]);

const nearestByDir = new Map<string, string | null>();
const parsedByPath = new Map<string, ProjectConfig>();

/** Nearest tsconfig.json (preferred), jsconfig.json or tsconfig.base.json at or above the file's directory. */
export function findNearestTsconfig(fileAbsPath: string): string | undefined {
  return findConfigFromDir(path.dirname(path.resolve(fileAbsPath)));
}

function findConfigFromDir(dir: string): string | undefined {
  const visited: string[] = [];
  let found: string | null = null;
  for (let d = dir; ; ) {
    const cached = nearestByDir.get(d);
    if (cached !== undefined) {
      found = cached;
      break;
    }
    visited.push(d);
    const hit = CONFIG_NAMES.map((n) => path.join(d, n)).find((p) => isFile(p));
    if (hit) {
      found = hit;
      break;
    }
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  // Every directory on the way shares the answer: one walk up per subtree, not per file.
  for (const d of visited) nearestByDir.set(d, found);
  return found ?? undefined;
}

/**
 * The parsed config governing files in `dir` (nearest config at or above it),
 * or undefined when there is none. Results are cached per directory and per
 * config file; call `clearTsconfigCache` if configs change on disk.
 */
export function loadProjectConfig(dir: string, root?: string): ProjectConfig | undefined {
  const configPath = findConfigFromDir(path.resolve(dir));
  if (!configPath) return undefined;
  const config = parseProjectConfig(configPath);
  if (root === undefined || config.diagnostics.length === 0) return config;
  const rel = (abs: string): string => path.relative(root, abs).split(path.sep).join('/');
  return { ...config, diagnostics: config.diagnostics.map((d) => ({ ...d, file: rel(d.file) })) };
}

/** Convenience: the config governing one source file. */
export function loadConfigForFile(fileAbsPath: string, root?: string): ProjectConfig | undefined {
  return loadProjectConfig(path.dirname(path.resolve(fileAbsPath)), root);
}

/** Parse one config file (with its `extends` chain). Never throws. */
export function parseProjectConfig(configPath: string): ProjectConfig {
  const cached = parsedByPath.get(configPath);
  if (cached) return cached;
  const result = parseUncached(configPath, new Set());
  parsedByPath.set(configPath, result);
  return result;
}

const parseHost: ts.ParseConfigHost = {
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  readDirectory: () => [],
  fileExists: (p) => ts.sys.fileExists(p),
  readFile: (p) => ts.sys.readFile(p),
};

function parseUncached(configPath: string, seen: Set<string>): ProjectConfig {
  seen.add(configPath);
  const diagnostics: FileDiagnostic[] = [];
  const report = (d: ts.Diagnostic): void => {
    if (IGNORED_TS_ERRORS.has(d.code)) return;
    const text = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    const missingPackage = unresolvedPackageExtends(d, text);
    if (missingPackage !== undefined) {
      diagnostics.push({ file: configPath, kind: 'note', message: `tsconfig: extends "${missingPackage}" is not installed (no node_modules?); scanned without its settings` });
      return;
    }
    diagnostics.push({ file: configPath, kind: 'parse-error', message: `tsconfig: ${text}` });
  };

  const read = ts.readConfigFile(configPath, parseHost.readFile);
  if (read.error) report(read.error);
  const isJsconfig = path.basename(configPath) === 'jsconfig.json';
  let options: ts.CompilerOptions = {};
  let references: readonly ts.ProjectReference[] = [];
  try {
    // jsconfig.json implies allowJs (as in the TS language service); the file can still turn it off.
    const parsed = ts.parseJsonConfigFileContent(
      read.config ?? {},
      parseHost,
      path.dirname(configPath),
      isJsconfig ? { allowJs: true } : undefined,
      configPath,
    );
    parsed.errors.forEach(report);
    options = parsed.options;
    references = parsed.projectReferences ?? [];
  } catch (error) {
    // TS does not throw on bad configs as far as we know; this is belt and braces.
    diagnostics.push({ file: configPath, kind: 'parse-error', message: `tsconfig: ${String(error)}` });
  }

  const config: ProjectConfig = { configPath, diagnostics };
  if (options.baseUrl) config.baseUrl = path.resolve(options.baseUrl);
  if (options.paths) {
    config.paths = options.paths;
    const declaredIn = (options as { pathsBasePath?: string }).pathsBasePath;
    config.pathsBase = config.baseUrl ?? path.resolve(declaredIn ?? path.dirname(configPath));
  } else if (config.baseUrl) {
    config.pathsBase = config.baseUrl;
  }
  if (options.allowJs !== undefined) config.allowJs = options.allowJs;
  if (options.allowImportingTsExtensions || options.rewriteRelativeImportExtensions) config.sourceExtensionImports = true;
  if (options.emitDecoratorMetadata) config.emitDecoratorMetadata = true;
  if (options.outDir) config.outDir = path.resolve(options.outDir);
  if (options.rootDir) config.rootDir = path.resolve(options.rootDir);

  // Solution-style configs (`"files": [], "references": [...]`, as in the Vite
  // templates) keep `paths` in a referenced config. Borrow the first one that
  // declares any; we do not work out which reference includes which file.
  if (!config.paths && !config.baseUrl) {
    for (const ref of references) {
      const refPath = ts.resolveProjectReferencePath(ref);
      if (seen.has(refPath) || !isFile(refPath)) continue;
      const sub = parseUncached(refPath, seen);
      if (sub.paths || sub.baseUrl) {
        if (sub.baseUrl) config.baseUrl = sub.baseUrl;
        if (sub.paths) config.paths = sub.paths;
        config.pathsBase = sub.pathsBase;
        if (config.allowJs === undefined && sub.allowJs !== undefined) config.allowJs = sub.allowJs;
        diagnostics.push(...sub.diagnostics);
        break;
      }
    }
  }
  return config;
}

/**
 * TS6053 "File '<name>' not found." naming a package (`@tsconfig/node20/tsconfig.json`), not a
 * path: the base lives in node_modules, which a fresh clone or a CI checkout without `npm ci`
 * lacks. Such bases carry compiler flags (strict, target), not the `paths` the scan relies on,
 * so this is a note, not a parse error of the scan.
 */
const FILE_NOT_FOUND = 6053;
function unresolvedPackageExtends(d: ts.Diagnostic, text: string): string | undefined {
  if (d.code !== FILE_NOT_FOUND) return undefined;
  const name = /^File '(.+)' not found\.?$/.exec(text)?.[1];
  if (name === undefined || path.isAbsolute(name) || name.startsWith('.')) return undefined;
  return name;
}

function isFile(p: string): boolean {
  try {
    // Asked for three names in every directory up from every file: a missing one must not cost an exception.
    return fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}
