/**
 * A file held on SDK v1 (it takes SDK objects from a dependency built on v1, v1-dependencies.ts) keeps
 * v1's types in what it exports, and the files it exchanges those objects with must keep them too:
 * browserbase's `src/context.ts` (held: it imports Stagehand, built on v1) has `constructor(server:
 * Server)` with v1's `Server`; `src/index.ts`, moved to v2, passed it v2's `Server` (TS2345), and
 * `src/types/types.ts` (held) typed its tool list with `src/tools/tool.ts` (moved), so the list no
 * longer fit (TS2322). The hold spreads along project imports in both directions, but only across a
 * module whose exports name v1 SDK types: a module that exchanges no SDK type (an Express router
 * built around a held file) does not tie its importers to v1. Two more ties (sweeps 25 Y1, 26 Z8): an import
 * through a barrel (`from './tools'`, whose index re-exports `./echo`) reaches what the barrel re-exports, and a
 * module with no SDK import of its own whose registrations the analysis resolved (`registerTools(server: any)`,
 * handed the McpAgent's v1 server) runs on whatever server its importer hands it, so it stays with that importer. An import of a
 * workspace package of the repository by its name (`from 'ak7-core'`) ties the two as a relative import does (sweep 37 AK7).
 */
import { ts } from '../../typescript.js';
import { syntaxTreeOf } from '../../analysis/parsed-files.js';
import { isV1Specifier } from './bindings.js';
import { reexportedModules, relativeImportNames, type SideFile, type TakenNames } from './client-side-types.js';

/** A candidate file; `receivesServer`: it registers on an SDK server it does not import (one its importer hands it). */
export interface NeighbourFile extends SideFile {
  receivesServer?: boolean;
}

/** Each candidate newly held with the held file it exchanges SDK types with (`held` itself is not changed). */
export function heldNeighbours(candidates: readonly NeighbourFile[], held: ReadonlySet<string>, read: (file: string) => string | undefined = () => undefined, resolveBare?: (from: string, specifier: string) => string | undefined): Map<string, string> {
  const byFile = new Map(candidates.map((c) => [c.file, c]));
  // A module and, when it re-exports what the importer takes, the modules those names come from (a barrel's
  // `export { x } from './x'`). A re-export the importer does not take ties nothing (review 37 R3).
  const throughBarrels = (target: string, names: TakenNames, seen = new Set<string>()): string[] => {
    if (seen.has(target)) return [];
    seen.add(target);
    const text = byFile.get(target)?.text ?? read(target);
    if (text === undefined) return [target];
    const next = reexportedModules(target, text).flatMap((r) => {
      if (names === 'all') return throughBarrels(r.target, 'all', seen);
      if (r.names === 'all') {
        // `export * from './x'`: the names `x` itself exports.
        const own = exportedNames(r.target, byFile.get(r.target)?.text ?? read(r.target) ?? '');
        const declared = [...names].filter((n) => own.has(n));
        return declared.length ? throughBarrels(r.target, new Set(declared), seen) : [];
      }
      const taken = [...r.names].filter(([exported]) => names.has(exported)).map(([, local]) => local);
      return taken.length ? throughBarrels(r.target, new Set(taken), seen) : [];
    });
    return [target, ...next];
  };
  // Edges between candidates: importer → imported, kept when the imported module's exports name v1 SDK types.
  const edges = new Map<string, Set<string>>();
  const link = (a: string, b: string): void => {
    edges.set(a, (edges.get(a) ?? new Set()).add(b));
    edges.set(b, (edges.get(b) ?? new Set()).add(a));
  };
  const exposes = new Map<string, boolean>();
  for (const c of candidates) {
    for (const target of [...relativeImportNames(c.file, c.text, resolveBare)].flatMap(([t, names]) => throughBarrels(t, names))) {
      const imported = byFile.get(target);
      if (!imported || imported.file === c.file) continue;
      if (!exposes.has(target)) exposes.set(target, exportsNameV1Types(imported.file, imported.text));
      if (exposes.get(target) || imported.receivesServer) link(c.file, target);
    }
  }
  const out = new Map<string, string>();
  const queue = [...held].filter((file) => byFile.has(file));
  const reason = new Map(queue.map((file) => [file, file]));
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of edges.get(file) ?? []) {
      if (reason.has(next)) continue;
      reason.set(next, file);
      out.set(next, file);
      queue.push(next);
    }
  }
  return out;
}

/** Whether an exported declaration of the module names something it imports from the v1 SDK. */
function exportsNameV1Types(file: string, text: string): boolean {
  const sf = syntaxTreeOf(file, text);
  const sdkNames = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !isV1Specifier(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (clause?.name) sdkNames.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) sdkNames.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) sdkNames.add(element.name.text);
  }
  if (!sdkNames.size) return false;
  const names = (node: ts.Node): boolean => (ts.isIdentifier(node) && sdkNames.has(node.text)) || Boolean(ts.forEachChild(node, (child) => names(child) || undefined));
  const exported = sf.statements.filter((s) => ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
  const reExported = sf.statements.filter((s) => ts.isExportDeclaration(s) && !s.moduleSpecifier);
  return exported.some(names) || reExported.some(names);
}

/** The names a module exports itself: its exported declarations and `export { … }` lists (not what it re-exports). */
function exportedNames(file: string, text: string): Set<string> {
  const out = new Set<string>();
  for (const statement of syntaxTreeOf(file, text).statements) {
    if (ts.isExportDeclaration(statement)) {
      if (!statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) for (const e of statement.exportClause.elements) out.add(e.name.text);
      continue;
    }
    if (!ts.canHaveModifiers(statement) || !ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) out.add(d.name.text);
    } else if (ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) out.add('default');
    else {
      const name = (statement as ts.DeclarationStatement).name;
      if (name && ts.isIdentifier(name)) out.add(name.text);
    }
  }
  return out;
}
