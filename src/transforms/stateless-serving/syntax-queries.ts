/**
 * Small questions about syntax that several modules of the helper-registry rewrite (session-registry.ts) ask:
 * which statement declares a variable, a function's name, the identifiers under a node, whether code calls
 * anything, and where a node is in words for a refusal.
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, outermostWrapper } from '../../analysis/ast.js';

/** The variable statement declaring `decl` and nothing else. */
export function soleStatement(decl: ts.VariableDeclaration): ts.VariableStatement | undefined {
  const list = decl.parent;
  return ts.isVariableDeclarationList(list) && list.declarations.length === 1 && ts.isVariableStatement(list.parent) ? list.parent : undefined;
}

export function functionName(fn: ts.FunctionLikeDeclaration | undefined): string | undefined {
  if (!fn) return undefined;
  if (ts.isFunctionDeclaration(fn) && fn.name) return fn.name.text;
  const holder = outermostWrapper(fn).parent;
  return ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : undefined;
}

export function identifiers(root: ts.Node): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  forEachDescendant(root, (n) => {
    if (ts.isIdentifier(n)) out.push(n);
  });
  if (ts.isIdentifier(root)) out.push(root);
  return out;
}

export function makesCalls(node: ts.Node): boolean {
  let calls = ts.isCallExpression(node) || ts.isNewExpression(node);
  forEachDescendant(node, (n) => {
    if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isAwaitExpression(n)) calls = true;
  });
  return calls;
}

/** Where `node` is, by the named function around it: the marker's own line would shift a line number. */
export function placeOf(node: ts.Node): string {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const name = functionName(fn) ?? (ts.isMethodDeclaration(fn) && ts.isIdentifier(fn.name) ? fn.name.text : undefined);
    if (name) return `in \`${name}()\``;
  }
  return 'at the top level of the file';
}
