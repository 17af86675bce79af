/**
 * A namespace import of an SDK 1.x module whose names v2 moved to another package. The official codemod points
 * `import type * as sdkHttp from '@modelcontextprotocol/sdk/server/streamableHttp.js'` at `@modelcontextprotocol/server`
 * and renames the qualified uses (`sdkHttp.StreamableHTTPServerTransport` → `sdkHttp.NodeStreamableHTTPServerTransport`),
 * but that name lives in `@modelcontextprotocol/node`: the file stops type-checking, with the codemod's comment "Update
 * qualified accesses manually" (sweep 36 AJ7). When every name read through the namespace is exported by one other v2
 * entry point, the import is pointed there instead, and that comment has nothing left to ask.
 */
import type { SourceFile } from 'ts-morph';
import { ts } from '../../typescript.js';
import { V2_ENTRY_POINTS, V2_EXPORTS } from './v2-exports.js';

/** The v1 specifiers of the namespace imports pointed at another entry point (their codemod comments are answered). */
export function repointNamespaceImports(sf: SourceFile, v1SpecifierOf: (local: string) => string | undefined): string[] {
  const fixed: string[] = [];
  for (const decl of sf.getImportDeclarations()) {
    const namespace = decl.getNamespaceImport();
    const entry = decl.getModuleSpecifierValue();
    const exports = V2_EXPORTS[entry];
    if (!namespace || !exports) continue;
    const names = qualifiedNames(sf.compilerNode, namespace.getText());
    if (names === undefined || names.size === 0) continue;
    const exportedBy = (e: string): boolean => [...names].every((n) => V2_EXPORTS[e]!.values.includes(n) || V2_EXPORTS[e]!.types.includes(n));
    if (exportedBy(entry)) continue;
    const home = V2_ENTRY_POINTS.find((e) => e !== entry && V2_EXPORTS[e] && exportedBy(e));
    if (!home) continue;
    decl.setModuleSpecifier(home);
    const v1 = v1SpecifierOf(namespace.getText());
    if (v1) fixed.push(v1);
  }
  return fixed;
}

/** The names read through the namespace `local` (`ns.Name` in code or types); undefined when it is used whole. */
function qualifiedNames(file: ts.SourceFile, local: string): Set<string> | undefined {
  const names = new Set<string>();
  let whole = false;
  const visit = (node: ts.Node): void => {
    if (whole) return;
    if (ts.isIdentifier(node) && node.text === local && !ts.isNamespaceImport(node.parent)) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) names.add(parent.name.text);
      else if (ts.isQualifiedName(parent) && parent.left === node) names.add(parent.right.text);
      else if (!(ts.isPropertyAccessExpression(parent) && parent.name === node) && !(ts.isQualifiedName(parent) && parent.right === node)) whole = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return whole ? undefined : names;
}
