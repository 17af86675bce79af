/**
 * A file whose SDK imports are only what client and server share (`types.js`, `shared/*`) belongs to
 * the side it exchanges those types with. Client code stays on SDK v1 (this transform does not move
 * clients), so a types-only module that only client code uses must stay there too: playwright-mcp's
 * `src/loop/loopClaude.ts` implements `LLMDelegate` of the client module `src/loop/loop.ts` with the
 * SDK's `Tool`; moved to v2's `Tool` it no longer implements that v1 interface (6 new type errors).
 *
 * Neighbours are the project modules a file imports and, among the files known here, those that
 * import it: the caller passes the package's files that import the v1 SDK, analysed or not (gitlab-mcp's
 * `test/clients/client.ts` is imported only by clients that the analysis of `server.ts` never loads). A types-only file stays on v1 when a neighbour stays on v1 (client code, or a types-only
 * file held this way) and no neighbour is server code: a file between both sides moves with the server.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { forEachDescendant } from '../../analysis/ast.js';

export interface SideFile {
  file: string;
  text: string;
}

export interface Classifier {
  /** All of the file's v1 imports are client modules or shared ones, and at least one is a client module. */
  isClientOnly(text: string): boolean;
  /** The file imports the v1 SDK at all. */
  usesSdkV1(text: string): boolean;
  /** All of the file's v1 imports are shared ones (types, shared/): neither side by itself. */
  isSharedOnly(text: string): boolean;
}

/** The types-only candidates that stay on v1 with the client code they serve. */
export function typesOnlyFilesOfClients(candidates: readonly SideFile[], known: ReadonlyMap<string, string>, read: (file: string) => string | undefined, kind: Classifier): Set<string> {
  const textOf = (file: string): string | undefined => known.get(file) ?? read(file);
  const shared = candidates.filter((c) => kind.isSharedOnly(c.text));
  if (!shared.length) return new Set();
  const importsOf = new Map<string, string[]>();
  const targets = (file: string, text: string): string[] => {
    let out = importsOf.get(file);
    if (!out) importsOf.set(file, (out = relativeImports(file, text)));
    return out;
  };
  const sharedFiles = new Set(shared.map((c) => c.file));
  const neighbours = new Map<string, Set<string>>(shared.map((c) => [c.file, new Set(targets(c.file, c.text))]));
  for (const [file, text] of known) {
    for (const target of targets(file, text)) neighbours.get(target)?.add(file);
  }
  const side = (file: string): 'client' | 'server' | 'shared' | 'none' => {
    if (sharedFiles.has(file)) return 'shared';
    const text = textOf(file);
    if (text === undefined || !kind.usesSdkV1(text)) return 'none';
    if (kind.isSharedOnly(text)) return 'shared';
    return kind.isClientOnly(text) ? 'client' : 'server';
  };
  const held = new Set<string>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const file of sharedFiles) {
      if (held.has(file)) continue;
      const sides = [...neighbours.get(file)!].map((n) => (held.has(n) ? 'client' : side(n)));
      if (sides.includes('client') && !sides.includes('server')) {
        held.add(file);
        changed = true;
      }
    }
  }
  return held;
}

const RESOLUTION: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowJs: true, resolveJsonModule: false };

/** Names taken from a module: these exported names, or all of them (a namespace import, `export *`, `import()`). */
export type TakenNames = ReadonlySet<string> | 'all';

/**
 * The project modules `text` re-exports from by relative specifier, each with the names it re-exports from there under
 * the name it exports them as (`export { a as b } from './x'`: b → a), or 'all' (`export * from './x'`).
 */
export function reexportedModules(file: string, text: string): Array<{ target: string; names: ReadonlyMap<string, string> | 'all' }> {
  const sf = syntaxTreeOf(file, text);
  const out: Array<{ target: string; names: ReadonlyMap<string, string> | 'all' }> = [];
  for (const statement of sf.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    const target = relativeProjectModule(statement.moduleSpecifier, file);
    if (!target) continue;
    const clause = statement.exportClause;
    out.push({ target, names: clause && ts.isNamedExports(clause) ? new Map(clause.elements.map((e) => [e.name.text, (e.propertyName ?? e.name).text])) : 'all' });
  }
  return out;
}

/** The project modules `text` imports by relative specifier, each with the names it takes from there (see `TakenNames`). */
export function relativeImportNames(file: string, text: string, resolveBare?: (from: string, specifier: string) => string | undefined): Map<string, TakenNames> {
  const sf = syntaxTreeOf(file, text);
  const out = new Map<string, TakenNames>();
  // A bare specifier naming a workspace package of the repository (`from 'ak7-core'`), when a resolver is given (sweep 37 AK7).
  const resolvedProjectModule = (node: ts.Node | undefined, from: string): string | undefined =>
    relativeProjectModule(node, from) ?? (resolveBare && node && ts.isStringLiteralLike(node) && !node.text.startsWith('.') ? resolveBare(from, node.text) : undefined);
  const take = (target: string | undefined, names: TakenNames): void => {
    if (!target) return;
    const had = out.get(target);
    out.set(target, had === 'all' || names === 'all' ? 'all' : new Set([...(had ?? []), ...names]));
  };
  // The analysis has walked this very tree (shared by syntaxTreeOf): its node list in pre-order is replayed.
  forEachDescendant(sf, (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      if (!clause || (bindings && ts.isNamespaceImport(bindings))) take(resolvedProjectModule(node.moduleSpecifier, file), 'all');
      else take(resolvedProjectModule(node.moduleSpecifier, file), new Set([...(clause.name ? ['default'] : []), ...(bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => (e.propertyName ?? e.name).text) : [])]));
    } else if (ts.isExportDeclaration(node)) take(resolvedProjectModule(node.moduleSpecifier, file), 'all');
    else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      take(resolvedProjectModule(node.arguments[0], file), 'all');
    }
  });
  return out;
}

/** The project source file a relative specifier names, by the bundler resolution (extensionless, directory index). */
function relativeProjectModule(node: ts.Node | undefined, file: string): string | undefined {
  if (!node || !ts.isStringLiteralLike(node) || !node.text.startsWith('.')) return undefined;
  const resolved = ts.resolveModuleName(node.text, file, RESOLUTION, ts.sys).resolvedModule?.resolvedFileName;
  return resolved && !resolved.endsWith('.d.ts') ? path.resolve(resolved) : undefined;
}

/** The project source files `text` imports by relative specifier (import, export-from, require, import()). */
export function relativeImports(file: string, text: string): string[] {
  return [...relativeImportNames(file, text).keys()];
}
