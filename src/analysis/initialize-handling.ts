/**
 * Code that handles the `initialize` handshake itself, outside the SDK's own answer: a catch-all
 * `fallbackRequestHandler`, hand-written request plumbing comparing a message's method with
 * `'initialize'`, a registration's handler. Shared by the rule reporting it and the handshake
 * transform marking it.
 */
import { ts } from '../typescript.js';
import { enclosingFunction, memberAccess, unwrap } from './ast.js';
import { isServerKind } from './value.js';
import { HANDSHAKE_METHODS as METHODS, guardsInitializeResult, isMcpMessageDispatch, isTransportMessage, methodComparison } from './handshake-plumbing.js';
import { waitsForInitialized } from './initialized-waits.js';
import { handlerRegistration } from './sdk-features.js';
import type { Analysis } from './model.js';

/**
 * `server.fallbackRequestHandler = async (request) => { if (request.method === 'initialize') return {…} }`: a
 * catch-all handler on an SDK server that answers the handshake itself. Returns the method string compared against.
 */
export function fallbackInitialize(analysis: Analysis, literal: ts.StringLiteralLike): string | undefined {
  if (!METHODS.has(literal.text)) return undefined;
  const parent = literal.parent;
  const compared =
    (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(parent.operatorToken.kind)) ||
    (ts.isCaseClause(parent) && parent.expression === literal);
  if (!compared) return undefined;
  for (let fn = enclosingFunction(literal); fn; fn = enclosingFunction(fn)) {
    let holder: ts.Node = fn;
    while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
    const assignment = holder.parent;
    if (!assignment || !ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken || unwrap(assignment.right) !== fn) continue;
    const target = memberAccess(assignment.left);
    if (target?.name === 'fallbackRequestHandler' && isServerKind(analysis.values.valueOf(target.object))) return literal.text;
  }
  return undefined;
}

/**
 * Hand-written request plumbing (a gateway, a proxy, a server parsing JSON-RPC itself) that compares an MCP
 * message's method with `'initialize'` to answer, forward or wait for the handshake.
 */
export function plumbingInitialize(analysis: Analysis, literal: ts.StringLiteralLike): string | undefined {
  if (!METHODS.has(literal.text)) return undefined;
  const comparison = methodComparison(literal);
  if (!comparison) return undefined;
  // `if (msg.method !== 'initialize') await ready;`: the wait is the site (`handshake/oninitialized`), reported once.
  if (comparison.otherwise && awaitsInitialized(analysis, comparison.otherwise)) return undefined;
  return isMcpMessageDispatch(analysis.values, comparison) || guardsInitializeResult(comparison) ? literal.text : undefined;
}

function awaitsInitialized(analysis: Analysis, statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isAwaitExpression(node) && waitsForInitialized(analysis.values, node.expression)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

/** Inside the handler of a registration this rule reports already (`setRequestHandler(InitializeRequestSchema, …)`). */
export function inInitializeRegistration(analysis: Analysis, node: ts.Node): boolean {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const call = fn.parent;
    if (call && ts.isCallExpression(call) && call.arguments.some((a) => unwrap(a) === fn)) {
      const registration = handlerRegistration(analysis, call);
      if (registration && METHODS.has(registration.method)) return true;
    }
  }
  return false;
}

/** Inside an `if` whose condition is hand-written plumbing's `'initialize'` comparison (`plumbingInitialize`), condition included. */
export function inPlumbingInitializeBranch(analysis: Analysis, node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    const parent: ts.Node | undefined = current.parent;
    if (!parent || !ts.isIfStatement(parent) || (parent.thenStatement !== current && parent.expression !== current)) continue;
    let compared = false;
    const visit = (n: ts.Node): void => {
      if (compared) return;
      if (ts.isStringLiteralLike(n) && plumbingInitialize(analysis, n)) compared = true;
      else ts.forEachChild(n, visit);
    };
    visit(parent.expression);
    if (compared) return true;
  }
  return false;
}

/**
 * `isInitializeRequest(msg)` (the SDK's guard, through any import alias) on a message a transport
 * received: plumbing that routes, forwards or waits for the handshake, not HTTP session routing.
 */
export function checksTransportInitialize(analysis: Analysis, call: ts.CallExpression): boolean {
  return analysis.sdk.exportOf(call.expression)?.name === 'isInitializeRequest' && !!call.arguments[0] && isTransportMessage(analysis.values, call.arguments[0]);
}
