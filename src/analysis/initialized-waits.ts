/**
 * Code that waits for the handshake: `await this.initialized` (or `.then(…)`) on a promise that only the
 * `initialized` hook resolves — `server.oninitialized`, a `notifications/initialized` handler, or the branch of
 * hand-written plumbing that sees that notification. On 2026-07-28 the hook never fires, so whatever waits on the
 * promise (typically list and call handlers) waits forever.
 *
 * The promise is found from the wait: its `new Promise((resolve) => …)` (a variable's initializer or a field
 * assigned it), the executor's `resolve` handed to the hook directly (`server.oninitialized = resolve`) or kept in a
 * variable or field that the hook calls.
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, memberAccess, unwrap } from './ast.js';
import { guardingInitializeComparison } from './handshake-plumbing.js';
import type { ValueAnalysis } from './values.js';
import { isServerKind } from './value.js';
import { NOTIFICATION_HANDLER_REGISTRATION } from './sdk-modules.js';
import { possibleStrings } from './possible-strings.js';

const HOOK = 'oninitialized';

/** For `await x` / `x.then(…)`: whether `x` is a promise that only the handshake's `initialized` hook resolves. */
export function waitsForInitialized(values: ValueAnalysis, awaited: ts.Expression): boolean {
  let reference = unwrap(awaited);
  // `await deferred.promise` with `deferred.resolve()` in the hook: the deferred object is what the hook settles.
  if (ts.isPropertyAccessExpression(reference) && reference.name.text === 'promise') reference = unwrap(reference.expression);
  const name = ts.isIdentifier(reference) ? reference : ts.isPropertyAccessExpression(reference) ? reference.name : undefined;
  if (!name || !ts.isIdentifier(name)) return false;
  const symbol = values.symbolOf(name);
  if (!symbol) return false;
  let known = answers.get(values);
  if (!known) answers.set(values, (known = new WeakMap()));
  let answer = known.get(symbol);
  if (answer === undefined) {
    answer = promiseResolvedByHook(values, symbol);
    known.set(symbol, answer);
  }
  return answer;
}
// Per analysis: `apply` reuses an unchanged file's bound nodes (and so its symbols) in its next analysis,
// while the hook that resolves the promise may sit in a file a transform has just changed.
const answers = new WeakMap<ValueAnalysis, WeakMap<ts.Symbol, boolean>>();

function promiseResolvedByHook(values: ValueAnalysis, symbol: ts.Symbol): boolean {
  if (deferredResolvedInHook(values, symbol)) return true;
  for (const executor of executorsOf(values, symbol)) {
    const resolve = executor.parameters[0]?.name;
    if (!resolve || !ts.isIdentifier(resolve)) continue;
    const resolveSymbol = values.symbolOf(resolve);
    let resolved = false;
    forEachDescendant(executor, (node) => {
      if (resolved || !ts.isIdentifier(node) || node === resolve || values.symbolOf(node) !== resolveSymbol) return;
      const use = node.parent;
      if (!use || !ts.isBinaryExpression(use) || use.right !== node || use.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
      // `server.oninitialized = resolve`
      if (isHookTarget(values, use.left)) resolved = true;
      // `resolveReady = resolve` / `this.markReady = resolve`: called later by the hook?
      else if (calledInHook(values, use.left)) resolved = true;
    });
    if (resolved) return true;
  }
  return false;
}

/**
 * A deferred object (a project `ManualPromise`/`Deferred` class, `{ promise, resolve }` from a helper) whose
 * `resolve()` the hook calls: `ready.resolve()` / `this.ready.resolve()` on the same variable or field.
 */
function deferredResolvedInHook(values: ValueAnalysis, symbol: ts.Symbol): boolean {
  const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!decl) return false;
  let found = false;
  forEachDescendant(decl.getSourceFile(), (node) => {
    if (found || !ts.isCallExpression(node)) return;
    const { name, receiver } = calleeParts(node);
    if (name !== 'resolve' || !receiver) return;
    const target = unwrap(receiver);
    const ref = ts.isPropertyAccessExpression(target) ? target.name : target;
    if (ts.isIdentifier(ref) && values.symbolOf(ref) === symbol && runsOnInitialized(values, node)) found = true;
  });
  return found;
}

/** The executors of the `new Promise(…)` values the symbol is initialised or assigned with. */
function executorsOf(values: ValueAnalysis, symbol: ts.Symbol): ts.FunctionLikeDeclaration[] {
  const created: ts.Expression[] = [];
  for (const decl of symbol.declarations ?? []) {
    if ((ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl)) && decl.initializer) created.push(decl.initializer);
    // `this.ready = new Promise(…)` in the constructor or a method of the declaring class.
    const scope = ts.isPropertyDeclaration(decl) ? decl.parent : ts.isVariableDeclaration(decl) ? (enclosingFunction(decl) ?? decl.getSourceFile()) : undefined;
    if (!scope) continue;
    forEachDescendant(scope, (node) => {
      if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
      const target = ts.isPropertyAccessExpression(node.left) ? node.left.name : node.left;
      if (ts.isIdentifier(target) && values.symbolOf(target) === symbol) created.push(node.right);
    });
  }
  const out: ts.FunctionLikeDeclaration[] = [];
  for (const expression of created) {
    const inner = unwrap(expression);
    if (!ts.isNewExpression(inner) || !ts.isIdentifier(inner.expression) || inner.expression.text !== 'Promise') continue;
    const executor = inner.arguments?.[0] && unwrap(inner.arguments[0]);
    if (executor && isFunctionLike(executor)) out.push(executor);
  }
  return out;
}

/** `server.oninitialized`, `server['oninitialized']`, ``server[`on${event}`]`` that can be it, on an SDK server. */
function isHookTarget(values: ValueAnalysis, target: ts.Expression): boolean {
  const access = memberAccess(target);
  if (access?.name === HOOK) return isServerKind(values.valueOf(access.object));
  if (ts.isElementAccessExpression(target)) {
    return !!possibleStrings(values, target.argumentExpression)?.includes(HOOK) && isServerKind(values.valueOf(target.expression));
  }
  return false;
}

/** Whether what `holder` names (`resolveReady`, `this.markReady`) is called inside an `initialized` hook. */
function calledInHook(values: ValueAnalysis, holder: ts.Expression): boolean {
  const name = ts.isPropertyAccessExpression(holder) ? holder.name : holder;
  if (!ts.isIdentifier(name)) return false;
  const symbol = values.symbolOf(name);
  if (!symbol) return false;
  let found = false;
  forEachDescendant(holder.getSourceFile(), (node) => {
    if (found || !ts.isCallExpression(node)) return;
    const callee = unwrap(node.expression);
    const calleeName = ts.isPropertyAccessExpression(callee) ? callee.name : callee;
    if (!ts.isIdentifier(calleeName) || calleeName.text !== name.text || values.symbolOf(calleeName) !== symbol) return;
    if (runsOnInitialized(values, node)) found = true;
  });
  return found;
}

/** Whether `node` runs in an `initialized` hook: a function set as `oninitialized`, a handler of the notification, or its plumbing branch. */
function runsOnInitialized(values: ValueAnalysis, node: ts.Node): boolean {
  const branch = guardingInitializeComparison(node);
  if (branch?.method === 'notifications/initialized') return true;
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    let holder: ts.Node = fn;
    while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
    const parent = holder.parent;
    if (!parent) continue;
    if (ts.isBinaryExpression(parent) && parent.right === holder && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && isHookTarget(values, parent.left)) return true;
    if (ts.isCallExpression(parent) && parent.arguments.some((a) => a === holder)) {
      if (isInitializedNotificationRegistration(values, parent)) return true;
      // `addServerListener(server, 'initialized', () => …)` where the helper sets `server[`on${event}`] = listener`.
      if (helperSetsHook(values, parent, parent.arguments.indexOf(holder as ts.Expression))) return true;
    }
  }
  return false;
}

/** `server.setNotificationHandler(InitializedNotificationSchema | 'notifications/initialized', …)` on an SDK server. */
function isInitializedNotificationRegistration(values: ValueAnalysis, call: ts.CallExpression): boolean {
  const { name, receiver } = calleeParts(call);
  if (name !== NOTIFICATION_HANDLER_REGISTRATION || !receiver || !call.arguments[0] || !isServerKind(values.valueOf(receiver))) return false;
  const schema = call.arguments[0];
  return values.constantString(schema) === 'notifications/initialized' || values.sdk.exportOf(unwrap(schema))?.name === 'InitializedNotificationSchema';
}

/** A project helper whose parameter `index` is assigned to the server's `oninitialized` hook. */
function helperSetsHook(values: ValueAnalysis, call: ts.CallExpression, index: number): boolean {
  const helper = values.calls.functionOfCall(call);
  const param = helper?.parameters[index]?.name;
  if (!helper?.body || !param || !ts.isIdentifier(param)) return false;
  const symbol = values.symbolOf(param);
  let sets = false;
  forEachDescendant(helper.body, (node) => {
    if (sets || !ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
    if (isHookTarget(values, node.left) && (isReferenceTo(values, node.right, symbol) || wrapperCalls(values, node.right, symbol))) sets = true;
  });
  return sets;
}

function isReferenceTo(values: ValueAnalysis, node: ts.Node, symbol: ts.Symbol | undefined): boolean {
  const inner = unwrap(node);
  return ts.isIdentifier(inner) && values.symbolOf(inner) === symbol;
}

/** `() => { previous?.(); listener(); }`: a function set as the hook that calls the listener. */
function wrapperCalls(values: ValueAnalysis, node: ts.Node, symbol: ts.Symbol | undefined): boolean {
  const fn = unwrap(node);
  if (!isFunctionLike(fn) || !fn.body) return false;
  let calls = false;
  forEachDescendant(fn.body, (inner) => {
    if (!calls && ts.isCallExpression(inner) && isReferenceTo(values, inner.expression, symbol)) calls = true;
  });
  if (!calls && ts.isCallExpression(fn.body) && isReferenceTo(values, fn.body.expression, symbol)) calls = true;
  return calls;
}
