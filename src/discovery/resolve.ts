/**
 * Import specifier → project-local source file, for the analysis to follow
 * re-exports and helpers across module boundaries.
 *
 * This is deliberately not TypeScript's module resolution: we only want files
 * we can scan (never node_modules, never .d.ts), we want them for `.js` and
 * `.ts` projects alike, and we must stay cheap on 20k-file repositories. So
 * every decision is an existence check of a candidate path, cached.
 *
 * Order for a specifier:
 *  1. relative / absolute path → file with TS's extension substitution
 *     (`./x.js` → x.ts, x.tsx, x.js, x.jsx; `.mjs` → .mts; `.cjs` → .cts;
 *     no extension → x.ts … ; directory → index.*, or its package.json entry);
 *  2. tsconfig `paths` of the importer's nearest tsconfig (exact, then the
 *     wildcard with the longest prefix), then `baseUrl`;
 *  3. `#subpath` imports of the importer's nearest package.json;
 *  4. workspace packages (symlinked into node_modules from inside the repo),
 *     mapping their built entry (`dist/index.js`) back to source.
 * Anything else (bare npm packages such as `@modelcontextprotocol/sdk/…`,
 * `node:` builtins) resolves to undefined.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SKIPPED_DIR_NAMES, isDeclarationFileName } from './extensions.js';
import { PackageIndex, entryTargets, splitPackageSpecifier, subpathTargets, type PackageInfo } from './packages.js';
import { loadProjectConfig, type ProjectConfig } from './tsconfig.js';

/** Absolute path of the project-local source file `specifier` denotes when imported from `fromAbsPath`. */
export type ResolveFn = (fromAbsPath: string, specifier: string) => string | undefined;

export interface ModuleResolver {
  resolve: ResolveFn;
  /** The directory of the repository's workspace package a bare import of `packageName` from this file names (declared, installed or not). */
  workspacePackageDir(fromAbsPath: string, packageName: string): string | undefined;
  /** Workspace declarations met so far that could not be read, by file (absolute path → why). */
  workspaceProblems(): ReadonlyMap<string, string>;
}

export interface ModuleResolverOptions {
  /** Follow workspace packages (default true). */
  workspaces?: boolean;
  /** Where tsconfig settings come from; defaults to the cached `loadProjectConfig`. */
  loadConfig?: (dir: string) => ProjectConfig | undefined;
}

/** What an import written with one extension may be on disk, in TS's order. */
const EXTENSION_SUBSTITUTES: Record<string, readonly string[]> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.jsx': ['.tsx', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
  '.ts': ['.ts'],
  '.tsx': ['.tsx'],
  '.mts': ['.mts'],
  '.cts': ['.cts'],
};
/** Tried after an extensionless path, and for `index` in a directory. */
const IMPLICIT_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx'] as const;
/** Build-output folder names a package entry may point into, mapped back to `src/` or the package root. */
const OUTPUT_DIR = /^(dist|build|lib|out|esm|cjs|types|es)$/;

export function createModuleResolver(options: ModuleResolverOptions = {}): ModuleResolver {
  const workspaces = options.workspaces ?? true;
  const loadConfig = options.loadConfig ?? ((dir: string) => loadProjectConfig(dir));
  const exists = new Map<string, boolean>();
  const results = new Map<string, string | undefined>();
  const packages = new PackageIndex();

  const fileExists = (p: string): boolean => {
    let hit = exists.get(p);
    if (hit === undefined) {
      hit = fs.existsSync(p);
      exists.set(p, hit);
    }
    return hit;
  };

  /** A path as written (maybe with `.js`, maybe a directory) → the source file it stands for. */
  const resolvePath = (base: string, depth = 0): string | undefined => {
    const ext = path.extname(base);
    const substitutes = EXTENSION_SUBSTITUTES[ext];
    if (substitutes) {
      if (isDeclarationFileName(path.basename(base))) return undefined;
      const stem = base.slice(0, -ext.length);
      for (const s of substitutes) if (fileExists(stem + s)) return stem + s;
    }
    // `./foo.service` has an "extension" that is part of the name; try appending too.
    for (const s of IMPLICIT_EXTENSIONS) if (fileExists(base + s)) return base + s;
    for (const s of IMPLICIT_EXTENSIONS) {
      const index = path.join(base, `index${s}`);
      if (fileExists(index)) return index;
    }
    // A local directory that is a package (`main`/`exports`). Depth guards against self-references.
    if (depth === 0 && fileExists(path.join(base, 'package.json'))) {
      const pkg = packages.nearestPackage(base);
      if (pkg && pkg.dir === base) return resolveInPackage(pkg, '', depth + 1);
    }
    return undefined;
  };

  /** A package target such as `./dist/index.d.ts` → its source, preferring `src/` over build output. */
  const resolvePackageTarget = (pkg: PackageInfo, target: string, depth: number): string | undefined => {
    if (!target.startsWith('./') && target !== '.') return undefined; // targets must be package-relative
    const rel = path.posix.normalize(target).replace(/\.d\.([cm]?)ts$/, '.$1js');
    const segments = rel.split('/').filter((s) => s !== '.' && s !== '');
    const candidates: string[] = [];
    const config = loadConfig(pkg.dir);
    const abs = path.join(pkg.dir, ...segments);
    if (config?.outDir && config.rootDir && isInside(abs, config.outDir)) {
      candidates.push(path.join(config.rootDir, path.relative(config.outDir, abs)));
    }
    let strip = 0;
    while (strip < segments.length - 1 && OUTPUT_DIR.test(segments[strip])) strip++;
    if (strip > 0) {
      candidates.push(path.join(pkg.dir, 'src', ...segments.slice(strip)));
      candidates.push(path.join(pkg.dir, ...segments.slice(strip)));
    }
    candidates.push(abs);
    for (const c of candidates) {
      const hit = resolvePath(c, depth);
      // Built output is not source even when it is the only thing there.
      if (hit && !path.relative(pkg.dir, hit).split(path.sep).some((s) => SKIPPED_DIR_NAMES.has(s))) return hit;
    }
    return undefined;
  };

  const resolveInPackage = (pkg: PackageInfo, subpath: string, depth: number): string | undefined => {
    for (const t of entryTargets(pkg, subpath)) {
      const hit = resolvePackageTarget(pkg, t, depth);
      if (hit) return hit;
    }
    return undefined;
  };

  const resolveUncached = (dir: string, spec: string): string | undefined => {
    if (spec.startsWith('node:')) return undefined;
    if (spec === '.' || spec === '..' || spec.startsWith('./') || spec.startsWith('../') || path.isAbsolute(spec)) {
      return resolvePath(path.resolve(dir, spec));
    }
    if (spec.startsWith('#')) {
      const pkg = packages.nearestPackage(dir);
      if (pkg) {
        for (const t of subpathTargets(pkg.json.imports, spec)) {
          const hit = resolvePackageTarget(pkg, t, 0);
          if (hit) return hit;
        }
      }
      // `#` imports may also be tsconfig paths; fall through.
    }
    const config = loadConfig(dir);
    if (config?.paths && config.pathsBase) {
      for (const target of pathsTargets(config.paths, spec)) {
        const hit = resolvePath(path.resolve(config.pathsBase, target));
        if (hit) return hit;
      }
    }
    if (config?.baseUrl) {
      const hit = resolvePath(path.resolve(config.baseUrl, spec));
      if (hit) return hit;
    }
    if (workspaces) {
      const parts = splitPackageSpecifier(spec);
      const pkg = parts && packages.workspacePackage(dir, parts.name);
      if (pkg) return resolveInPackage(pkg, parts.subpath, 0);
    }
    return undefined;
  };

  const workspaceDirs = new Map<string, string | null>();
  return {
    workspaceProblems: () => packages.problems,
    workspacePackageDir(fromAbsPath, packageName) {
      if (!workspaces) return undefined;
      const dir = path.dirname(fromAbsPath);
      const key = `${dir}\0${packageName}`;
      let known = workspaceDirs.get(key);
      if (known === undefined) workspaceDirs.set(key, (known = packages.declaredWorkspacePackageDir(dir, packageName) ?? null));
      return known ?? undefined;
    },
    resolve(fromAbsPath, specifier) {
      const spec = specifier.replace(/\?.*$/, ''); // bundler queries (`./x.js?raw`)
      const dir = path.dirname(fromAbsPath);
      const key = `${dir}\0${spec}`;
      if (results.has(key)) return results.get(key);
      let hit = resolveUncached(dir, spec);
      // Never hand back dependency code, however we got there.
      if (hit && hit.split(path.sep).includes('node_modules')) hit = undefined;
      results.set(key, hit);
      return hit;
    },
  };
}

/** tsconfig `paths` targets for a specifier: an exact key wins, else the `*` key with the longest prefix (TS rules). */
export function pathsTargets(paths: Record<string, string[]>, spec: string): string[] {
  if (Object.hasOwn(paths, spec) && !spec.includes('*')) return paths[spec];
  let best: { prefix: string; match: string; targets: string[] } | undefined;
  for (const [key, targets] of Object.entries(paths)) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (spec.length >= prefix.length + suffix.length && spec.startsWith(prefix) && spec.endsWith(suffix)) {
      if (!best || prefix.length > best.prefix.length) {
        best = { prefix, match: spec.slice(prefix.length, spec.length - suffix.length), targets };
      }
    }
  }
  if (!best) return [];
  const { match } = best;
  return best.targets.map((t) => t.replace('*', match));
}

/** `child` is `parent` or lies below it. */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** A module's declaration file by the extension it is imported with (`./types.js` → `./types.d.ts`). */
const DECLARATION_EXTENSIONS: Readonly<Record<string, string>> = { '.js': '.d.ts', '.ts': '.d.ts', '.jsx': '.d.ts', '.tsx': '.d.ts', '': '.d.ts', '.mjs': '.d.mts', '.mts': '.d.mts', '.cjs': '.d.cts', '.cts': '.d.cts' };

/**
 * The project declaration files a relative specifier may stand for when no source file answers it (`./types.js` with
 * only `types.d.ts` beside the importer): the project's own `.d.ts`, where it declares the types its handlers take
 * (`type HandlerExtra = RequestHandlerExtra<…>`, mplabs/anylist-mcp; sweep 27 AA10). Candidates only, nearest first;
 * the caller checks which exists. Never a package's (bare specifiers are not relative).
 */
export function declarationFileCandidates(fromAbsPath: string, specifier: string): string[] {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return [];
  const base = path.resolve(path.dirname(fromAbsPath), specifier);
  const ext = path.extname(base);
  const declaration = DECLARATION_EXTENSIONS[ext];
  const out: string[] = [];
  if (declaration !== undefined) out.push(base.slice(0, base.length - ext.length) + declaration);
  if (ext !== '') out.push(`${base}.d.ts`);
  out.push(path.join(base, 'index.d.ts'));
  return out;
}
