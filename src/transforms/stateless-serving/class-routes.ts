/**
 * Serving written as a class: the transport is created in a handler method the class mounts on its own
 * router (`this.app.post('/mcp', this.handlePost)`, bound in the constructor or as `….bind(this)`), the
 * session registry is a field (`this.transports`), the server may come from a method (`this.createServer()`).
 * What the planner needs to treat such a method like a named handler function: its one route, the members
 * that go with the routes they are mounted on (and their `this.m = this.m.bind(this)` lines), and the
 * `this.x` uses that are the application's own logic rather than session plumbing.
 */
import { ts } from '../../typescript.js';
import { isFunctionLike, unwrap } from '../../analysis/ast.js';
import { functionOfMemberAccess, memberOfFunction, memberReferences, selfBindStatement, thisMemberName, type ClassMember } from '../../analysis/class-members.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { mountsOf, type Route } from '../../analysis/routes.js';
import { LOG_LEVELS } from './text.js';

type Values = AnalysisResult['analysis']['values'];

/** The function around `node` (the nearest one). */
function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionLike(current)) return current;
  return undefined;
}

/**
 * The route a class's handler method serves when `transport` is created in it and the class mounts it on
 * exactly one POST or catch-all route (its only other uses being the constructor's self-binding).
 */
export function memberRoute(transport: ts.Node, values: Values): Route | undefined {
  const fn = enclosingFunction(transport);
  if (!fn || !memberOfFunction(fn)) return undefined;
  const mounts = mountsOf(fn, values);
  if (!mounts || mounts.length !== 1) return undefined;
  const [mount] = mounts;
  return mount!.call && (mount!.method === 'post' || mount!.method === 'all') ? mount : undefined;
}

/** Whether `fn` is a class member mounted only by `calls` (besides its self-binding). */
export function memberMountedOnlyBy(fn: ts.Node, calls: readonly ts.CallExpression[], values: Values): boolean {
  if (!isFunctionLike(fn) || !memberOfFunction(fn)) return false;
  const mounts = mountsOf(fn, values);
  return !!mounts && mounts.every((m) => m.call && calls.includes(m.call));
}

/** A member the removed routes were the only mounts of: its declaration and its self-binding statements. */
export interface MountedMember {
  member: ClassMember;
  fn: ts.FunctionLikeDeclaration;
  binds: ts.ExpressionStatement[];
}

/** The class members handed to `call` as its handler (`this.m`, `this.m.bind(this)`) and mounted only by `calls`. */
export function mountedMember(call: ts.CallExpression, calls: readonly ts.CallExpression[], values: Values): MountedMember | undefined {
  let arg = unwrap(call.arguments[call.arguments.length - 1]!);
  if (ts.isCallExpression(arg) && ts.isPropertyAccessExpression(arg.expression) && arg.expression.name.text === 'bind') arg = unwrap(arg.expression.expression);
  if (!ts.isPropertyAccessExpression(arg) || !thisMemberName(arg)) return undefined;
  const fn = functionOfMemberAccess(arg, values);
  const member = fn && memberOfFunction(fn);
  if (!fn || !member || !memberMountedOnlyBy(fn, calls, values)) return undefined;
  const binds = memberReferences(member, values)
    .map((ref) => selfBindStatement(ref))
    .filter((s): s is ts.ExpressionStatement => !!s);
  return { member, fn, binds: [...new Set(binds)] };
}

/**
 * The first `this.x` access in `root` that is neither an allowed member (the registry field, the factory
 * method, the handler methods being replaced) nor a logging statement (`this.logger.info(…);`): the
 * application's own logic, which a rewrite would drop.
 */
export function customMemberUse(root: ts.Node, allowed: ReadonlySet<string>, skip: readonly ts.Node[] = []): ts.PropertyAccessExpression | undefined {
  let found: ts.PropertyAccessExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found || skip.includes(node)) return;
    const name = ts.isPropertyAccessExpression(node) ? thisMemberName(node) : undefined;
    if (name && !allowed.has(name) && !isLoggingStatement(node as ts.PropertyAccessExpression)) {
      found = node as ts.PropertyAccessExpression;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

/** `this.logger.info(…);` as a statement of its own. */
function isLoggingStatement(access: ts.PropertyAccessExpression): boolean {
  const level = access.parent;
  const call = level?.parent;
  return ts.isPropertyAccessExpression(level) && level.expression === access && LOG_LEVELS.has(level.name.text) && !!call && ts.isCallExpression(call) && call.expression === level && ts.isExpressionStatement(call.parent);
}

/** Names of the class fields among `declarations` (a registry kept in `this.transports`, declared or assigned in the constructor). */
export function fieldNames(declarations: ReadonlyArray<ts.Node | undefined>): string[] {
  return declarations.flatMap((d) => (!d ? [] : ts.isPropertyDeclaration(d) && ts.isIdentifier(d.name) ? [d.name.text] : (thisMemberName(d) ?? [])));
}
