/**
 * The shutdown code of the helper-registry shape (session-registry.ts): a loop closing every registered
 * transport (it becomes the stateless handler's close()) and `registry.clear()` (it goes with the registry).
 * Any other use of the registry is a reason not to rewrite.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, isInside, unwrap } from '../../analysis/ast.js';
import { LOG_LEVELS } from './text.js';

/** `for (const e of registry.values()) { await e.transport.close(); }` and the like: a loop closing every session. */
export function closingLoop(ref: ts.Identifier): ts.Node | undefined {
  for (let current: ts.Node | undefined = ref.parent; current && !isFunctionLike(current); current = current.parent) {
    if ((ts.isForInStatement(current) || ts.isForOfStatement(current)) && isInside(ref, current.expression)) return closes(current.statement) ? current : undefined;
    if (ts.isExpressionStatement(current)) {
      const call = unwrap(current.expression);
      if (ts.isCallExpression(call) && calleeParts(call).name === 'forEach' && isInside(ref, call.expression) && call.arguments[0] && closes(call.arguments[0])) return current;
      return undefined;
    }
  }
  return undefined;
}

/** Whether `body` does nothing but close things (and log). */
function closes(body: ts.Node): boolean {
  let closing = false;
  let other = false;
  forEachDescendant(body, (node) => {
    if (!ts.isCallExpression(node)) return;
    const name = calleeParts(node).name;
    if (name === 'close') closing = true;
    else if (!(name && (LOG_LEVELS.has(name) || ['catch', 'then', 'finally', 'values', 'entries', 'keys'].includes(name)))) other = true;
  });
  return closing && !other;
}

/** `registry.clear();` as a statement of its own. */
export function clearCall(ref: ts.Identifier): ts.Node | undefined {
  const access = ref.parent;
  if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'clear' || !ts.isCallExpression(access.parent) || !ts.isExpressionStatement(access.parent.parent)) return undefined;
  return access.parent.parent;
}
