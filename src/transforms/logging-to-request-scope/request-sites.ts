/**
 * The request a log call runs for, beyond the handler it sits in directly (`directHandler`):
 * - the handler of a low-level `server.setRequestHandler(CallToolRequestSchema, (request, extra) => …)`
 *   (SDK 1.x schemas of lists and lookups, which the shared kit leaves out on purpose: the other
 *   transforms do not act on those handlers, but a log sent in one travels on its request like any
 *   other);
 * - a log function the handler builds for its own work: `const emitLog = (msg) =>
 *   server.sendLoggingMessage(msg)` declared in the handler body and only used there, called or handed
 *   on directly (not from a timer or another callback, which may run after the request is answered).
 *   It closes over the handler's context, so it can log on that request.
 */
import { ts } from '../../typescript.js';
import { isFunctionLike, unwrap } from '../../analysis/ast.js';
import type { Analysis } from '../../analysis/model.js';
import { requestHandlerOf } from '../../analysis/list-routing.js';
import { CannotRewrite, directHandler, type HandlerSite } from '../kit/handler-sites.js';

export interface RequestSite extends HandlerSite {
  /** The log function the handler declares, when the call sits in one rather than in the handler itself. */
  closure?: ts.FunctionLikeDeclaration;
}

/** The request handler `node` logs for (see the module comment), or undefined. */
export function requestSite(analysis: Analysis, node: ts.Node): RequestSite | undefined {
  const fn = enclosingFunction(node);
  if (!fn) return undefined;
  const site = handlerOf(analysis, fn);
  if (site) return site;
  const outer = logFunctionOwner(analysis, fn);
  return outer ? { ...outer, closure: fn } : undefined;
}

/**
 * The handler's context parameter name, checked for a closure: the closure must not bind that name
 * itself (its own parameter `extra` would hide the handler's).
 */
export function checkClosureSeesContext(site: RequestSite, name: string, checker: ts.TypeChecker): void {
  const closure = site.closure;
  if (!closure) return;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) {
      const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
      if (declaration && declaration.pos >= closure.pos && declaration.end <= closure.end) {
        throw new CannotRewrite(`the log function binds \`${name}\` itself`, closure);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(closure);
}

function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  let fn: ts.Node | undefined = node.parent;
  while (fn && !isFunctionLike(fn)) fn = fn.parent;
  return fn as ts.FunctionLikeDeclaration | undefined;
}

/** `fn` as a request handler: what `directHandler` knows, or the handler of a v1 list/lookup schema. */
function handlerOf(analysis: Analysis, fn: ts.FunctionLikeDeclaration): HandlerSite | undefined {
  const direct = fn.body && directHandler(analysis, fn.body);
  if (direct && direct.fn === fn) return direct;
  let parent = fn.parent;
  while (parent && (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent))) parent = parent.parent;
  if (!parent || !ts.isCallExpression(parent) || unwrap(parent.arguments[parent.arguments.length - 1]!) !== fn) return undefined;
  const handler = requestHandlerOf(analysis, parent);
  return handler && handler.fn === fn ? { fn, method: handler.method, contextIndex: 1 } : undefined;
}

/**
 * `const <name> = <fn>` declared in a request handler's body, every reference to it in that handler
 * itself (not in a nested callback): the handler's site.
 */
function logFunctionOwner(analysis: Analysis, fn: ts.FunctionLikeDeclaration): HandlerSite | undefined {
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return undefined;
  let holder: ts.Node = fn.parent;
  while (ts.isParenthesizedExpression(holder)) holder = holder.parent;
  if (!ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name) || unwrap(holder.initializer!) !== fn) return undefined;
  const list = holder.parent;
  if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return undefined;
  const owner = enclosingFunction(list);
  const site = owner && handlerOf(analysis, owner);
  if (!site) return undefined;
  const checker = analysis.values.checker;
  const symbol = checker.getSymbolAtLocation(holder.name);
  if (!symbol) return undefined;
  let escapes = false;
  const visit = (node: ts.Node): void => {
    if (escapes) return;
    if (ts.isShorthandPropertyAssignment(node) && checker.getShorthandAssignmentValueSymbol(node) === symbol) {
      escapes = enclosingFunction(node) !== owner;
      return;
    }
    if (ts.isIdentifier(node) && node !== holder.name && checker.getSymbolAtLocation(node) === symbol) {
      escapes = enclosingFunction(node) !== owner;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(owner);
  // A reference outside the handler (hoisted out of it, exported) is not possible for a `const` in its body.
  return escapes ? undefined : site;
}
