/**
 * A handshake read kept only as the fallback after the request's own envelope:
 * `ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.server.getClientCapabilities()`.
 * The envelope answers for a 2026-07-28 request; the read answers only on a 2025-era connection, where
 * `initialize` did run (and the SDK backfills it per request under `createMcpHandler`). This is what
 * handshake-to-request-envelope writes and what a hand migration does, so the handshake rules do not
 * report it. The key must be the SDK export the feature description names for that method
 * (`envelope` in frameworks/mcp-sdk.ts), resolved through imports and aliases.
 */
import { ts } from '../typescript.js';
import { calleeParts } from './ast.js';
import { MCP_SDK } from '../frameworks/mcp-sdk.js';
import type { SdkModelParts } from './sdk-features.js';

/** `getClientCapabilities` → `CLIENT_CAPABILITIES_META_KEY`, from the feature descriptions. */
const KEY_OF_METHOD: ReadonlyMap<string, string> = new Map(Object.values(MCP_SDK.features).flatMap((feature) => Object.entries(feature?.envelope ?? {}).map(([method, envelope]) => [method, envelope.key] as const)));

/** The envelope key whose value replaces `method`'s handshake read, if it has one. */
function envelopeKeyOf(method: string): string | undefined {
  return KEY_OF_METHOD.get(method);
}

/** Parentheses, `as`, `!` and `satisfies` around an expression. */
function bare(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isNonNullExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  return current;
}

/** `<x>.mcpReq.envelope[?.][<key>]` where `<key>` is the SDK export `key`. */
function isEnvelopeRead(model: SdkModelParts, node: ts.Expression, key: string): boolean {
  const read = bare(node);
  if (!ts.isElementAccessExpression(read)) return false;
  if (model.sdk.exportOf(read.argumentExpression)?.name !== key) return false;
  const envelope = bare(read.expression);
  if (!ts.isPropertyAccessExpression(envelope) || envelope.name.text !== 'envelope') return false;
  const request = bare(envelope.expression);
  return ts.isPropertyAccessExpression(request) && request.name.text === 'mcpReq';
}

/** The call is the right side of `<envelope read of its key> ?? call`. */
export function isEnvelopeFallback(model: SdkModelParts, call: ts.CallExpression): boolean {
  const key = envelopeKeyOf(calleeParts(call).name ?? '');
  if (!key) return false;
  let child: ts.Node = call;
  let parent = call.parent;
  while (parent && (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isNonNullExpression(parent))) {
    child = parent;
    parent = parent.parent;
  }
  return !!parent && ts.isBinaryExpression(parent) && parent.right === child && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken && isEnvelopeRead(model, parent.left, key);
}
