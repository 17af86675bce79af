/**
 * A file that takes SDK objects from a dependency built on SDK v1: example-remote-server's
 * `src/modules/example-apps/index.ts` keeps `Record<string, () => McpServer>` filled with the
 * `createServer` functions of `@modelcontextprotocol/server-debug` and its siblings, which depend on
 * `@modelcontextprotocol/sdk` 1.x and return its `McpServer`. Moving that file's types to v2 would
 * not fit the objects the dependency creates and accepts (14 new type errors there), and its runtime
 * cannot move until the dependency does. Such a file stays on v1, with a note naming the packages.
 *
 * A dependency is built on v1 when its own package.json (as installed, found by Node's lookup from
 * the file) lists `@modelcontextprotocol/sdk` in `dependencies` or `peerDependencies` and none of the
 * v2 packages: its public types then come from v1. Not installed, a framework description says so for
 * the major the project asks for (mcp-handler 1). Only the file's own imports count: a package it
 * does not import cannot hand it an SDK object.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from '../../typescript.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { forEachDescendant } from '../../analysis/ast.js';
import { isMcpSpecifier, isV1Specifier } from './bindings.js';
import { V1_PACKAGE, V2_PACKAGE_VERSIONS, packageOf } from './manifest.js';
import { FRAMEWORKS } from '../../frameworks/index.js';
import { declaredSpec, majorOfRange } from '../../discovery/packages.js';
import { parseJson } from '../../json-text.js';

/** The packages `text` imports that are built on SDK v1, as installed for `file`; sorted. */
export function v1BoundDependencies(file: string, text: string, lookup: DependencyLookup = new DependencyLookup()): string[] {
  const out = new Set<string>();
  for (const specifier of packageImports(file, text)) {
    const pkg = packageOf(specifier);
    if (lookup.builtOnV1(pkg, path.dirname(file))) out.add(pkg);
  }
  return [...out].sort();
}

/** Bare specifiers of the file's import and export-from declarations, `import x = require()` and `require()`. */
function packageImports(file: string, text: string): string[] {
  const sf = syntaxTreeOf(file, text);
  const out: string[] = [];
  const add = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node) && isPackageSpecifier(node.text)) out.push(node.text);
  };
  // The analysis has walked this very tree (shared by syntaxTreeOf): its node list in pre-order is replayed.
  forEachDescendant(sf, (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isExternalModuleReference(node)) add(node.expression);
    else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' && node.arguments.length === 1) add(node.arguments[0]);
  });
  return out;
}

/** A package (not a path, not `node:`), and not the SDK itself: the SDK's own modules move with the codemod. */
function isPackageSpecifier(specifier: string): boolean {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || specifier.startsWith('#')) return false;
  return !isV1Specifier(specifier) && !(packageOf(specifier) in V2_PACKAGE_VERSIONS);
}

/** The project's own packages (workspace members) as this run sees them. */
export interface RunPackages {
  /** Directories (real paths) of the packages this run moves to SDK v2. */
  moving: ReadonlySet<string>;
  /** A directory (real path) of a package of the project itself, under what apply was pointed at, not an installed one. */
  isOwn(dir: string): boolean;
  /** Whether the package's own source files import SDK v1. */
  usesV1(dir: string): boolean;
}

/** Installed package.json files found by Node's lookup (node_modules from the file's directory up), read once each. */
export class DependencyLookup {
  private readonly verdicts = new Map<string, boolean>();

  /**
   * @param run the project's own packages: one this run moves to SDK v2 is not built on v1 once the run is over
   * (its dependents move with it, and are built after it).
   */
  constructor(private readonly run: RunPackages = { moving: new Set(), isOwn: () => false, usesV1: () => true }) {}

  /** Whether Node's lookup from `fromDir` finds `pkg` installed (otherwise `builtOnV1` judged it by a framework description). */
  isInstalled(pkg: string, fromDir: string): boolean {
    return this.find(pkg, fromDir) !== undefined;
  }

  builtOnV1(pkg: string, fromDir: string): boolean {
    const manifest = this.find(pkg, fromDir);
    if (!manifest) return describedOnV1(pkg, fromDir);
    const dir = realpathOr(path.dirname(manifest));
    if (this.run.moving.has(dir)) return false;
    // A package of the project whose own code does not use the SDK (its package.json still lists it) hands on no SDK object of its own.
    if (this.run.isOwn(dir) && !this.run.usesV1(dir)) return false;
    let verdict = this.verdicts.get(manifest);
    if (verdict === undefined) {
      verdict = declaresV1Only(manifest);
      this.verdicts.set(manifest, verdict);
    }
    return verdict;
  }

  private find(pkg: string, fromDir: string): string | undefined {
    for (let dir = fromDir; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', pkg, 'package.json');
      if (fs.existsSync(candidate)) return candidate;
      if (path.dirname(dir) === dir) return undefined;
    }
  }
}

/**
 * Not installed: a framework description that says which SDK the package's major is built on (mcp-handler 1 is on
 * SDK v1), for the major the project's package.json asks for (`^1.0.2`). Without either, nothing is known, and the
 * file moves as before.
 */
function describedOnV1(pkg: string, fromDir: string): boolean {
  // By package: `agents` is described by its module `agents/mcp` (Cloudflare's McpAgent, sweep 10 H3).
  const described = FRAMEWORKS.filter((f) => f.modules.some((m) => packageOf(m) === pkg));
  if (described.length === 0) return false;
  const spec = declaredSpec(pkg, fromDir);
  if (spec === undefined) return false;
  const major = majorOfRange(spec);
  // Asked for by a tag, a URL or a git reference (`latest`, `https://pkg.pr.new/…`, `github:…`): which major is
  // unknown. Moving the file would hand v2 objects to a framework that may be built on v1, and removing the SDK v1
  // dependency would break it; keeping the file on v1 breaks nothing (sweep 11 J1).
  if (major === undefined) return described.some((f) => f.sdkMajor === 1);
  return described.some((f) => f.frameworkMajor === major && f.sdkMajor === 1);
}

/** What the framework descriptions say takes `pkg`'s place on SDK v2 (`onSdkV2`), when one describes it. */
export function successorOnV2(pkg: string): string | undefined {
  return FRAMEWORKS.find((f) => f.onSdkV2 && [...f.modules, ...(f.companionModules ?? [])].some((m) => packageOf(m) === pkg))?.onSdkV2;
}

/** `pkg` is asked for by something other than a version range (a tag, a URL, a git reference): its spec, else undefined. */
export function unreadableSpec(pkg: string, fromDir: string): string | undefined {
  const spec = declaredSpec(pkg, fromDir);
  return spec !== undefined && majorOfRange(spec) === undefined ? spec : undefined;
}

function declaresV1Only(manifest: string): boolean {
  let json: Record<string, unknown>;
  try {
    json = parseJson(fs.readFileSync(manifest, 'utf8')) as Record<string, unknown>;
  } catch {
    return false;
  }
  const names = ['dependencies', 'peerDependencies'].flatMap((section) => {
    const deps = json[section];
    return deps && typeof deps === 'object' ? Object.keys(deps) : [];
  });
  return names.includes(V1_PACKAGE) && !names.some((name) => isMcpSpecifier(name) && name in V2_PACKAGE_VERSIONS);
}

/** The real path of `dir` (through symlinks: a workspace member linked into node_modules), or `dir` when it has none. */
export function realpathOr(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir;
  }
}
