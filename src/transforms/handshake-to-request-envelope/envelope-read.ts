/**
 * The text of a request-envelope read that replaces a handshake read in a handler:
 * `(ctx.mcpReq.envelope as { [KEY]?: Type } | undefined)?.[KEY] ?? server.server.getClientCapabilities()`,
 * the 2025-era read kept as the fallback (the SDK backfills it per request under createMcpHandler; a
 * legacy connection has no envelope). Parenthesised where the surrounding expression would otherwise
 * bind tighter than `??` (`… || {}`, `….roots`) or mixing `??` with `||` would not parse.
 */
import { ts } from '../../typescript.js';
import { sdkEntryPackage, sdkMajorOfFile } from '../../analysis/sdk-modules.js';
import type { TransformOptions } from '../kit/plan.js';
import { flavourOf } from '../kit/source-style.js';

export interface EnvelopeKey {
  /** The SDK export naming the `_meta` key (`CLIENT_CAPABILITIES_META_KEY`). */
  key: string;
  /** The SDK type of its value (`ClientCapabilities`). */
  type: string;
}

/**
 * Whether `sf` is on SDK 1.x after the run, so has no request envelope to read: the target is `stateless-v1` (the
 * sdk-v2 step does not run; apply uses it too when it holds the SDK v2 move back), or the file is not on SDK v2.
 * The rewrites of this transform and the advice of its markers both ask this.
 */
export function onSdkV1(sf: ts.SourceFile, options: Pick<TransformOptions, 'target'>): boolean {
  return options.target === 'stateless-v1' || sdkMajorOfFile(sf) !== 2;
}

/**
 * Whether the advice for `sf` is SDK 1.x's: as `onSdkV1`, but a file that imports nothing of the SDK (a helper handed
 * the server or the context) follows the program: v2's advice when any file of it is on SDK v2 (review 42 S42-4).
 * Rewrites still ask `onSdkV1`: an import-less helper's context is not known to be v2's.
 */
export function adviceOnSdkV1(sf: ts.SourceFile, options: Pick<TransformOptions, 'target'>, files: readonly ts.SourceFile[]): boolean {
  if (options.target === 'stateless-v1') return true;
  if (sdkMajorOfFile(sf) !== undefined) return sdkMajorOfFile(sf) !== 2;
  return !files.some((file) => !file.isDeclarationFile && sdkMajorOfFile(file) === 2);
}

/**
 * `ctx.mcpReq.envelope?.[KEY]`, with the key's type named (SDK 2.4's published .d.ts types the envelope
 * without these keys, so a checked file would not compile otherwise): an `as` in TS, a JSDoc cast in JS.
 */
export function envelopeRead(sf: ts.SourceFile, ctxName: string, info: EnvelopeKey): string {
  const envelope =
    flavourOf(sf) === 'ts'
      ? `(${ctxName}.mcpReq.envelope as { [${info.key}]?: ${info.type} } | undefined)`
      : `/** @type {{ [${info.key}]?: import('${sdkEntryPackage(2)}').${info.type} } | undefined} */ (${ctxName}.mcpReq.envelope)`;
  return `${envelope}?.[${info.key}]`;
}

/** Whether `a ?? <node>` put where `node` stands needs parentheses to keep its meaning (and to parse). */
export function needsParentheses(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (ts.isParenthesizedExpression(parent) || ts.isVariableDeclaration(parent) || ts.isReturnStatement(parent) || ts.isExpressionStatement(parent) || ts.isPropertyAssignment(parent) || ts.isArrowFunction(parent) || ts.isSpreadElement(parent) || ts.isTemplateSpan(parent)) return false;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return !parent.arguments?.some((a) => a === node);
  if (ts.isArrayLiteralExpression(parent)) return false;
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    // `x = a ?? b`, `a ?? b ?? c`: fine as they are.
    if (op === ts.SyntaxKind.QuestionQuestionToken || (op >= ts.SyntaxKind.FirstAssignment && op <= ts.SyntaxKind.LastAssignment && parent.right === node)) return false;
    return true;
  }
  return true;
}

/** The fallback expression standing where the handshake read `callText` stood. */
export function envelopeFallbackText(sf: ts.SourceFile, ctxName: string, info: EnvelopeKey, callText: string, parenthesise: boolean): string {
  const text = `${envelopeRead(sf, ctxName, info)} ?? ${callText}`;
  return parenthesise ? `(${text})` : text;
}
