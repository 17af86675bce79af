/**
 * The value a session id read falls back to (`ctx?.sessionId || 'unknown'`, `extra.sessionId ?? 'stdio'`): what a
 * 2026-07-28 request, which has no session id, gets there. Markers name it instead of saying "undefined" (sweep 10 H7).
 */
import { ts } from '../../typescript.js';
import { unwrap } from '../../analysis/ast.js';

/** The literal a `??`/`||` falls back to (`ctx?.sessionId || 'unknown'` → `'unknown'`), as written. */
export function fallbackOf(expression: ts.Expression): string | undefined {
  const inner = unwrap(expression);
  if (!ts.isBinaryExpression(inner) || (inner.operatorToken.kind !== ts.SyntaxKind.QuestionQuestionToken && inner.operatorToken.kind !== ts.SyntaxKind.BarBarToken)) return undefined;
  const right = unwrap(inner.right);
  return ts.isStringLiteralLike(right) || ts.isNumericLiteral(right) ? right.getText() : undefined;
}

/** The fallback of the expression a read (the `sessionId` name of `ctx?.sessionId`) is the left side of, if any. */
export function fallbackOfRead(read: ts.Node): string | undefined {
  let current: ts.Node = read;
  for (;;) {
    const parent: ts.Node | undefined = current.parent;
    if (parent && ts.isPropertyAccessExpression(parent) && parent.name === current) current = parent;
    else if (parent && (ts.isParenthesizedExpression(parent) || ts.isNonNullExpression(parent) || ts.isAsExpression(parent))) current = parent;
    else break;
  }
  const parent = current.parent;
  return parent && ts.isBinaryExpression(parent) && parent.left === current ? fallbackOf(parent) : undefined;
}
