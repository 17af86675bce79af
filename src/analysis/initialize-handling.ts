/**
 * Code that handles the `initialize` handshake itself, outside the SDK's own answer: a catch-all
 * `fallbackRequestHandler`, hand-written request plumbing comparing a message's method with
 * `'initialize'`, a registration's handler. Shared by the rule reporting it and the handshake
 * transform marking it.
 */
import { ts } from '../typescript.js';
import { enclosingFunction, memberAccess, unwrap } from './ast.js';
import { isServerKind, type ValueQueries } from './value.js';
import { HANDSHAKE_METHODS as METHODS, guardsInitializeResult, isMcpMessageDispatch, isTransportMessage, methodComparison, onlyDescribesHandedInMethod } from './handshake-plumbing.js';
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
  const comparison =
    (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(parent.operatorToken.kind)) ||
    (ts.isCaseClause(parent) && parent.expression === literal);
  if (!comparison) return undefined;
  // What is compared: the request's method (`request.method === 'initialize'`, `switch (method) { case 'initialize': }`),
  // not a tool argument or a step name that happens to read 'initialize' (review 34 X3).
  const compared = ts.isCaseClause(parent) ? parent.parent.parent.expression : (parent as ts.BinaryExpression).left === literal ? (parent as ts.BinaryExpression).right : (parent as ts.BinaryExpression).left;
  for (let fn = enclosingFunction(literal); fn; fn = enclosingFunction(fn)) {
    let holder: ts.Node = fn;
    while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
    const assignment = holder.parent;
    if (!assignment || !ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken || unwrap(assignment.right) !== fn) continue;
    const target = memberAccess(assignment.left);
    if (target?.name === 'fallbackRequestHandler' && isServerKind(analysis.values.valueOf(target.object)) && isRequestMethod(analysis.values, fn, compared)) return literal.text;
  }
  return undefined;
}

/**
 * `request.method` of the handler's first parameter, or a `const` of its body holding it (`const { method } = request`,
 * `const method = request.method`).
 */
export function isRequestMethod(values: ValueQueries, handler: ts.FunctionLikeDeclaration, node: ts.Expression, constOnly = false): boolean {
  const param = handler.parameters[0];
  if (!param || !ts.isIdentifier(param.name)) return false;
  const request = values.symbolOf(param.name);
  const isRequest = (n: ts.Node): boolean => ts.isIdentifier(n) && !!request && values.symbolOf(n) === request;
  const inner = unwrap(node);
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'method' && isRequest(unwrap(inner.expression));
  if (!ts.isIdentifier(inner)) return false;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  if (!decl || !(decl.pos >= handler.pos && decl.end <= handler.end)) return false;
  if (ts.isVariableDeclaration(decl) && decl.initializer && ts.isVariableDeclarationList(decl.parent) && (!constOnly || decl.parent.flags & ts.NodeFlags.Const)) {
    const init = unwrap(decl.initializer);
    return ts.isPropertyAccessExpression(init) && init.name.text === 'method' && isRequest(unwrap(init.expression));
  }
  if (ts.isBindingElement(decl) && ts.isObjectBindingPattern(decl.parent) && ts.isVariableDeclaration(decl.parent.parent)) {
    const holder = decl.parent.parent;
    const key = decl.propertyName ?? decl.name;
    return ts.isIdentifier(key) && key.text === 'method' && !!holder.initializer && isRequest(unwrap(holder.initializer)) && ts.isVariableDeclarationList(holder.parent) && (!constOnly || !!(holder.parent.flags & ts.NodeFlags.Const));
  }
  return false;
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
  // A `method` handed in as a plain parameter with a branch that only computes a value (a log summary of a handled
  // request's result) answers, forwards and waits for nothing (sweep 34 AH2); an `InitializeResult` built there still answers.
  if (guardsInitializeResult(comparison)) return literal.text;
  return isMcpMessageDispatch(analysis.values, comparison) && !onlyDescribesHandedInMethod(analysis.values, comparison) ? literal.text : undefined;
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
