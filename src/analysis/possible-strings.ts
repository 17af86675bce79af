/**
 * The strings an expression can evaluate to, when the code spells them out: what a computed member name
 * (``server[`on${event}`]``) or a lookup key can be. Read from the code's own literals, constants and
 * callers, never from types.
 */
import { ts } from '../typescript.js';
import { isFunctionLike, unwrap } from './ast.js';
import type { CallGraph } from './call-graph.js';
import { forOfLoop } from './declarations.js';

/** What `possibleStrings` asks of the analysis (`ValueAnalysis` answers). */
export interface StringQueries {
  symbolOf(node: ts.Node): ts.Symbol | undefined;
  readonly calls: CallGraph;
}

/**
 * The strings an expression can evaluate to, when the code spells them out: literals, `const`s,
 * templates and `+` over those, a `for (const e of ['a', 'b'])` loop variable, or a parameter (what every
 * caller passes). Undefined when any part is unknown. Used for computed member names (``server[`on${event}`]``).
 */
export function possibleStrings(values: StringQueries, node: ts.Node, depth = 0): string[] | undefined {
  const inner = unwrap(node);
  if (ts.isStringLiteralLike(inner)) return [inner.text];
  if (depth > 4) return undefined;
  const combine = (parts: Array<string[] | undefined>): string[] | undefined => {
    let out = [''];
    for (const part of parts) {
      if (!part) return undefined;
      out = out.flatMap((prefix) => part.map((p) => prefix + p));
      if (out.length > 32) return undefined;
    }
    return out;
  };
  if (ts.isTemplateExpression(inner)) {
    const parts: Array<string[] | undefined> = [[inner.head.text]];
    for (const span of inner.templateSpans) parts.push(possibleStrings(values, span.expression, depth + 1), [span.literal.text]);
    return combine(parts);
  }
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return combine([possibleStrings(values, inner.left, depth + 1), possibleStrings(values, inner.right, depth + 1)]);
  }
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  if (!decl) return undefined;
  if (ts.isVariableDeclaration(decl)) {
    const loop = forOfLoop(decl);
    if (loop) {
      const iterable = unwrap(loop.expression);
      const list = ts.isIdentifier(iterable) ? values.symbolOf(iterable)?.valueDeclaration : undefined;
      const array = ts.isArrayLiteralExpression(iterable) ? iterable : list && ts.isVariableDeclaration(list) && list.initializer ? unwrap(list.initializer) : undefined;
      if (!array || !ts.isArrayLiteralExpression(array)) return undefined;
      const out: string[] = [];
      for (const element of array.elements) {
        const strings = possibleStrings(values, element, depth + 1);
        if (!strings) return undefined;
        out.push(...strings);
      }
      return out;
    }
    const constant = ts.isVariableDeclarationList(decl.parent) && (decl.parent.flags & ts.NodeFlags.Const) !== 0;
    return constant && decl.initializer ? possibleStrings(values, decl.initializer, depth + 1) : undefined;
  }
  if (ts.isParameter(decl) && isFunctionLike(decl.parent)) {
    const index = decl.parent.parameters.indexOf(decl);
    const calls = values.calls.callsOf(decl.parent);
    if (calls.length === 0) return undefined;
    const out: string[] = [];
    for (const call of calls) {
      const arg = call.arguments[index];
      const strings = arg && !ts.isSpreadElement(arg) ? possibleStrings(values, arg, depth + 1) : undefined;
      if (!strings) return undefined;
      out.push(...strings);
    }
    return out;
  }
  return undefined;
}
