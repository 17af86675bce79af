/**
 * Two shapes of session-keyed stores real servers have that are not state a tool created, so the handle pattern
 * is the wrong advice for them; each gets one marker saying what it is and where it goes.
 *
 * - Times per session (metamcp's `sessionTimestamps[sessionId] = Date.now()` beside its pools): when a session
 *   began or was last used, read to find idle sessions. Bookkeeping of the session: it goes with the session.
 * - One-shot marks of a call across its retry (the everything server's `issuedErrorPathElicitations`, a set of
 *   `${sessionId}\0${url}\0${elicitationId}` keys): the key mixes the session id with the call's own arguments, so
 *   the set remembers that a first round of *this call* already ran. On 2026-07-28 the retry of a call is a
 *   multi-round-trip round and what it must remember travels in `requestState` (the spec's "state between MRTR
 *   rounds"), not in a set keyed by a session that no longer exists.
 */
import { ts } from '../../typescript.js';
import { unwrap } from '../../analysis/ast.js';
import type { StoreModel } from '../../analysis/reach.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { CLOCK_READS } from '../../analysis/timers.js';


/** True when the store is written, and every value written into it is a clock reading: a time per session. */
export function recordsSessionTimes(model: StoreModel, values: ValueAnalysis): boolean {
  const written = model.store.accesses.map((a) => a.written).filter((w): w is ts.Expression => w !== undefined);
  return written.length > 0 && written.every((w) => isClockReading(w, values, 0));
}

function isClockReading(value: ts.Expression, values: ValueAnalysis, depth: number): boolean {
  if (depth > 3) return false;
  const inner = unwrap(value) as ts.Expression;
  if (ts.isNewExpression(inner)) return ts.isIdentifier(inner.expression) && inner.expression.text === 'Date' && (inner.arguments ?? []).length === 0 && isGlobal(inner.expression, values);
  if (ts.isCallExpression(inner)) {
    const callee = unwrap(inner.expression);
    if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression)) return false;
    return CLOCK_READS.has(`${callee.expression.text}.${callee.name.text}`) && isGlobal(callee.expression, values);
  }
  if (ts.isIdentifier(inner)) {
    const declaration = values.symbolOf(inner)?.valueDeclaration;
    return !!declaration && ts.isVariableDeclaration(declaration) && !!declaration.initializer && isConst(declaration) && isClockReading(declaration.initializer, values, depth + 1);
  }
  return false;
}

/** No declaration in the project (lib files declare the globals, or are not loaded at all). */
function isGlobal(name: ts.Identifier, values: ValueAnalysis): boolean {
  const declaration = values.symbolOf(name)?.valueDeclaration;
  return !declaration || declaration.getSourceFile().isDeclarationFile;
}

function isConst(declaration: ts.VariableDeclaration): boolean {
  return ts.isVariableDeclarationList(declaration.parent) && (declaration.parent.flags & ts.NodeFlags.Const) !== 0;
}

export function sessionTimesAdvice(name: string): string {
  return `\`${name}\` records when each session began or was last used: bookkeeping of the session (its age, its idle time), not state a tool reads back, so it needs no handle. It goes with the session: 2026-07-28 has no session to time or expire, so remove it, with the calls that feed and sweep it, when serving becomes stateless (keep it only for the 2025-era sessions still served).`;
}

/**
 * True when the store is a set only one tool reaches and every key it is given is compound: the session id
 * together with other values (a template or a concatenation with more than one substitution, directly or
 * through a local `const`). A set of such keys, read and written by the one tool, marks calls of that tool
 * (a first round it recognizes on the retry), not connections and not state another tool reads back.
 */
export function marksCallsAcrossRetries(model: StoreModel, isSet: boolean, values: ValueAnalysis): boolean {
  if (!isSet || model.tools.length !== 1 || model.store.accesses.length === 0) return false;
  return model.store.accesses.every((access) => access.key !== undefined && substitutions(access.key, values, 0) > 1);
}

/** How many values a key is built from: `${a}\0${b}` has two, `'x:' + a` one; a lone identifier resolves through its `const`. */
function substitutions(key: ts.Node, values: ValueAnalysis, depth: number): number {
  if (depth > 3) return 0;
  const inner = unwrap(key);
  if (ts.isTemplateExpression(inner)) return inner.templateSpans.length;
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const parts: ts.Expression[] = [];
    const walk = (node: ts.Expression): void => {
      const n = unwrap(node) as ts.Expression;
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.PlusToken) {
        walk(n.left);
        walk(n.right);
      } else if (!ts.isStringLiteralLike(n)) parts.push(n);
    };
    walk(inner);
    return parts.length;
  }
  if (ts.isIdentifier(inner)) {
    const declaration = values.symbolOf(inner)?.valueDeclaration;
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer && isConst(declaration)) return substitutions(declaration.initializer, values, depth + 1);
  }
  return 0;
}

export function retryMarksAdvice(name: string): string {
  return `\`${name}\` remembers, per session and call arguments, that a call already ran its first round, so that the client's retry of the same call is recognized: state between the rounds of one call, not state a tool created, so it needs no handle. On 2026-07-28 there is no session id to key it by and the retry may reach another server instance: return the first round as inputRequired(...) with what the retry must know in requestState (sealed with createRequestStateCodec), read it back on the retry (ctx.mcpReq.requestState()), and drop the set; keep it only while 2025-era clients (stdio, server-legacy) are served.`;
}
