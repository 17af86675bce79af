/**
 * Whether a handle's path consults the authenticated caller (`authInfo`), and whether the server
 * authenticates at all: shared by `handle-hygiene/unbound-handle`.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, propertyNameText, unwrap } from '../../analysis/ast.js';
import { returnedExpressions } from '../../analysis/declarations.js';
import type { HandleConsumer } from '../../analysis/handles.js';
import type { ValueAnalysis } from '../../analysis/values.js';

const MAX_DEPTH = 4;
const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
/** SDK v1 and v2 exports that put a verified `authInfo` on every request. */
export const SDK_AUTH_EXPORTS = new Set(['requireBearerAuth', 'mcpAuthRouter', 'mcpAuthMetadataRouter', 'ProxyOAuthServerProvider']);

/** `extra.authInfo`, `ctx.http.authInfo`, or `{ authInfo }` destructured from a handler context. */
export function isCallerRead(values: ValueAnalysis, node: ts.Node): boolean {
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'authInfo') {
    const receiver = unwrap(node.expression);
    const base = ts.isPropertyAccessExpression(receiver) && receiver.name.text === 'http' ? receiver.expression : receiver;
    const kind = values.valueOf(base)?.kind;
    return kind === 'context' || kind === 'context-request';
  }
  if (ts.isBindingElement(node) && (propertyNameText(node.propertyName) ?? (ts.isIdentifier(node.name) ? node.name.text : '')) === 'authInfo') {
    const pattern = node.parent;
    const owner = pattern.parent;
    if (ts.isParameter(owner)) return values.valueOf(owner.name)?.kind === 'context' || values.valueOf(owner)?.kind === 'context';
    if (ts.isVariableDeclaration(owner) && owner.initializer) return values.valueOf(owner.initializer)?.kind === 'context';
  }
  return false;
}

/** The expression depends on who is calling: it reads `authInfo`, or a variable or local function result that does. */
function derivesFromCaller(values: ValueAnalysis, expr: ts.Node, depth = 0): boolean {
  const node = unwrap(expr);
  if (depth > MAX_DEPTH * 3) return false;
  const next = (child: ts.Node): boolean => derivesFromCaller(values, child, depth + 1);
  if (ts.isPropertyAccessExpression(node)) return node.name.text === 'authInfo' || next(node.expression);
  if (ts.isElementAccessExpression(node)) return next(node.expression);
  if (ts.isTemplateExpression(node)) return node.templateSpans.some((span) => next(span.expression));
  if (ts.isBinaryExpression(node)) return next(node.left) || next(node.right);
  if (ts.isConditionalExpression(node)) return next(node.whenTrue) || next(node.whenFalse);
  if (ts.isIdentifier(node)) {
    const decl = values.symbolOf(node)?.valueDeclaration;
    if (!decl) return false;
    if (ts.isBindingElement(decl)) return (propertyNameText(decl.propertyName) ?? node.text) === 'authInfo' || derivesFromBinding(values, decl, depth);
    // `findTrip(owner, id)` called with `ownerOf(extra)`: the parameter is what its callers pass.
    if (ts.isParameter(decl) && isFunctionLike(decl.parent)) {
      const index = decl.parent.parameters.indexOf(decl);
      return values.calls.callsOf(decl.parent).some((call) => call.arguments[index] !== undefined && next(call.arguments[index]!));
    }
    return ts.isVariableDeclaration(decl) && decl.initializer !== undefined && next(decl.initializer);
  }
  if (ts.isCallExpression(node)) {
    const fn = values.calls.functionOfCall(node);
    if (fn) return returnedExpressions(fn).some(next);
    // `String(principal)`, `owner.toLowerCase()`: the same value, another spelling.
    const { receiver } = calleeParts(node);
    return (receiver !== undefined && next(receiver)) || node.arguments.some(next);
  }
  return false;
}

function derivesFromBinding(values: ValueAnalysis, element: ts.BindingElement, depth: number): boolean {
  const owner = ts.findAncestor(element, ts.isVariableDeclaration);
  return owner?.initializer !== undefined && derivesFromCaller(values, owner.initializer, depth + 1);
}

/**
 * The consumer's handle meets the caller somewhere on its path: a comparison with a caller-derived value
 * in a function the handle reaches (or a local function called there), a store key that includes the
 * caller, or a call outside the project that receives the handle together with the request context
 * (a handle registry from a package checks it there).
 */
export function consultsCaller(values: ValueAnalysis, consumer: HandleConsumer): boolean {
  if (consumer.accesses.some((a) => keyOf(a.node) !== undefined && derivesFromCaller(values, keyOf(a.node)!))) return true;
  if (consumer.externalCalls.some((call) => call.arguments.some((arg) => values.valueOf(arg)?.kind === 'context' || derivesFromCaller(values, arg)))) return true;
  const seen = new Set<ts.Node>();
  return consumer.reached.some((r) => comparesWithCaller(values, r.fn, seen, 0));
}

function keyOf(access: ts.Node): ts.Node | undefined {
  if (ts.isCallExpression(access)) return access.arguments[0];
  if (ts.isElementAccessExpression(access)) return access.argumentExpression;
  return undefined;
}

function comparesWithCaller(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration, seen: Set<ts.Node>, depth: number): boolean {
  if (seen.has(fn) || !fn.body || depth > MAX_DEPTH) return false;
  seen.add(fn);
  let found = false;
  forEachDescendant(fn.body, (node) => {
    if (found) return;
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      if (derivesFromCaller(values, node.left) || derivesFromCaller(values, node.right)) found = true;
      return;
    }
    // `if (!ownedBy(entry, extra)) …`: a local helper that compares.
    if (ts.isCallExpression(node) && !isFunctionLike(node)) {
      const callee = values.calls.functionOfCall(node);
      if (callee && callee !== fn && node.arguments.some((arg) => values.valueOf(arg)?.kind === 'context' || derivesFromCaller(values, arg))) {
        if (comparesWithCaller(values, callee, seen, depth + 1)) found = true;
      }
    }
  });
  return found;
}
