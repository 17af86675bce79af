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

/** Whether the module specifier `specifier` names the module `target` (by the symbol the checker gives it). */
export function resolvesTo(values: ValueQueries, specifier: ts.Expression, target: ts.SourceFile): boolean {
  const symbol = values.symbolOf(specifier);
  return !!symbol?.valueDeclaration && symbol.valueDeclaration === target;
}

/** `export * from '<target>'` in `from`. */
export function reExportsAllOf(values: ValueQueries, from: ts.SourceFile, target: ts.SourceFile): ts.ExportDeclaration | undefined {
  return from.statements.find((s): s is ts.ExportDeclaration => ts.isExportDeclaration(s) && !s.exportClause && !!s.moduleSpecifier && resolvesTo(values, s.moduleSpecifier, target));
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
