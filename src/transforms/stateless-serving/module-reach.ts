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
import { nearestPackageJson } from '../kit/package-json.js';

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
export function resolvesTo(values: ValueQueries, specifier: ts.Expression, target: ts.SourceFile): boolean {
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
function stem(file: string): string {
  return path.basename(file).replace(/\.(?:d\.)?[cm]?[jt]sx?$/, '');
}

/** `` `mcp.ts` ``: a module as the reasons name it. */
export function moduleName(sf: ts.SourceFile): string {
  return `\`${sf.fileName.split(/[\\/]/).pop()}\``;
}

/**
 * Whether modules `a` and `b` run in one program: some entry module (one no other module of the run imports) reaches
 * both through imports, static or loaded at run time. Two servers of one package started apart (`node src/sse.js`,
 * `node src/http.js`) are two programs even when they share a module of helpers; an SSE endpoint's module and the
 * Streamable HTTP one's under one `index.ts` are one. A module in an import cycle no entry reaches counts as an entry.
 */
export function inOneProgram(values: ValueQueries, files: readonly ts.SourceFile[], a: ts.SourceFile, b: ts.SourceFile): boolean {
  if (a === b) return true;
  const graph = importGraphOf(values, files);
  const reach = (root: ts.SourceFile): Set<ts.SourceFile> => {
    const seen = new Set<ts.SourceFile>([root]);
    for (const queue = [root]; queue.length; ) for (const next of graph.get(queue.pop()!) ?? []) if (!seen.has(next)) (seen.add(next), queue.push(next));
    return seen;
  };
  const imported = new Set([...graph.values()].flatMap((targets) => [...targets]));
  const modules = files.filter((f) => !f.isDeclarationFile);
  const roots = modules.filter((f) => !imported.has(f));
  const covered = new Set(roots.flatMap((r) => [...reach(r)]));
  // Modules only an import cycle reaches: each such cycle is a program of its own.
  for (const f of modules) {
    if (covered.has(f)) continue;
    roots.push(f);
    for (const m of reach(f)) covered.add(m);
  }
  return roots.some((root) => {
    const from = reach(root);
    return from.has(a) && from.has(b);
  });
}

const importGraphs = new WeakMap<readonly ts.SourceFile[], Map<ts.SourceFile, Set<ts.SourceFile>>>();

/** Each module's imports among `files` (`import`, `export … from`, `import()`, `require()`), resolved by the checker or by path. */
function importGraphOf(values: ValueQueries, files: readonly ts.SourceFile[]): Map<ts.SourceFile, Set<ts.SourceFile>> {
  const cached = importGraphs.get(files);
  if (cached) return cached;
  const byName = new Map(files.map((f) => [f.fileName, f]));
  const graph = new Map<ts.SourceFile, Set<ts.SourceFile>>();
  for (const sf of files) {
    if (sf.isDeclarationFile) continue;
    const targets = new Set<ts.SourceFile>();
    const add = (specifier: ts.Node | undefined): void => {
      if (!specifier || !ts.isStringLiteralLike(specifier)) return;
      const target = values.symbolOf(specifier)?.valueDeclaration;
      if (target && ts.isSourceFile(target) && byName.has(target.fileName)) targets.add(target);
      else if (specifier.text.startsWith('.')) {
        const base = path.resolve(path.dirname(sf.fileName), specifier.text).replace(/\.[cm]?js$/, '');
        for (const ext of ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '/index.ts', '/index.js']) {
          const found = byName.get(base + ext);
          if (found) {
            targets.add(found);
            break;
          }
        }
      }
    };
    for (const s of sf.statements) if ((ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier) add(s.moduleSpecifier);
    if (/\bimport\s*\(|\brequire\s*\(/.test(sf.text)) {
      forEachDescendant(sf, (node) => {
        if (ts.isCallExpression(node) && (isDynamicImport(node) || isRequireCall(node))) add(node.arguments[0]);
      });
    }
    graph.set(sf, targets);
  }
  importGraphs.set(files, graph);
  return graph;
}
