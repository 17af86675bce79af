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
  let calls = ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isAwaitExpression(node);
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

/**
 * Whether `a` and `b` are in different branches of one `if … else` or conditional expression (`cond ? a : b`): no run
 * of the code reaches both.
 */
export function inExclusiveBranches(a: ts.Node, b: ts.Node): boolean {
  const above = new Set<ts.Node>();
  for (let n: ts.Node | undefined = a; n; n = n.parent) above.add(n);
  let child: ts.Node = b;
  for (let n: ts.Node | undefined = b.parent; n; child = n, n = n.parent) {
    if (!above.has(n)) continue;
    // `n` is the nearest node holding both; `child` is b's side of it, and a's side is the child of `n` on a's path.
    let aSide: ts.Node | undefined;
    for (let m: ts.Node | undefined = a; m && m !== n; m = m.parent) aSide = m;
    if (ts.isIfStatement(n)) return !!n.elseStatement && new Set([aSide, child]).size === 2 && [aSide, child].every((x) => x === n.thenStatement || x === n.elseStatement);
    if (ts.isConditionalExpression(n)) return new Set([aSide, child]).size === 2 && [aSide, child].every((x) => x === n.whenTrue || x === n.whenFalse);
    return false;
  }
  return false;
}
