/**
 * Who can reach what a module exports, for the rewrites that change an export (imported-server.ts turns an exported
 * server into a factory; sse-handler-calls.ts removes exported HTTP+SSE handlers with the routes mounting them): a
 * re-export of the whole module, a load at run time the checker does not bind by name, and an entry point its package
 * publishes (importers outside the project) are each a reason not to.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { forEachDescendant, isDynamicImport, isRequireCall } from '../../analysis/ast.js';
import type { ValueQueries } from '../../analysis/value.js';
import { readCurrentFile } from '../kit/file-overlay.js';
import { nearestPackageJson, packageDirOf } from '../kit/package-json.js';
import { outDirOf, SOURCES_BOUND, sourcesOf } from '../kit/package-sources.js';

/** The names `export { local }`, `export { local as alias }` lists of `sf` give its local `local` (lists without `from`). */
export function localExportNames(sf: ts.SourceFile, local: string): string[] {
  return localExportSpecifiers(sf, local).map((e) => e.name.text);
}

/** The specifiers of `sf`'s export lists (without `from`) naming its local `local`. */
export function localExportSpecifiers(sf: ts.SourceFile, local: string): ts.ExportSpecifier[] {
  return sf.statements.flatMap((s) =>
    ts.isExportDeclaration(s) && !s.moduleSpecifier && s.exportClause && ts.isNamedExports(s.exportClause) ? s.exportClause.elements.filter((e) => (e.propertyName ?? e.name).text === local) : [],
  );
}

/** `export default local;` in `sf`. */
export function exportedAsDefault(sf: ts.SourceFile, local: string): boolean {
  return sf.statements.some((s) => ts.isExportAssignment(s) && ts.isIdentifier(s.expression) && s.expression.text === local);
}

/** Whether the module specifier `specifier` names the module `target` (by the symbol the checker gives it). */
function resolvesTo(values: ValueQueries, specifier: ts.Expression, target: ts.SourceFile): boolean {
  const symbol = values.symbolOf(specifier);
  return !!symbol?.valueDeclaration && symbol.valueDeclaration === target;
}

/** `export * from '<target>'` or `export * as ns from '<target>'` in `from`. */
export function reExportsAllOf(values: ValueQueries, from: ts.SourceFile, target: ts.SourceFile): ts.ExportDeclaration | undefined {
  return from.statements.find(
    (s): s is ts.ExportDeclaration => ts.isExportDeclaration(s) && (!s.exportClause || ts.isNamespaceExport(s.exportClause)) && !!s.moduleSpecifier && resolvesTo(values, s.moduleSpecifier, target),
  );
}

/**
 * Whether the nearest package.json names the module as an entry point (`main`, `module`, or a target of `exports`),
 * compared by the file's name without its extension and build folder (`dist/mcp-server.js` stands for
 * `src/mcp-server.ts`): a library's published module, whose importers this run cannot see.
 */
export function publishedByItsPackage(fileName: string): boolean {
  const manifest = nearestPackageJson(path.dirname(fileName));
  if (!manifest) return false;
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(readCurrentFile(manifest)) as Record<string, unknown>;
  } catch {
    return false;
  }
  const targets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') targets.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(json.main);
  collect(json.module);
  collect(json.exports);
  return targets.some((target) => stem(target) === stem(fileName));
}

/** A dynamic `import(…)` or `require(…)` in `from` naming `target` (by the checker, or by the module's file name). */
export function dynamicLoadOf(values: ValueQueries, from: ts.SourceFile, target: ts.SourceFile): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  forEachDescendant(from, (node) => {
    if (found || !ts.isCallExpression(node) || !(isDynamicImport(node) || isRequireCall(node))) return;
    const specifier = node.arguments[0];
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    if (values.symbolOf(specifier)?.valueDeclaration === target || stem(specifier.text) === stem(target.fileName)) found = node;
  });
  return found;
}

/** A module's file name without its folder and extension: `dist/mcp-server.js` and `src/mcp-server.ts` are one module. */
export function stem(file: string): string {
  return path.basename(file).replace(/\.(?:d\.)?[cm]?[jt]sx?$/, '');
}

/** `` `mcp.ts` ``: a module as the reasons name it. */
export function moduleName(sf: ts.SourceFile): string {
  return `\`${sf.fileName.split(/[\\/]/).pop()}\``;
}

/** Test modules: they import what they test, and start no program of their own. */
export const TEST_MODULE = /(?:^|[\\/])(?:__tests__|__mocks__|tests?|spec|e2e)[\\/]|\.(?:test|spec|e2e)\.[cm]?[jt]sx?$/;

/** How two modules stand, and, when it cannot be told, what stands in the way (for the marker). */
export interface ProgramRelation {
  relation: 'same' | 'separate' | 'unknown';
  why?: string;
}

/**
 * Whether modules `a` and `b` run in one program, as far as the code tells:
 * - `same`: an entry module (one no other module imports; a test is none) reaches both through imports that run (not
 *   `import type`, not a named import of types only), `import()` and `require()` of a literal path, without passing
 *   through a re-export;
 * - `separate`: only in the plainest case: both are entries of their own that start a server (`app.listen(…)`), in one
 *   package, no entry reaches both even through re-exports, and nothing loads modules by a path it computes or names
 *   either module outside the run: two servers of one package started apart;
 * - `unknown`: anything else, with the reason.
 * A module in an import cycle no entry reaches counts as an entry.
 */
export function programRelation(values: ValueQueries, files: readonly ts.SourceFile[], relative: (abs: string) => string, a: ts.SourceFile, b: ts.SourceFile): ProgramRelation {
  if (a === b) return { relation: 'same' };
  const graph = importGraphOf(values, files);
  const roots = entriesOf(graph, files, relative);
  const reach = (root: ts.SourceFile, throughReexports: boolean) => reachable(graph, root, throughReexports);
  const both = (set: Set<ts.SourceFile>) => set.has(a) && set.has(b);
  const name = (sf: ts.SourceFile) => `\`${relative(sf.fileName)}\``;
  if (roots.some((root) => both(reach(root, false)))) return { relation: 'same' };
  const unknown = (why: string): ProgramRelation => ({ relation: 'unknown', why });
  const barrel = roots.find((root) => both(reach(root, true)));
  if (barrel) return unknown(`${name(barrel)} reaches both through a module that re-exports them`);
  if (graph.computedLoads) return unknown(`${name(graph.computedLoads)} loads modules by a path it computes`);
  // Apart only in the plainest case: each module is an entry of its own that starts a server (`app.listen(…)`), in one
  // package, and no file of it outside the run (a launcher, a barrel, a plugin loader, a `bin` script without an
  // extension: files without MCP code are not analysed) names either module in a string, tests aside. Else: not told.
  for (const m of [a, b]) {
    if (!roots.includes(m)) return unknown(`${name(m)} is imported by other modules, which may run it beside the other one`);
    if (!STARTS_SERVER.test(m.text)) return unknown(`${name(m)} starts no server itself (something outside the migrated code runs it)`);
  }
  const pkg = packageDirOf(a.fileName);
  if (!pkg || pkg !== packageDirOf(b.fileName)) return unknown('they are not in one package (a package.json) whose files could be read');
  const texts = packageSources(pkg, files);
  if (texts === undefined) return unknown('their package has too many files to read');
  const named = [a, b].map(mentionOf);
  // The analysed modules' imports are in the graph already: only the others are read for a name, tests aside.
  const analysed = new Set(files.map((f) => f.fileName));
  const launcher = texts.find(([file, text]) => !analysed.has(file) && !TEST_MODULE.test(relative(file)) && (COMPUTED_LOAD.test(text) || named.some((re) => re.test(text))));
  return launcher ? unknown(`\`${relative(launcher[0])}\`, which this run does not migrate, may load them both`) : { relation: 'separate' };
}

/** `import(…)` or `require(…)` of something other than a string literal: a loader whose modules the text does not name. */
const COMPUTED_LOAD = /\b(?:import|require)\s*\(\s*(?!['"\s)]|`[^`$]*`)/;

/** A string naming the module as an import would (`'./sse-server.js'`, `'../src/sse-server'`, a folder for its index). */
function mentionOf(sf: ts.SourceFile): RegExp {
  const own = stem(sf.fileName);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = own === 'index' ? `${escape(path.basename(path.dirname(sf.fileName)))}(?:/index)?` : escape(own);
  return new RegExp(`['"\`](?:[^'"\`\\n]*/)?${name}(?:\\.[cm]?[jt]sx?)?['"\`]`);
}

const packageTextCache = new WeakMap<readonly ts.SourceFile[], Map<string, Array<[string, string]> | undefined>>();

/**
 * The text of every file of the package that code could load, analysed or not, tests included: sources and
 * extensionless scripts (a `bin` launcher), its tsconfig `outDir` left out. Read once per run and package; undefined
 * past the walk's bound (nothing can be told then).
 */
export function packageSources(pkg: string, files: readonly ts.SourceFile[]): ReadonlyArray<[string, string]> | undefined {
  const cache = packageTextCache.get(files) ?? new Map<string, Array<[string, string]> | undefined>();
  packageTextCache.set(files, cache);
  if (cache.has(pkg)) return cache.get(pkg);
  const built = outDirOf(pkg);
  const texts: Array<[string, string]> = [];
  const found = sourcesOf(pkg, new Set(), (text, file) => (texts.push([file, text]), true), new Set(built ? [built] : []), { extensionless: true });
  const all = found.length >= SOURCES_BOUND ? undefined : texts;
  cache.set(pkg, all);
  return all;
}

/** A module that starts a server: `app.listen(…)`, `server.listen(…)`, `serve({ fetch })`, `Bun.serve(…)`. */
const STARTS_SERVER = /\.listen\s*\(|\bserve\s*\(/;

/** Whether `from` reaches `to` through the imports that run (re-exports included). */
export function reachesModule(values: ValueQueries, files: readonly ts.SourceFile[], from: ts.SourceFile, to: ts.SourceFile): boolean {
  return reachable(importGraphOf(values, files), from, true).has(to);
}

/** The modules `root` reaches in `graph` (itself included), through re-exports too or not. */
function reachable(graph: ImportGraph, root: ts.SourceFile, throughReexports: boolean): Set<ts.SourceFile> {
  const seen = new Set<ts.SourceFile>([root]);
  for (const queue = [root]; queue.length; ) {
    for (const edge of graph.modules.get(queue.pop()!) ?? []) {
      if ((throughReexports || !edge.reexport) && !seen.has(edge.to)) (seen.add(edge.to), queue.push(edge.to));
    }
  }
  return seen;
}

/** The entry modules: imported by no other module and not tests, then one module of each cycle no entry reaches. */
function entriesOf(graph: ImportGraph, files: readonly ts.SourceFile[], relative: (abs: string) => string): ts.SourceFile[] {
  const modules = files.filter((f) => !f.isDeclarationFile && !TEST_MODULE.test(relative(f.fileName)));
  const imported = new Set([...graph.modules].filter(([from]) => modules.includes(from)).flatMap(([, edges]) => edges.map((e) => e.to)));
  const roots = modules.filter((f) => !imported.has(f));
  const covered = new Set(roots.flatMap((root) => [...reachable(graph, root, true)]));
  for (const f of modules) {
    if (covered.has(f)) continue;
    roots.push(f);
    for (const m of reachable(graph, f, true)) covered.add(m);
  }
  return roots;
}

interface ImportGraph {
  /** Each module's imports that run, among the files of the run. */
  modules: Map<ts.SourceFile, Array<{ to: ts.SourceFile; reexport: boolean }>>;
  /** A module that loads another by a path it computes (`import(name)`, `require(path.join(dir, f))`). */
  computedLoads?: ts.SourceFile;
}

const importGraphs = new WeakMap<readonly ts.SourceFile[], ImportGraph>();

/** The imports that run (`import`, `export … from`, `import()`, `require()`), resolved by the checker or by path. */
function importGraphOf(values: ValueQueries, files: readonly ts.SourceFile[]): ImportGraph {
  const cached = importGraphs.get(files);
  if (cached) return cached;
  const byName = new Map(files.map((f) => [f.fileName, f]));
  const graph: ImportGraph = { modules: new Map() };
  for (const sf of files) {
    if (sf.isDeclarationFile) continue;
    const edges: Array<{ to: ts.SourceFile; reexport: boolean }> = [];
    const add = (specifier: ts.Node | undefined, reexport: boolean): void => {
      if (!specifier || !ts.isStringLiteralLike(specifier)) return;
      const target = values.symbolOf(specifier)?.valueDeclaration;
      let found = target && ts.isSourceFile(target) ? byName.get(target.fileName) : undefined;
      if (!found && specifier.text.startsWith('.')) {
        const base = path.resolve(path.dirname(sf.fileName), specifier.text).replace(/\.[cm]?js$/, '');
        for (const ext of ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '/index.ts', '/index.js']) if ((found = byName.get(base + ext))) break;
      }
      if (found) edges.push({ to: found, reexport });
    };
    for (const s of sf.statements) {
      if (ts.isImportDeclaration(s)) {
        const clause = s.importClause;
        const bindings = clause?.namedBindings;
        // `import type …`, or only `{ type A, type B }`: erased, nothing runs.
        // A named import of types only (`import { Options } from './server.js'` of an interface) is elided too.
        const onlyTypes = (e: ts.ImportSpecifier) => e.isTypeOnly || !((values.symbolOf(e.name)?.flags ?? ts.SymbolFlags.Value) & ts.SymbolFlags.Value);
        const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every(onlyTypes)));
        if (!typeOnly) add(s.moduleSpecifier, false);
      } else if (ts.isExportDeclaration(s) && s.moduleSpecifier && !s.isTypeOnly) add(s.moduleSpecifier, true);
      else if (ts.isImportEqualsDeclaration(s) && !s.isTypeOnly && ts.isExternalModuleReference(s.moduleReference)) add(s.moduleReference.expression, false);
    }
    if (/\bimport\s*\(|\brequire\s*\(/.test(sf.text)) {
      forEachDescendant(sf, (node) => {
        if (!ts.isCallExpression(node)) return;
        // `import(…)` / `require(…)` of any argument (the ast helpers take only literal paths).
        const loads = node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require' && node.arguments.length === 1);
        if (!loads) return;
        const arg = node.arguments[0];
        if (arg && ts.isStringLiteralLike(arg)) add(arg, false);
        else graph.computedLoads ??= sf;
      });
    }
    graph.modules.set(sf, edges);
  }
  importGraphs.set(files, graph);
  return graph;
}
