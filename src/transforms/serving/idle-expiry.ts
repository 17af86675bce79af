/**
 * Idle-session expiry kept in a session-keyed collection (supergateway's `SessionAccessCounter`: a class
 * field `sessions` whose entries hold a `setTimeout` that deletes the entry and runs the session's cleanup).
 * It is bookkeeping of the serving layer, not state a tool reads back: it needs no handle, and it goes with
 * the sessions it expires. The handles transform asks here before it advises a handle for such a store.
 */
import { ts } from '../../analysis/typescript.js';
import { calleeParts, isFunctionLike, outermostWrapper, unwrap } from '../../analysis/ast.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import type { ValueAnalysis } from '../../analysis/values.js';

const TIMER_STARTS = new Set(['setTimeout', 'setInterval']);

/**
 * Whether a timer callback deletes the store's entries: the store expires sessions (a per-session
 * `setTimeout` that forgets the session, or a `setInterval` sweep).
 */
export function expiresIdleSessions(store: SessionStore, values: ValueAnalysis): boolean {
  return store.accesses.some((access) => isDeletion(access.node) && insideTimerCallback(access.node, values));
}

/** The marker text for such a store: remove it with the sessions (the same on both targets: no v2 API named). */
export function idleExpiryAdvice(name: string): string {
  return `\`${name}\` expires idle MCP sessions (a timer deletes the entry of a session nobody used for a while): bookkeeping of the serving layer, not state a tool reads back, so it needs no handle. Without sessions there is nothing to expire: remove it, with the calls that count a session's requests, when the session registry and its routing are replaced by stateless serving.`;
}

/** `x.delete(k)` or `delete x[k]` at an access of the store. */
function isDeletion(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current && !ts.isStatement(current); current = current.parent) {
    if (ts.isDeleteExpression(current)) return true;
    if (ts.isCallExpression(current) && calleeParts(current).name === 'delete') return true;
  }
  return false;
}

/** Whether `node` runs in a function handed to a global `setTimeout`/`setInterval` (not a project function of that name). */
function insideTimerCallback(node: ts.Node, values: ValueAnalysis): boolean {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (!isFunctionLike(current)) continue;
    const call = outermostWrapper(current).parent;
    if (call && ts.isCallExpression(call) && call.arguments[0] && unwrap(call.arguments[0]) === current && ts.isIdentifier(call.expression) && TIMER_STARTS.has(call.expression.text) && !declaredInProject(call.expression, values)) return true;
  }
  return false;
}

function declaredInProject(name: ts.Identifier, values: ValueAnalysis): boolean {
  const declaration = values.symbolOf(name)?.valueDeclaration;
  return !!declaration && !declaration.getSourceFile().isDeclarationFile;
}
