/**
 * Stores of timers per session: `map.set(sessionId, setInterval(…))`. A timer is bookkeeping of
 * the connection (it pushes to the client that asked), not state a tool reads back, so the
 * handle pattern is the wrong advice for it; the marker says what to do instead.
 */
import { ts } from '../../typescript.js';
import { unwrap } from '../../analysis/ast.js';
import type { StoreModel } from '../../analysis/reach.js';

const TIMER_STARTS = new Set(['setInterval', 'setTimeout']);
const TIMER_MODULES = new Set(['timers', 'node:timers']);

/** True when a value the store is given is a timer just started (directly, or through a local const). */
export function holdsTimers(model: StoreModel, checker: ts.TypeChecker): boolean {
  return model.store.accesses.some((sink) => sink.written !== undefined && isTimerStart(sink.written, checker));
}

function isTimerStart(value: ts.Node, checker: ts.TypeChecker): boolean {
  let expression = unwrap(value);
  if (ts.isIdentifier(expression)) {
    const declaration = checker.getSymbolAtLocation(expression)?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return false;
    expression = unwrap(declaration.initializer);
  }
  if (!ts.isCallExpression(expression)) return false;
  const callee = expression.expression;
  if (ts.isPropertyAccessExpression(callee)) {
    return ts.isIdentifier(callee.expression) && callee.expression.text === 'globalThis' && TIMER_STARTS.has(callee.name.text);
  }
  return ts.isIdentifier(callee) && TIMER_STARTS.has(callee.text) && isGlobalOrNodeTimer(callee, checker);
}

/** The global timer (no declaration in the program: lib files are not loaded) or one imported from node:timers; not a project function of that name. */
function isGlobalOrNodeTimer(name: ts.Identifier, checker: ts.TypeChecker): boolean {
  const declarations = checker.getSymbolAtLocation(name)?.declarations;
  if (!declarations?.length) return true;
  return declarations.every((d) => {
    if (!ts.isImportSpecifier(d)) return false;
    const specifier = d.parent.parent.parent.moduleSpecifier;
    return ts.isStringLiteral(specifier) && TIMER_MODULES.has(specifier.text);
  });
}
