/**
 * What a variable is given: its initializer and the right-hand sides of `name = …` for the same symbol. Store
 * classification, the held SDK values and the per-session server analysis each ask this of a local
 * (`let session = map.get(id); if (!session) { session = { server, transport } }`).
 */
import { ts } from '../typescript.js';
import { enclosingFunction, forEachDescendant, unwrap } from './ast.js';

interface SymbolQueries {
  symbolOf(node: ts.Node): ts.Symbol | undefined;
}

/** Right-hand sides of `name = …` inside `scope` for the same symbol as `name`. */
export function assignmentsIn(values: SymbolQueries, scope: ts.Node, name: ts.Identifier): ts.Expression[] {
  const symbol = values.symbolOf(name);
  const out: ts.Expression[] = [];
  forEachDescendant(scope, (node) => {
    if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
    const left = unwrap(node.left);
    if (ts.isIdentifier(left) && left.text === name.text && values.symbolOf(left) === symbol) out.push(node.right);
  });
  return out;
}

/**
 * Everything the variable `id` names is given: its initializer and every assignment in the function (else the file)
 * declaring it; undefined when `id` names no variable.
 */
export function valuesGivenTo(values: SymbolQueries, id: ts.Identifier): ts.Expression[] | undefined {
  const decl = values.symbolOf(id)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return undefined;
  return [...(decl.initializer ? [decl.initializer] : []), ...assignmentsIn(values, enclosingFunction(decl) ?? decl.getSourceFile(), decl.name)];
}
