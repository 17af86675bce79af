/**
 * Session expiry kept in a session-keyed collection (supergateway's `SessionAccessCounter`: a class field
 * `sessions` whose entries hold a `setTimeout` that deletes the entry and runs the session's cleanup;
 * metamcp's `SessionLifetimeManagerImpl`: a `sessionTimestamps` map a `setInterval` sweeps).
 * It is bookkeeping of the serving layer, not state a tool reads back: it needs no handle, and it goes with
 * the sessions it expires. The handles transform asks here before it advises a handle for such a store.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, outermostWrapper, unwrap } from '../../analysis/ast.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { timerStarted } from '../../analysis/timers.js';


/**
 * Whether the store expires sessions: a timer callback deletes its entries (a per-session `setTimeout` that
 * forgets the session, supergateway), or it records a time per session (`Date.now()`) that a timer sweeps,
 * directly or through a function of the same file it calls (metamcp's `cleanupExpiredSessions`).
 */
export function expiresIdleSessions(store: SessionStore, values: ValueAnalysis): boolean {
  if (store.accesses.some((access) => isDeletion(access.node) && timerCallbackAround(access.node, values))) return true;
  if (!store.accesses.some((access) => access.written && isNow(access.written))) return false;
  const named = collectionName(store);
  if (!named) return false;
  const swept = sweeps(named, values);
  return swept.some((ref) => timerCallbackAround(ref, values) || calledFromTimer(enclosingFunctionOf(ref), values));
}

/** The marker text for such a store: remove it with the sessions (the same on both targets: no v2 API named). */
export function idleExpiryAdvice(name: string): string {
  return `\`${name}\` expires MCP sessions (a timer forgets or sweeps the sessions past their time): bookkeeping of the serving layer, not state a tool reads back, so it needs no handle. Without sessions there is nothing to expire: remove it, with the calls that feed it, when the session registry and its routing are replaced by stateless serving.`;
}

/** `x.delete(k)` or `delete x[k]` at an access of the store. */
function isDeletion(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current && !ts.isStatement(current); current = current.parent) {
    if (ts.isDeleteExpression(current)) return true;
    if (ts.isCallExpression(current) && calleeParts(current).name === 'delete') return true;
  }
  return false;
}

/** The function handed to a global `setTimeout`/`setInterval` that `node` runs in (not a project function of that name). */
function timerCallbackAround(node: ts.Node, values: ValueAnalysis): ts.Node | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (isFunctionLike(current) && isTimerCallback(current, values)) return current;
  }
  return undefined;
}

function isTimerCallback(fn: ts.Node, values: ValueAnalysis): boolean {
  const call = outermostWrapper(fn).parent;
  return !!call && ts.isCallExpression(call) && !!call.arguments[0] && unwrap(call.arguments[0]) === fn && timerStarted(call, values) !== undefined;
}

/** Whether some call of `fn` (a method or function of the project) is made inside a timer callback. */
function calledFromTimer(fn: ts.FunctionLikeDeclaration | undefined, values: ValueAnalysis): boolean {
  if (!fn?.name) return false;
  const name = fn.name.getText();
  let found = false;
  forEachDescendant(fn.getSourceFile(), (node) => {
    if (found || !ts.isCallExpression(node) || calleeParts(node).name !== name) return;
    const callee = unwrap(node.expression);
    const target = values.symbolOf(ts.isPropertyAccessExpression(callee) ? callee.name : callee)?.valueDeclaration;
    if (target === fn && timerCallbackAround(node, values)) found = true;
  });
  return found;
}

/**
 * The name node of the collection: its declaration's (a class field, a variable), or for a JS class field
 * assigned in the constructor (no declaration the flow records) the name of the first access's receiver.
 */
function collectionName(store: SessionStore): ts.Node | undefined {
  const declared = store.declaration && (store.declaration as ts.NamedDeclaration).name;
  if (declared) return declared;
  const receiver = store.accesses.find((a) => a.store)?.store;
  const inner = receiver && unwrap(receiver);
  return inner && ts.isPropertyAccessExpression(inner) ? inner.name : inner && ts.isIdentifier(inner) ? inner : undefined;
}

/** References of the collection `name` names that walk it: `for (… of x.entries())`, `x.forEach(…)`. */
function sweeps(name: ts.Node, values: ValueAnalysis): ts.Node[] {
  const symbol = values.symbolOf(name);
  if (!symbol) return [];
  const out: ts.Node[] = [];
  forEachDescendant(name.getSourceFile(), (node) => {
    const target = ts.isPropertyAccessExpression(node) ? node.name : ts.isIdentifier(node) && !ts.isPropertyAccessExpression(node.parent) ? node : undefined;
    if (!target || target.getText() !== name.getText() || values.symbolOf(target) !== symbol) return;
    const walked = outermostWrapper(node);
    const parent = walked.parent;
    const method = parent && ts.isPropertyAccessExpression(parent) && parent.expression === walked ? parent.name.text : undefined;
    const iterated = parent && ts.isForOfStatement(parent) && parent.expression === walked;
    const viaMethod = method && ['entries', 'keys', 'values'].includes(method) && ts.isCallExpression(parent.parent) && ts.isForOfStatement(parent.parent.parent) && parent.parent.parent.expression === parent.parent;
    if (iterated || viaMethod || method === 'forEach') out.push(node);
  });
  return out;
}

function isNow(value: ts.Node): boolean {
  const inner = unwrap(value);
  return ts.isCallExpression(inner) && inner.expression.getText() === 'Date.now';
}

function enclosingFunctionOf(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionLike(current)) return current;
  return undefined;
}
