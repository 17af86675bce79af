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
      if (up === d) return undefined;
      d = up;
    }
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
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
    } catch {
      // Missing or malformed: not a package root.
    }
    this.jsonByDir.set(dir, json);
    return json;
  }
}
