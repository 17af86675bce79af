/**
 * The handshake's client facts taken from the `initialize` request by hand, outside an SDK handler: gateways and
 * HTTP front ends that parse the request body to learn the client's name, version or capabilities before (or
 * instead of) the SDK. On 2026-07-28 no `initialize` arrives; these facts come with every request (`_meta`).
 *
 * Three shapes, each tied to `initialize` by what the code itself says, not by a variable's name:
 * - a parse (`parse`, `safeParse`, …) with a schema of the initialize request or its params: an SDK schema
 *   (`InitializeRequestSchema`, `InitializeRequestParamsSchema`), a project schema whose `method` is the literal
 *   `'initialize'`, or an object schema whose members (or `params`' members) are the initialize params' own
 *   (`protocolVersion` and `clientInfo`);
 * - `msg.params` of a message whose `method` the same function compares with `'initialize'` (or a message a
 *   project function returns after that comparison, `extractInitializeMessage(body)`), when what is read is the
 *   client's (`.clientInfo`, `.capabilities`, `.protocolVersion`) or the params are handed to a function that
 *   parses them with an initialize schema;
 * - a read that is the value a project function returns: its callers are where the facts are taken, and are
 *   reported instead (a helper's callers are the sites, not the helper).
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, isFunctionLike, memberAccess, propertyNameText, unwrap } from './ast.js';
import { methodComparison } from './handshake-plumbing.js';
import { methodOfSchema, type SdkModelParts } from './sdk-features.js';
import { INITIALIZE_PARAMS_SCHEMAS } from './sdk-modules.js';

/** What only an initialize request's params carry together (2025-11-25 `InitializeRequestParams`). */
const INITIALIZE_PARAMS_MEMBERS = ['protocolVersion', 'clientInfo'];
/** The client's facts the params carry (each request's `_meta` carries them on 2026-07-28). */
export const CLIENT_FACTS: ReadonlySet<string> = new Set(['clientInfo', 'capabilities', 'protocolVersion']);
/** Schema methods that validate a value (zod, valibot-style `parse`). */
const PARSERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);

/** `S.safeParse(body)` where `S` is a schema of the initialize request or its params. */
export function initializeParse(model: SdkModelParts, call: ts.CallExpression): boolean {
  const { name, receiver } = calleeParts(call);
  return !!name && !!receiver && PARSERS.has(name) && call.arguments.length > 0 && isInitializeSchema(model, receiver, 0);
}

function isInitializeSchema(model: SdkModelParts, node: ts.Node, depth: number): boolean {
  const inner = unwrap(node);
  const sdk = model.sdk.exportOf(inner);
  if (sdk) return INITIALIZE_PARAMS_SCHEMAS.has(sdk.name) || methodOfSchema(model, inner, 0) === 'initialize';
  if (depth > 3) return false;
  if (methodOfSchema(model, inner, 0) === 'initialize') return true;
  if (ts.isIdentifier(inner)) {
    const decl = model.values.symbolOf(inner)?.valueDeclaration;
    return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && isInitializeSchema(model, decl.initializer, depth + 1);
  }
  if (!ts.isCallExpression(inner)) return false;
  const members = schemaMembers(inner);
  if (members && (hasParamsMembers(members) || (members.has('params') && isParamsSchema(members.get('params')!)))) return true;
  const { receiver } = calleeParts(inner);
  return !!receiver && isInitializeSchema(model, receiver, depth + 1);
}

function isParamsSchema(node: ts.Node): boolean {
  const inner = unwrap(node);
  const members = ts.isCallExpression(inner) ? schemaMembers(inner) : undefined;
  return !!members && hasParamsMembers(members);
}

function hasParamsMembers(members: ReadonlyMap<string, ts.Node>): boolean {
  return INITIALIZE_PARAMS_MEMBERS.every((m) => members.has(m));
}

/** The members of `z.object({ … })` (any builder taking one object literal of member schemas). */
function schemaMembers(call: ts.CallExpression): Map<string, ts.Node> | undefined {
  if (calleeParts(call).name !== 'object' || call.arguments.length !== 1) return undefined;
  const object = unwrap(call.arguments[0]!);
  if (!ts.isObjectLiteralExpression(object)) return undefined;
  const members = new Map<string, ts.Node>();
  for (const p of object.properties) {
    const key = p.name && propertyNameText(p.name);
    if (key && ts.isPropertyAssignment(p)) members.set(key, p.initializer);
  }
  return members;
}

/**
 * `msg.params` read for the client's facts from a message known to be `initialize`: its `method` compared with
 * `'initialize'` in the same function, or returned by a project function that compares it.
 */
export function initializeParamsRead(model: SdkModelParts, access: ts.PropertyAccessExpression): boolean {
  if (access.name.text !== 'params') return false;
  const message = unwrap(access.expression);
  if (!ts.isIdentifier(message) || !readsClientFacts(model, access)) return false;
  const symbol = model.values.symbolOf(message);
  if (!symbol) return false;
  const fn = enclosingFunction(access);
  if (fn && comparesInitialize(model, fn, symbol)) return true;
  const decl = symbol.valueDeclaration;
  const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  const callee = init && ts.isCallExpression(init) ? model.values.calls.functionOfCall(init) : undefined;
  return !!callee && comparesInitialize(model, callee);
}

/** `params.clientInfo`, `params.capabilities`, `{ clientInfo } = params`, or the params handed to a function that parses them as initialize params. */
function readsClientFacts(model: SdkModelParts, access: ts.PropertyAccessExpression): boolean {
  let outer: ts.Node = access;
  while (outer.parent && (ts.isNonNullExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent) || ts.isAsExpression(outer.parent))) outer = outer.parent;
  const parent = outer.parent;
  if (!parent) return false;
  const read = memberAccess(parent);
  if (read && read.object === outer && CLIENT_FACTS.has(read.name)) return true;
  if (ts.isVariableDeclaration(parent) && parent.initializer === outer && ts.isObjectBindingPattern(parent.name)) {
    return parent.name.elements.some((e) => CLIENT_FACTS.has(propertyNameText(e.propertyName ?? (ts.isIdentifier(e.name) ? e.name : undefined)) ?? ''));
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(outer as ts.Expression)) {
    const callee = model.values.calls.functionOfCall(parent);
    const index = parent.arguments.indexOf(outer as ts.Expression);
    const param = callee?.parameters[index];
    return !!callee && !!param && ts.isIdentifier(param.name) && parsesAsInitialize(model, callee, param.name.text);
  }
  return false;
}

/** The function validates its parameter `name` with an initialize schema (`InitializeRequestParamsSchema.safeParse(params)`). */
function parsesAsInitialize(model: SdkModelParts, fn: ts.FunctionLikeDeclaration, name: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && initializeParse(model, node)) {
      const arg = unwrap(node.arguments[0]!);
      if (ts.isIdentifier(arg) && arg.text === name) found = true;
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return found;
}

/** `fn` compares some message's `method` (of `symbol`'s message when given) with `'initialize'`. */
function comparesInitialize(model: SdkModelParts, fn: ts.FunctionLikeDeclaration, symbol?: ts.Symbol): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isStringLiteralLike(node) && node.text === 'initialize') {
      const comparison = methodComparison(node);
      const owner = comparison && memberAccess(comparison.discriminant)?.object;
      if (owner && (!symbol || (ts.isIdentifier(unwrap(owner)) && model.values.symbolOf(unwrap(owner)) === symbol))) found = true;
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return found;
}

/**
 * Where a read is reported: the calls of the project function whose returned value it is (`return
 * sanitize(parsed.params.clientInfo)`) or whose parameter it parses (`parseClientInfo(body)`), or the read itself.
 */
export function reportedAt(model: SdkModelParts, read: ts.Node): readonly ts.Node[] {
  const fn = enclosingFunction(read);
  if (fn && ts.isCallExpression(read) && initializeParse(model, read)) {
    const arg = unwrap(read.arguments[0]!);
    const decl = ts.isIdentifier(arg) ? model.values.symbolOf(arg)?.valueDeclaration : undefined;
    if (decl && ts.isParameter(decl) && decl.parent === fn) {
      const calls = model.values.calls.callsOf(fn);
      if (calls.length) return calls;
    }
  }
  let node: ts.Node = read;
  while (node.parent && !ts.isReturnStatement(node.parent) && !isFunctionLike(node.parent) && !ts.isStatement(node.parent)) node = node.parent;
  const returned = node.parent && (ts.isReturnStatement(node.parent) || (isFunctionLike(node.parent) && node.parent === fn));
  const calls = returned && fn ? model.values.calls.callsOf(fn) : [];
  return calls.length ? calls : [read];
}
