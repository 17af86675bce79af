/**
 * Stores of what a request carries in its `_meta`, per session: `progressTokens[sessionId] =
 * req.body?.params?._meta?.progressToken` in the POST route, read back in a tool by `extra.sessionId` to send progress
 * (borgius/jobspy-mcp-server's `SseManager`, sweep 36 AJ1). Neither state a tool created nor a credential: the request a
 * handler serves carries its own `_meta` (`ctx.mcpReq._meta` on SDK v2, `extra._meta` on 1.x), so the handler reads it
 * there and the map goes; keyed by a session id a 2026-07-28 request lacks, the lookup finds nothing (no progress is
 * sent). The keyed-store rule and the handles transform give that advice.
 */
import { ts } from '../typescript.js';
import { isUndefined, unwrap } from './ast.js';
import type { ValueAnalysis } from './values.js';
import type { SessionStore } from './session-flow-types.js';
import { holdsCredentials } from './credentials.js';

const META = '_meta';

/** The `_meta` key every value written into the store is read from (`progressToken`), or undefined. */
export function storedRequestMetaKey(values: ValueAnalysis, store: SessionStore): string | undefined {
  // A reset of the entry (`= undefined`, `= null`) clears it: no value (review 43 S43-4).
  const written = store.accesses.map((a) => a.written).filter((w): w is ts.Expression => w !== undefined && !isClearing(w));
  if (written.length === 0) return undefined;
  const keys = new Set(written.map((w) => metaKeyRead(values, w, 0)));
  const [key] = keys;
  // A key a credential's name matches (`x-upstream-api-key`, `authToken`; not `progressToken`) is a credential sent in
  // `_meta`: the credentials reading stands (review 43 S43-3).
  return keys.size === 1 && key && !holdsCredentials(key) ? key : undefined;
}

/** `key` as a member read of `_meta`: `.progressToken`, or `['x-upstream-api-key']` when it is no identifier. */
export function metaMemberText(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `?.${key}` : `?.[${JSON.stringify(key)}]`;
}

function isClearing(value: ts.Expression): boolean {
  return unwrap(value).kind === ts.SyntaxKind.NullKeyword || isUndefined(value);
}

/** `….params._meta.progressToken` (optional chains, `??` fallbacks, a local `const` in between): the key read under `_meta`. */
function metaKeyRead(values: ValueAnalysis, value: ts.Node, depth: number): string | undefined {
  const expression = unwrap(value);
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return metaKeyRead(values, expression.left, depth);
  if (ts.isIdentifier(expression) && depth < 2) {
    const declaration = values.symbolOf(expression)?.valueDeclaration;
    return declaration && ts.isVariableDeclaration(declaration) && declaration.initializer ? metaKeyRead(values, declaration.initializer, depth + 1) : undefined;
  }
  if (!ts.isPropertyAccessExpression(expression) && !ts.isElementAccessExpression(expression)) return undefined;
  const key = ts.isPropertyAccessExpression(expression) ? expression.name.text : ts.isStringLiteralLike(expression.argumentExpression) ? expression.argumentExpression.text : undefined;
  const holder = unwrap(expression.expression);
  const holderName = ts.isPropertyAccessExpression(holder) ? holder.name.text : ts.isElementAccessExpression(holder) && ts.isStringLiteralLike(holder.argumentExpression) ? holder.argumentExpression.text : undefined;
  return key && holderName === META ? key : undefined;
}
