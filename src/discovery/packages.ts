/**
 * package.json lookups for the module resolver: subpath `imports`
 * (`#internal/x`) and workspace packages (bare names that npm, yarn and pnpm
 * workspaces symlink into node_modules, pointing back into the repository).
 *
 * Only file existence, realpath and package.json reads are involved, all
 * cached, so this stays cheap on large repositories.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { exactGlobRegExp } from './glob.js';
import { parseJson } from '../json-text.js';

export interface PackageInfo {
  /** Absolute, real path of the package directory. */
  dir: string;
  json: Record<string, unknown>;
}

/** `@scope/name/sub/path` → { name: '@scope/name', subpath: 'sub/path' }; undefined for non-package specifiers. */
export function splitPackageSpecifier(spec: string): { name: string; subpath: string } | undefined {
  if (spec === '' || spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('#') || /^[a-z]+:/i.test(spec)) {
    return undefined;
  }
  const parts = spec.split('/');
  const nameParts = spec.startsWith('@') ? 2 : 1;
  if (parts.length < nameParts || parts.slice(0, nameParts).some((p) => p === '')) return undefined;
  return { name: parts.slice(0, nameParts).join('/'), subpath: parts.slice(nameParts).join('/') };
}

/**
 * Targets of an `exports` / `imports` map for `key` ('.', './sub', '#x'):
 * exact key first, else the `*` pattern with the longest prefix (Node's rule),
 * with `*` substituted. All conditional branches are returned in declaration
 * order: we want whichever one leads to source, not the one Node would load.
 */
export function subpathTargets(map: unknown, key: string): string[] {
  if (map === null || map === undefined) return [];
  // Sugar: `"exports": "./x.js"` or `{ "import": …, "require": … }` means `{ ".": … }`.
  if (typeof map === 'string' || Array.isArray(map) || !Object.keys(map as object).some(isSubpathKey)) {
    return key === '.' ? flattenConditions(map) : [];
  }
  const entries = map as Record<string, unknown>;
  if (Object.hasOwn(entries, key)) return flattenConditions(entries[key]);
  let best: { prefix: string; suffix: string; value: unknown } | undefined;
  for (const [k, value] of Object.entries(entries)) {
    const star = k.indexOf('*');
    if (star === -1) continue;
    const prefix = k.slice(0, star);
    const suffix = k.slice(star + 1);
    if (key.length >= k.length - 1 && key.startsWith(prefix) && key.endsWith(suffix)) {
      if (!best || prefix.length > best.prefix.length) best = { prefix, suffix, value };
    }
  }
  if (!best) return [];
  const match = key.slice(best.prefix.length, key.length - best.suffix.length);
  return flattenConditions(best.value).map((t) => t.split('*').join(match));
}

function isSubpathKey(k: string): boolean {
  return k.startsWith('.') || k.startsWith('#');
}

function flattenConditions(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(flattenConditions);
  if (value && typeof value === 'object') return Object.values(value).flatMap(flattenConditions);
  return []; // null: explicitly not exported
}

/** Candidate entry targets of a package for a subpath ('' = the package itself), most source-like first. */
export function entryTargets(pkg: PackageInfo, subpath: string): string[] {
  const key = subpath ? `./${subpath}` : '.';
  const targets = subpathTargets(pkg.json.exports, key);
  if (subpath) {
    targets.push(`./${subpath}`);
  } else {
    for (const field of ['source', 'module', 'main', 'types', 'typings']) {
      const v = pkg.json[field];
      // Unlike `exports`, these fields may omit the leading `./`.
      if (typeof v === 'string') targets.push(v.startsWith('./') ? v : `./${v.replace(/^\/+/, '')}`);
    }
    targets.push('./index', './src/index');
  }
  return [...new Set(targets)];
}

export class PackageIndex {
  private readonly nearestByDir = new Map<string, PackageInfo | null>();
  private readonly jsonByDir = new Map<string, Record<string, unknown> | null>();
  /** `${dir}/node_modules/${name}` → the workspace package it links to, or why not. */
  private readonly linkCache = new Map<string, PackageInfo | 'dependency' | 'absent'>();
  private readonly nodeModulesByDir = new Map<string, boolean>();
  private readonly patternsByDir = new Map<string, string[]>();
  private readonly rootsByDir = new Map<string, readonly string[]>();
  private readonly workspaceByRoot = new Map<string, Map<string, PackageInfo>>();
  /** Workspace declarations that could not be read (an invalid pnpm-workspace.yaml, `workspaces` of the wrong shape), by file. */
  readonly problems = new Map<string, string>();

  /** Nearest package.json at or above `dir` (for `imports`). */
  nearestPackage(dir: string): PackageInfo | undefined {
    const visited: string[] = [];
    let found: PackageInfo | null = null;
    for (let d = dir; ; ) {
      const cached = this.nearestByDir.get(d);
      if (cached !== undefined) {
        found = cached;
        break;
      }
      visited.push(d);
      const json = this.readJson(d);
      if (json) {
        found = { dir: d, json };
        break;
      }
      const up = path.dirname(d);
      if (up === d) break;
      d = up;
    }
    for (const d of visited) this.nearestByDir.set(d, found);
    return found ?? undefined;
  }

  /**
   * The workspace package `name` as seen from `dir`: found through the
   * node_modules directories above `dir`, and only if the link leads out of
   * node_modules (a real dependency resolves inside it and is not ours).
   */
  workspacePackage(dir: string, name: string): PackageInfo | undefined {
    for (let d = dir; ; ) {
      // Most directories have no node_modules: one cached check each instead of one probe per package name.
      if (path.basename(d) !== 'node_modules' && this.hasNodeModules(d)) {
        const linkPath = path.join(d, 'node_modules', name);
        let info = this.linkCache.get(linkPath);
        if (info === undefined) {
          info = this.inspectLink(linkPath);
          this.linkCache.set(linkPath, info);
        }
        // The nearest node_modules entry wins, as in Node.
        if (info === 'dependency') return undefined;
        if (info !== 'absent') return info;
      }
      const up = path.dirname(d);
      if (up === d) break;
      d = up;
    }
    // Not installed (a fresh clone, a CI checkout before `pnpm install`): the workspaces the repository
    // declares, nearest root first.
    for (const root of this.workspaceRoots(dir)) {
      const found = this.declaredWorkspace(root).get(name);
      if (found) return found;
    }
    return undefined;
  }

  /** The directory of the package `name` that a workspace at or above `dir` declares (installed or not). */
  declaredWorkspacePackageDir(dir: string, name: string): string | undefined {
    for (const root of this.workspaceRoots(dir)) {
      const found = this.declaredWorkspace(root).get(name);
      if (found) return found.dir;
    }
    return undefined;
  }

  /**
   * Directories at or above `dir` that declare workspaces: package.json `workspaces` (npm, yarn, bun:
   * an array or `{ packages: [...] }`) or `pnpm-workspace.yaml` `packages:`.
   */
  private workspaceRoots(dir: string): readonly string[] {
    // Asked once per importing file: every directory's answer is its own root (if any) before its parent's,
    // kept per directory so that a monorepo's files share the walk up.
    const cached = this.rootsByDir.get(dir);
    if (cached) return cached;
    let roots: readonly string[] = [];
    if (path.basename(dir) !== 'node_modules') { // never inside a dependency
      const up = path.dirname(dir);
      const above = up === dir ? [] : this.workspaceRoots(up);
      roots = this.workspacePatterns(dir).length ? [dir, ...above] : above;
    }
    this.rootsByDir.set(dir, roots);
    return roots;
  }

  private workspacePatterns(dir: string): string[] {
    let patterns = this.patternsByDir.get(dir);
    if (patterns !== undefined) return patterns;
    patterns = [];
    const json = this.readJson(dir);
    const declared = json?.workspaces;
    const list = Array.isArray(declared) ? declared : declared && typeof declared === 'object' ? (declared as { packages?: unknown }).packages : undefined;
    if (Array.isArray(list)) patterns.push(...list.filter((p): p is string => typeof p === 'string'));
    else if (declared !== undefined) this.problems.set(path.join(dir, 'package.json'), '`workspaces` is neither a list of globs nor `{ "packages": [...] }`, so no workspace package is found by its name from here');
    const pnpmFile = path.join(dir, 'pnpm-workspace.yaml');
    // Most directories have none: test first (a failed read costs an exception, thousands of them in a monorepo).
    if (isFile(pnpmFile)) {
      try {
        patterns.push(...pnpmWorkspacePackages(fs.readFileSync(pnpmFile, 'utf8')));
      } catch (error) {
        // Unreadable or not YAML (review 40 R40-15: ignored silently, and imports between the packages went unresolved).
        this.problems.set(pnpmFile, `${(error as Error).message.split('\n')[0]!.replace(/:\s*$/, '')}: no workspace package is found by its name from here, so code reached through one is missing from the analysis`);
      }
    }
    this.patternsByDir.set(dir, patterns);
    return patterns;
  }

  /** Package name → package of every workspace a root declares (its globs expanded once, cached). */
  private declaredWorkspace(root: string): Map<string, PackageInfo> {
    let byName = this.workspaceByRoot.get(root);
    if (byName) return byName;
    byName = new Map();
    this.workspaceByRoot.set(root, byName);
    const patterns = this.workspacePatterns(root);
    const excluded = patterns.filter((p) => p.startsWith('!')).map((p) => exactGlobRegExp(p.slice(1)));
    for (const pattern of patterns) {
      if (pattern.startsWith('!')) continue;
      for (const rel of expandDirectoryGlob(root, pattern)) {
        if (excluded.some((re) => re.test(rel))) continue;
        const dir = path.join(root, rel);
        const json = this.readJson(dir);
        const name = json?.name;
        if (typeof name === 'string' && !byName.has(name)) byName.set(name, { dir, json: json! });
      }
    }
    return byName;
  }

  private hasNodeModules(dir: string): boolean {
    let has = this.nodeModulesByDir.get(dir);
    if (has === undefined) {
      has = fs.existsSync(path.join(dir, 'node_modules'));
      this.nodeModulesByDir.set(dir, has);
    }
    return has;
  }

  private inspectLink(linkPath: string): PackageInfo | 'dependency' | 'absent' {
    if (!fs.existsSync(linkPath)) return 'absent'; // existsSync does not throw: cheaper than a failing realpath
    let real: string;
    try {
      real = fs.realpathSync(linkPath);
    } catch {
      return 'absent';
    }
    if (real.split(path.sep).includes('node_modules')) return 'dependency';
    const json = this.readJson(real);
    return json ? { dir: real, json } : 'dependency';
  }

  private readJson(dir: string): Record<string, unknown> | null {
    let json = this.jsonByDir.get(dir);
    if (json !== undefined) return json;
    json = null;
    const file = path.join(dir, 'package.json');
    // Most directories have none: test first instead of failing a read (an exception each).
    if (!isFile(file)) {
      this.jsonByDir.set(dir, json);
      return json;
    }
    try {
      const parsed: unknown = parseJson(fs.readFileSync(file, 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      // Missing or malformed: not a package root.
    }
    this.jsonByDir.set(dir, json);
    return json;
  }
}

/** Whether `p` is a file, without throwing (and building an error) when it does not exist. */
function isFile(p: string): boolean {
  try {
    return fs.statSync(p, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false; // not a directory on the way (ENOTDIR), no permission
  }
}

/**
 * The `packages:` list of a pnpm-workspace.yaml, read by a YAML parser (indentless `- a`, flow lists over
 * several lines, quoting and comments are all plain YAML). A file that is not valid YAML throws.
 */
export function pnpmWorkspacePackages(text: string): string[] {
  // Throws on a file that is not YAML: the caller says so (it declares no package).
  const document: unknown = parseYaml(text);
  const packages = document !== null && typeof document === 'object' ? (document as { packages?: unknown }).packages : undefined;
  return Array.isArray(packages) ? packages.filter((p): p is string => typeof p === 'string' && p !== '') : [];
}

/** Most directories a `**` pattern may descend (workspace globs are shallow in practice). */
const MAX_GLOB_DEPTH = 4;
const SKIPPED_WORKSPACE_DIRS = new Set(['node_modules', '.git', 'dist', 'build']);

/** Directories (relative to `root`, `/`-separated) that a workspace pattern (`packages/*`, `apps/**`, `tools/cli`) names. */
function expandDirectoryGlob(root: string, pattern: string): string[] {
  const segments = pattern.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '').split('/').filter((s) => s !== '' && s !== '.');
  let current = [''];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const next: string[] = [];
    for (const rel of current) {
      if (segment === '**') {
        const walk = (r: string, depth: number): void => {
          next.push(r);
          if (depth >= MAX_GLOB_DEPTH) return;
          for (const child of subdirectories(path.join(root, r))) walk(r ? `${r}/${child}` : child, depth + 1);
        };
        walk(rel, 0);
      } else if (/[*?[{]/.test(segment)) {
        const re = exactGlobRegExp(segment);
        for (const child of subdirectories(path.join(root, rel))) if (re.test(child)) next.push(rel ? `${rel}/${child}` : child);
      } else {
        const candidate = rel ? `${rel}/${segment}` : segment;
        if (isDirectory(path.join(root, candidate))) next.push(candidate);
      }
    }
    current = [...new Set(next)];
  }
  return current.filter((r) => r !== '');
}

function subdirectories(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !SKIPPED_WORKSPACE_DIRS.has(e.name) && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

export function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** Which major of a package a file's project uses: `(fromFile, pkg)` → the major, or undefined when nothing says. */
export type DependencyMajorFn = (fromFile: string, pkg: string) => number | undefined;

/**
 * The major of `pkg` the code under `dir` uses: the range the nearest package.json declaring it asks for (`^1.0.2` → 1;
 * what the project means, also before an upgrade in package.json is installed), else the installed version Node's
 * lookup finds (a workspace whose root installs it), else undefined.
 */
export function dependencyMajor(pkg: string, dir: string): number | undefined {
  const declared = declaredMajor(pkg, dir);
  if (declared !== undefined) return declared;
  const installed = findInstalledVersion(pkg, dir);
  const major = installed !== undefined ? /^(\d+)\./.exec(installed) : null;
  return major ? Number(major[1]) : undefined;
}

/** The major of the range the nearest package.json (from `fromDir` up) declares `pkg` with: `^1.0.2`, `~1.4`, `1.x` → 1. */
function declaredMajor(pkg: string, fromDir: string): number | undefined {
  const spec = declaredSpec(pkg, fromDir);
  return spec === undefined ? undefined : majorOfRange(spec);
}

/** The major a version range names (`^1.0.2`, `~1.4`, `1.x` → 1); undefined for a tag, a URL or a git or file reference. */
export function majorOfRange(spec: string): number | undefined {
  const major = /^\s*[\^~=v]*\s*(\d+)(?:\.(?:\d+|x|\*))*\s*$/.exec(spec);
  return major ? Number(major[1]) : undefined;
}

/**
 * What the nearest package.json (from `fromDir` up, not into node_modules) that declares `pkg` gives for it, as
 * written: a range, a tag (`latest`), a URL, a git or file reference. Undefined when the nearest package.json does not
 * declare it.
 */
export function declaredSpec(pkg: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        const json = parseJson(fs.readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
        const spec = json.dependencies?.[pkg] ?? json.devDependencies?.[pkg] ?? json.peerDependencies?.[pkg];
        if (typeof spec === 'string') return spec;
      } catch {
        return undefined;
      }
    }
    if (path.dirname(dir) === dir || dir.split(path.sep).includes('node_modules')) return undefined;
  }
}

/** The version of `pkg` that Node's lookup from `dir` finds installed (node_modules, walking up), from its package.json. */
export function findInstalledVersion(pkg: string, dir: string): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const manifest = path.join(d, 'node_modules', pkg, 'package.json');
    try {
      const version = (parseJson(fs.readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
      if (typeof version === 'string') return version;
    } catch {
      // not here: one directory up
    }
    if (path.dirname(d) === d) return undefined;
  }
}
