/**
 * The compiler and compiler host the migration guard checks a project with.
 *
 * The compiler is the project's own `typescript` when it has one (the one its build uses) of 5.0 or
 * later, else the TypeScript that ts-morph bundles, with the lib files ts-morph ships in memory.
 *
 * Modules resolve from the project's node_modules, with one exception: the migrated code imports the
 * SDK v2 packages (and zod ^4) before the user has installed them, so a package mcp-migrate ships
 * (`SHIPPED`) that the project lacks — or has at another major than its package.json now asks for —
 * resolves to mcp-migrate's own copy. Otherwise every migrated server would "fail" on a missing module.
 * SDK 1.x is lent only where the migrated package.json raises its floor above the installed copy
 * (`RAISED_ONLY`): the next install brings a newer 1.x, and its types, not the installed ones, are what
 * the files left on 1.x will be compiled against.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledLibFiles, ts as bundledTs } from '../../typescript.js';
import { findInstalledVersion } from '../../discovery/packages.js';
import { parseJson } from '../../json-text.js';

type Ts = typeof bundledTs;

export interface Compiler {
  ts: Ts;
  version: string;
  /** Where it came from, for the report. */
  origin: 'project' | 'bundled';
  /** In-memory lib folder and files (bundled compiler only). */
  lib?: { folder: string; files: ReadonlyMap<string, string> };
}

/** The packages mcp-migrate ships as dependencies so that migrated code type-checks before `npm install`. */
const SHIPPED = ['@modelcontextprotocol/server', '@modelcontextprotocol/core', '@modelcontextprotocol/node', '@modelcontextprotocol/express', '@modelcontextprotocol/client', 'zod', '@modelcontextprotocol/sdk'] as const;
/**
 * Shipped packages lent only in place of an installed copy the migrated package.json rules out (another major, or below
 * the range's floor), never for a missing one. sdk-v2 raises SDK 1.x to ^1.23.0 (the first 1.x taking zod 4) for the files
 * it leaves on 1.x; 1.32 types the server info exactly, so `new McpServer({ name, version, capabilities })`, which 1.17
 * let through, no longer compiles after the install (sweep 25 Y1). A project that has not installed SDK 1.x at all is
 * not checked (its dependencies are not installed), so lending ours there would only hide that.
 */
const RAISED_ONLY: ReadonlySet<string> = new Set(['@modelcontextprotocol/sdk']);

/** This package's root (src/apply/typecheck or dist/apply/typecheck → ../../..). */
const OWN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** A file to resolve shipped packages from: module resolution walks up from it into our node_modules. */
const OWN_ANCHOR = path.join(OWN_ROOT, 'package.json');
const NODE_MODULES = `${path.sep}node_modules${path.sep}`;
/** Our node_modules as the compiler names the files in it (a symlinked node_modules has two spellings). */
const OWN_NODE_MODULES = [...new Set([path.join(OWN_ROOT, 'node_modules'), realpathOr(path.join(OWN_ROOT, 'node_modules'))])].map((dir) => dir + path.sep);

function realpathOr(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

export function loadCompiler(projectDir: string): Compiler {
  try {
    const projectTs = createRequire(path.join(projectDir, 'package.json'))('typescript') as Ts;
    // The host's resolveModuleNameLiterals (how shipped packages are substituted) arrived in TypeScript 5.0.
    if (typeof projectTs.createProgram === 'function' && Number(projectTs.version.split('.')[0]) >= 5) return { ts: projectTs, version: projectTs.version, origin: 'project' };
  } catch {
    // No typescript in the project: the bundled compiler below.
  }
  return { ts: bundledTs, version: bundledTs.version, origin: 'bundled', lib: bundledLibFiles() };
}

/** `pkg\0dir` → installedVersion's answer, for one check (forgetInstalledPackages): asked per import resolved. */
const INSTALLED = new Map<string, string | undefined>();

/** Start a check afresh: packages may have been installed since the last one (a test, a long-lived process). */
export function forgetInstalledPackages(): void {
  INSTALLED.clear();
}

/** The installed version of a package as seen from `dir` (walking up node_modules), read from its package.json. */
export function installedVersion(pkg: string, dir: string): string | undefined {
  const key = `${pkg}\0${dir}`;
  if (INSTALLED.has(key)) return INSTALLED.get(key);
  const version = findInstalledVersion(pkg, dir);
  INSTALLED.set(key, version);
  return version;
}

/** Whether `version` is older than the lowest version a `^x.y.z`, `~x.y.z`, `>=x.y.z` or plain `x.y.z` range admits. */
function belowFloor(version: string, range: string): boolean {
  const floor = /^\s*(?:\^|~|>=)?\s*v?(\d+)\.(\d+)(?:\.(\d+))?\s*$/.exec(range);
  const have = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!floor || !have) return false;
  const a = [Number(have[1]), Number(have[2]), Number(have[3])];
  const b = [Number(floor[1]), Number(floor[2]), Number(floor[3] ?? 0)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** The major a range asks for (`^4.2.0`, `~4`, `4.x`, `>=4.2 <5`): the first version number in it. */
function majorOf(text: string): number | undefined {
  const m = /(\d+)(?:\.[\dx*]+)*/.exec(text.replace(/^npm:[^@]+@/, ''));
  return m ? Number(m[1]) : undefined;
}

/**
 * The shipped packages that modules of the project at `projectDir` resolve to mcp-migrate's copy:
 * those the (migrated) package.json declares while the installed copy is missing or of another
 * major. `readPackageJson` sees the migrated text, not the disk.
 */
export function packagesToShip(projectDir: string, readPackageJson: (file: string) => string | undefined): Set<string> {
  const out = new Set<string>();
  const declared = declaredDependencies(projectDir, readPackageJson);
  for (const pkg of SHIPPED) {
    const range = declared?.[pkg];
    const installed = installedVersion(pkg, projectDir);
    if (installed === undefined) {
      // Not installed at all: ours, if the code is to import it (declared, or a v2 package anyway).
      if (!RAISED_ONLY.has(pkg) && (range !== undefined || pkg.startsWith('@modelcontextprotocol/'))) out.add(pkg);
      continue;
    }
    if (range !== undefined && majorOf(range) !== undefined && majorOf(range) !== majorOf(installed)) out.add(pkg);
    // Below the range's floor (zod 4.1.13 installed where package.json now asks ^4.2.0): the next install updates it.
    else if (range !== undefined && belowFloor(installed, range)) out.add(pkg);
  }
  return out;
}

/** The shipped package a file of mcp-migrate's own node_modules belongs to (`…/node_modules/zod/v4/index.d.cts` → `zod`). */
export function lentPackageOf(file: string): string | undefined {
  const dir = OWN_NODE_MODULES.find((d) => file.startsWith(d));
  if (!dir) return undefined;
  const pkg = packageOf(file.slice(dir.length).split(path.sep).join('/'));
  return pkg && (SHIPPED as readonly string[]).includes(pkg) ? pkg : undefined;
}

/** The dependencies (all kinds) of the package.json nearest to `dir`, as `read` sees it. */
export function declaredDependencies(dir: string, read: (file: string) => string | undefined): Record<string, string> | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const text = read(path.join(d, 'package.json'));
    if (text !== undefined) {
      try {
        const json = parseJson(text) as Record<string, Record<string, string> | undefined>;
        return { ...json.peerDependencies, ...json.devDependencies, ...json.dependencies };
      } catch {
        return undefined;
      }
    }
    if (path.dirname(d) === d) return undefined;
  }
}

/** The package a bare specifier names (`zod/v4` → `zod`, `@scope/pkg/sub` → `@scope/pkg`). */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || path.isAbsolute(specifier) || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Parsed library files by compiler version, path and parse settings (see getSourceFile). */
const LIBRARY_SOURCES = new Map<string, bundledTs.SourceFile>();

export interface HostOptions {
  compiler: Compiler;
  options: bundledTs.CompilerOptions;
  /** Absolute path → text that replaces the disk's (the original or the migrated files). */
  overlay: ReadonlyMap<string, string>;
  /** Parsed project files that are the same in both programs of one check. */
  sharedSources: Map<string, bundledTs.SourceFile>;
  /** Packages to resolve from mcp-migrate's own node_modules. */
  shipped: ReadonlySet<string>;
  /** The checked project's directory: where the shipped packages' own dependencies are looked for first. */
  projectDir: string;
}

export interface TrackedHost {
  host: bundledTs.CompilerHost;
  /** Importing file → the files its imports resolved to. */
  imports: Map<string, Set<string>>;
  /** Package imports (by specifier) that resolved nowhere, with the files that import each. */
  unresolved: Map<string, Set<string>>;
}

export function createTrackedHost({ compiler, options, overlay, sharedSources, shipped, projectDir }: HostOptions): TrackedHost {
  const ts = compiler.ts;
  const base = ts.createCompilerHost(options, true);
  const lib = compiler.lib;
  const readFile = (file: string): string | undefined => overlay.get(file) ?? lib?.files.get(file) ?? base.readFile(file);
  const fileExists = (file: string): boolean => overlay.has(file) || (lib?.files.has(file) ?? false) || base.fileExists(file);
  const imports = new Map<string, Set<string>>();
  const unresolved = new Map<string, Set<string>>();
  // The files of one program import the same modules from the same folders again and again (every tool file the SDK).
  const resolutionCache = ts.createModuleResolutionCache(base.getCurrentDirectory(), (file) => base.getCanonicalFileName(file), options);
  const host: bundledTs.CompilerHost = {
    ...base,
    readFile,
    fileExists,
    getSourceFile(fileName, languageVersionOrOptions, onError) {
      const own = overlay.get(fileName);
      if (own !== undefined) return ts.createSourceFile(fileName, own, languageVersionOrOptions);
      const settings = typeof languageVersionOrOptions === 'object' ? `${languageVersionOrOptions.languageVersion}|${languageVersionOrOptions.impliedNodeFormat ?? ''}` : `${languageVersionOrOptions}`;
      // Installed packages and the lib files do not change while mcp-migrate runs: parsed once per process.
      const library = fileName.includes(NODE_MODULES) || (lib?.files.has(fileName) ?? false);
      const cache = library ? LIBRARY_SOURCES : sharedSources;
      const key = `${library ? `${compiler.version}\0` : ''}${fileName}\0${settings}`;
      let file = cache.get(key);
      if (!file) {
        const text = readFile(fileName);
        if (text === undefined) {
          onError?.(`file not found: ${fileName}`);
          return undefined;
        }
        file = ts.createSourceFile(fileName, text, languageVersionOrOptions);
        cache.set(key, file);
      }
      return file;
    },
    resolveModuleNameLiterals(literals, containingFile, redirectedReference, compilerOptions, containingSourceFile) {
      return literals.map((literal) => {
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
        const pkg = packageOf(literal.text);
        const fromProject = (): bundledTs.ResolvedModuleWithFailedLookupLocations => ts.resolveModuleName(literal.text, containingFile, compilerOptions, host, resolutionCache, redirectedReference, mode);
        // A project file importing a shipped package gets ours; installed packages' own imports resolve beside them,
        // except a shipped package's import of what the project has installed in a fitting major (sharedWithProject).
        let result =
          pkg && shipped.has(pkg) && !containingFile.includes(NODE_MODULES)
            ? ts.resolveModuleName(literal.text, OWN_ANCHOR, compilerOptions, host, resolutionCache, undefined, mode)
            : (pkg && !shipped.has(pkg) && sharedWithProject(pkg, containingFile, projectDir, (anchor) => ts.resolveModuleName(literal.text, anchor, compilerOptions, host, resolutionCache, undefined, mode))) || fromProject();
        const source = !result.resolvedModule && pkg ? unbuiltWorkspaceSource(literal.text, pkg, containingFile) : undefined;
        if (source) result = { resolvedModule: { resolvedFileName: source, extension: source.endsWith('.tsx') ? ts.Extension.Tsx : ts.Extension.Ts, isExternalLibraryImport: false } } as bundledTs.ResolvedModuleWithFailedLookupLocations;
        const target = result.resolvedModule?.resolvedFileName;
        if (target) imports.set(containingFile, (imports.get(containingFile) ?? new Set()).add(target));
        // An import the compiler adds itself (`react/jsx-runtime` under `"jsx": "react-jsx"`, `tslib` under
        // `importHelpers`; no position in the text) is needed only by a file that uses JSX or a helper, and then
        // the compiler reports it where it is used: not a sign the project's dependencies are missing.
        else if (pkg && literal.pos >= 0) unresolved.set(literal.text, (unresolved.get(literal.text) ?? new Set()).add(containingFile));
        return result;
      });
    },
  };
  if (lib) {
    host.getDefaultLibLocation = () => lib.folder;
    host.getDefaultLibFileName = (o) => path.join(lib.folder, ts.getDefaultLibFileName(o));
  }
  return { host, imports, unresolved };
}

/**
 * How npm installs a shipped package into the project: beside the project's own copy of a dependency
 * they share when that copy fits the range the package asks for (one zod for both, so the SDK's schema
 * types are the project's). Our copy of the SDK, resolving its imports in our node_modules, would
 * instead check the project's zod 4.4 schemas against our zod 4.6 types, which differ (4.6 added
 * `validate`): errors no install has. The fit is judged by major, as for the shipped packages.
 */
function sharedWithProject(
  pkg: string,
  containingFile: string,
  projectDir: string,
  resolveFrom: (anchor: string) => bundledTs.ResolvedModuleWithFailedLookupLocations,
): bundledTs.ResolvedModuleWithFailedLookupLocations | undefined {
  if (!OWN_NODE_MODULES.some((dir) => containingFile.startsWith(dir))) return undefined;
  const range = dependencyRange(containingFile, pkg);
  const installed = installedVersion(pkg, projectDir);
  if (range === undefined || installed === undefined || majorOf(range) === undefined || majorOf(range) !== majorOf(installed)) return undefined;
  const resolved = resolveFrom(path.join(projectDir, 'package.json'));
  return resolved.resolvedModule ? resolved : undefined;
}

/** The range the installed package holding `file` declares for `dependency` (dependencies or peerDependencies). */
function dependencyRange(file: string, dependency: string): string | undefined {
  const at = file.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const rest = file.slice(at + NODE_MODULES.length).split(path.sep);
  const name = rest[0]?.startsWith('@') ? rest.slice(0, 2).join(path.sep) : rest[0];
  if (!name) return undefined;
  const manifest = path.join(file.slice(0, at + NODE_MODULES.length), name, 'package.json');
  let ranges = DEPENDENCY_RANGES.get(manifest);
  if (!ranges) {
    try {
      const json = parseJson(fs.readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>;
      ranges = { ...json.peerDependencies, ...json.dependencies };
    } catch {
      ranges = {};
    }
    DEPENDENCY_RANGES.set(manifest, ranges);
  }
  return ranges[dependency];
}

/** package.json → its dependency ranges: installed packages do not change while mcp-migrate runs. */
const DEPENDENCY_RANGES = new Map<string, Record<string, string>>();

/**
 * The TypeScript source of a workspace package that is linked into node_modules but not built (pnpm/yarn/npm
 * workspaces: metamcp's `@repo/zod-types` declares `types: ./dist/index.d.ts`, and `dist/` only exists after
 * `turbo build`). Its importers are checked against its sources, as an editor with project references does,
 * instead of every import of it being unresolved (and the whole check given up). Only the package root and
 * subpaths that `exports` maps one to one; the entry file's build folder (`dist`, `build`, `lib`, `out`) is read
 * as `src`, its extension as `.ts`/`.tsx`.
 */
function unbuiltWorkspaceSource(specifier: string, pkg: string, containingFile: string): string | undefined {
  let linked: string | undefined;
  for (let d = path.dirname(containingFile); ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', pkg);
    if (fs.existsSync(candidate)) {
      linked = candidate;
      break;
    }
    if (path.dirname(d) === d) return undefined;
  }
  const real = realpathOr(linked);
  if (real.includes(NODE_MODULES)) return undefined;
  let manifest: { types?: unknown; typings?: unknown; main?: unknown; exports?: unknown };
  try {
    manifest = parseJson(fs.readFileSync(path.join(real, 'package.json'), 'utf8')) as typeof manifest;
  } catch {
    return undefined;
  }
  const subpath = `.${specifier.slice(pkg.length)}`;
  const entries: unknown[] = [];
  const exported = typeof manifest.exports === 'object' && manifest.exports !== null ? (manifest.exports as Record<string, unknown>)[subpath] : subpath === '.' ? manifest.exports : undefined;
  if (typeof exported === 'string') entries.push(exported);
  else if (exported && typeof exported === 'object') entries.push(...['types', 'import', 'default', 'require'].map((k) => (exported as Record<string, unknown>)[k]));
  if (subpath === '.') entries.push(manifest.types, manifest.typings, manifest.main);
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    const built = path.resolve(real, entry);
    if (fs.existsSync(built)) return undefined;
    const rel = path.relative(real, built).split(path.sep);
    if (rel.length < 2 || !BUILD_FOLDERS.has(rel[0]!)) continue;
    const stem = path.join(real, 'src', ...rel.slice(1)).replace(/(\.d)?\.[cm]?[jt]sx?$/, '');
    for (const file of [`${stem}.ts`, `${stem}.tsx`, path.join(stem, 'index.ts')]) if (fs.existsSync(file)) return file;
  }
  return undefined;
}

const BUILD_FOLDERS = new Set(['dist', 'build', 'lib', 'out']);
