/**
 * Stores of timers per session: `map.set(sessionId, setInterval(…))`. A timer is bookkeeping of
 * the connection (it pushes to the client that asked), not state a tool reads back, so the
 * handle pattern is the wrong advice for it; the marker says what to do instead.
 */
import { ts } from '../../typescript.js';
import { unwrap } from '../../analysis/ast.js';
import type { StoreModel } from '../../analysis/reach.js';
import { timerStarted } from '../../analysis/timers.js';
import type { ValueAnalysis } from '../../analysis/values.js';

/** True when a value the store is given is a timer just started (directly, or through a local const). */
export function holdsTimers(model: StoreModel, values: ValueAnalysis): boolean {
  return model.store.accesses.some((sink) => sink.written !== undefined && isTimerStart(sink.written, values));
}

function isTimerStart(value: ts.Node, values: ValueAnalysis): boolean {
  let expression = unwrap(value);
  if (ts.isIdentifier(expression)) {
    const declaration = values.checker.getSymbolAtLocation(expression)?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return false;
    expression = unwrap(declaration.initializer);
  }
  return ts.isCallExpression(expression) && timerStarted(expression, values) !== undefined;
}
