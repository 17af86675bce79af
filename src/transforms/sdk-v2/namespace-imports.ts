/**
 * A namespace import of an SDK 1.x module whose names v2 moved to another package. The official codemod points
 * `import type * as sdkHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js'` at `@modelcontextprotocol/server`
 * and renames the qualified uses (`sdkHttp.StreamableHTTPServerTransport` → `sdkHttp.NodeStreamableHTTPServerTransport`),
 * but that name lives in `@modelcontextprotocol/node`: the file stops type-checking, with the codemod's comment "Update
 * qualified accesses manually" (sweep 36 AJ7). When every name read through the namespace is exported by one other v2
 * entry point, the import is pointed there instead, and that comment has nothing left to ask. The codemod renames those
 * qualified uses only beside a named import of the same name; a namespace-only import keeps v1's names
 * (`sdkHttp.StreamableHTTPServerTransport`), so they are renamed here by the codemod's own table first (review 43 S43-11).
 */
import type { SourceFile } from 'ts-morph';
import { ts } from '../../typescript.js';
import { SPLIT_EXPORTS, v2RenameOf } from '../../analysis/sdk-modules.js';
import { V2_ENTRY_POINTS, V2_EXPORTS } from './v2-exports.js';

/** The v1 specifiers of the namespace imports pointed at another entry point (their codemod comments are answered). */
export function repointNamespaceImports(sf: SourceFile, v1SpecifierOf: (local: string) => string | undefined): string[] {
  const fixed: string[] = [];
  const renames: Array<{ start: number; from: string; to: string }> = [];
  const homes = new Map<string, string>();
  for (const decl of sf.getImportDeclarations()) {
    const namespace = decl.getNamespaceImport();
    const entry = decl.getModuleSpecifierValue();
    if (!namespace || !V2_EXPORTS[entry]) continue;
    const local = namespace.getText();
    const uses = qualifiedUses(sf.compilerNode, local);
    if (uses === undefined || uses.length === 0) continue;
    const v1 = v1SpecifierOf(local);
    const exports = (e: string, n: string): boolean => V2_EXPORTS[e]!.values.includes(n) || V2_EXPORTS[e]!.types.includes(n);
    // A v1 name v2 renamed (or split, `ErrorCode` → `ProtocolErrorCode` as the codemod maps values), still read under its
    // v1 name (the codemod renamed it only beside a named import).
    const renamed = new Map<string, string>();
    for (const { name } of uses) {
      const v2 = v1 && !exports(entry, name) ? (v2RenameOf(v1, name) ?? (Object.hasOwn(SPLIT_EXPORTS, name) ? SPLIT_EXPORTS[name]![0] : undefined)) : undefined;
      if (v2) renamed.set(name, v2);
    }
    const names = new Set(uses.map(({ name }) => renamed.get(name) ?? name));
    const exportedBy = (e: string): boolean => [...names].every((n) => exports(e, n));
    const home = exportedBy(entry) ? entry : V2_ENTRY_POINTS.find((e) => e !== entry && V2_EXPORTS[e] && exportedBy(e));
    if (!home || (home === entry && renamed.size === 0)) continue;
    if (home !== entry) homes.set(local, home);
    for (const use of uses) if (renamed.has(use.name)) renames.push({ start: use.start, from: use.name, to: renamed.get(use.name)! });
    if (v1) fixed.push(v1);
  }
  // The offsets are the original text's: the renames first, from the end (each keeps the offsets before it), then the
  // specifiers, on declarations found again (a text edit forgets the wrappers).
  for (const { start, from, to } of renames.sort((a, b) => b.start - a.start)) sf.replaceText([start, start + from.length], to);
  for (const decl of sf.getImportDeclarations()) {
    const home = homes.get(decl.getNamespaceImport()?.getText() ?? '');
    if (home) decl.setModuleSpecifier(home);
  }
  return fixed;
}

/** Each name read through the namespace `local` (`ns.Name` in code or types) and where; undefined when it is used whole. */
function qualifiedUses(file: ts.SourceFile, local: string): Array<{ name: string; start: number }> | undefined {
  const uses: Array<{ name: string; start: number }> = [];
  let whole = false;
  const visit = (node: ts.Node): void => {
    if (whole) return;
    if (ts.isIdentifier(node) && node.text === local && !ts.isNamespaceImport(node.parent)) {
      const parent = node.parent;
      const right = ts.isPropertyAccessExpression(parent) && parent.expression === node ? parent.name : ts.isQualifiedName(parent) && parent.left === node ? parent.right : undefined;
      if (right) uses.push({ name: right.text, start: right.getStart(file) });
      else if (!(ts.isPropertyAccessExpression(parent) && parent.name === node) && !(ts.isQualifiedName(parent) && parent.right === node)) whole = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return whole ? undefined : uses;
}
