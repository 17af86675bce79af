/**
 * Object literals that end up as the options of an SDK constructor, inline or through a variable: the options
 * of a Streamable HTTP transport (`new StreamableHTTPServerTransport({ sessionIdGenerator, onsessioninitialized })`,
 * also a project subclass's `super({ … })`) and the session callbacks declared in them, which receive the
 * session id; and, for rules, the options of any constructor (`isConstructorArgument`).
 */
import { ts } from '../typescript.js';
import { enclosingFunction, forEachDescendant, outermostWrapper, propertyNameText, unwrap } from './ast.js';
import { declaredType } from './declarations.js';
import { STREAMABLE_HTTP_TRANSPORTS, TRANSPORT_MEMBERS } from './sdk-modules.js';
import type { Hop, Value, ValueQueries } from './value.js';

/** The session life-cycle callbacks of SDK Streamable HTTP transport options. */
const SESSION_CALLBACKS = new Set(['onsessioninitialized', 'onsessionclosed']);

/** What these recognisers ask of the analysis (`ValueAnalysis` answers). */
export interface OptionQueries extends ValueQueries {
  /** What an instance of the class `classExpr` names is (an SDK class, a project subclass of one). */
  instanceOf(classExpr: ts.Node, hops: readonly Hop[]): Value | undefined;
}

/** Per analysis and scope: the variables handed to transport options as session callbacks, and under which name. */
const sessionCallbacksOf = new WeakMap<OptionQueries, Map<ts.Node, Map<ts.Symbol, string>>>();

/** `onsessioninitialized` / `onsessionclosed` callbacks in SDK Streamable HTTP transport options. */
export function sessionCallbackName(values: OptionQueries, fn: ts.FunctionLikeDeclaration): string | undefined {
  const prop = fn.parent;
  if (prop && ts.isVariableDeclaration(prop) && prop.initializer === fn && ts.isIdentifier(prop.name)) return sessionCallbackVariable(values, prop);
  if (!prop || !ts.isPropertyAssignment(prop)) return undefined;
  const name = propertyNameText(prop.name);
  if (!name || !SESSION_CALLBACKS.has(name)) return undefined;
  return isTransportOptions(values, prop.parent) ? name : undefined;
}

/**
 * `const onsessioninitialized = async (sid) => …` handed to the transport options by name (`{ onsessioninitialized }`,
 * `{ onsessionclosed: onClose }`): the callback declared apart from the options, in the same scope.
 */
function sessionCallbackVariable(values: OptionQueries, decl: ts.VariableDeclaration): string | undefined {
  const symbol = values.symbolOf(decl.name);
  if (!symbol) return undefined;
  const scope = enclosingFunction(decl) ?? decl.getSourceFile();
  let byScope = sessionCallbacksOf.get(values);
  if (!byScope) sessionCallbacksOf.set(values, (byScope = new Map()));
  let named = byScope.get(scope);
  if (!named) {
    const found = new Map<ts.Symbol, string>();
    forEachDescendant(scope, (node) => {
      if (!(ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node))) return;
      const name = propertyNameText(node.name);
      if (!name || !SESSION_CALLBACKS.has(name)) return;
      const value = ts.isShorthandPropertyAssignment(node) ? node.name : unwrap(node.initializer);
      const passed = ts.isIdentifier(value) ? values.symbolOf(value) : undefined;
      if (passed && isTransportOptions(values, node.parent)) found.set(passed, name);
    });
    byScope.set(scope, (named = found));
  }
  return named.get(symbol);
}

/** An object literal that ends up as the options of an SDK Streamable HTTP transport (inline or via a variable). */
export function isTransportOptions(values: OptionQueries, object: ts.Node): boolean {
  if (!ts.isObjectLiteralExpression(object)) return false;
  const holder = outermostWrapper(object);
  if (holder.parent && ts.isVariableDeclaration(holder.parent)) {
    const typed = declaredType(holder.parent);
    const ref = typed && ts.isTypeReferenceNode(typed) ? values.sdk.exportOf(typed.typeName) : undefined;
    if (ref && /TransportOptions$/.test(ref.name)) return true;
  }
  // `class SessionTransport extends StreamableHTTPServerTransport { constructor() { super({ sessionIdGenerator }) } }`
  const holderParent = holder.parent;
  if (holderParent && ts.isCallExpression(holderParent) && holderParent.expression.kind === ts.SyntaxKind.SuperKeyword && holderParent.arguments[0] === holder) {
    const cls = enclosingFunction(holderParent)?.parent;
    if (cls && (ts.isClassDeclaration(cls) || ts.isClassExpression(cls))) {
      const base = cls.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
      const value = base && values.instanceOf(base.expression, []);
      return value?.kind === 'transport' && !!value.cls && STREAMABLE_HTTP_TRANSPORTS.has(value.cls);
    }
  }
  return isConstructorArgument(values, object, 0, (created) => {
    const ref = values.sdk.exportOf(created.expression);
    if (ref) return STREAMABLE_HTTP_TRANSPORTS.has(ref.name);
    // A project subclass of an SDK transport constructed with the options (`new SessionTransport({ … })`).
    const value = values.instanceOf(created.expression, []);
    return value?.kind === 'transport' && !!value.cls && STREAMABLE_HTTP_TRANSPORTS.has(value.cls);
  });
}

/**
 * Whether an object literal is argument `index` of a `new X(...)` that `accepts`, inline or through a
 * variable declared with it (`const options = {...}; new X(info, options)`), looked up in the variable's scope.
 */
export function isConstructorArgument(values: OptionQueries, object: ts.Node, index: number, accepts: (created: ts.NewExpression) => boolean): boolean {
  const holder = outermostWrapper(object);
  const parent = holder.parent;
  if (parent && ts.isNewExpression(parent) && parent.arguments?.[index] === holder) return accepts(parent);
  if (!parent || !ts.isVariableDeclaration(parent) || !ts.isIdentifier(parent.name)) return false;
  const symbol = values.symbolOf(parent.name);
  let found = false;
  forEachDescendant(enclosingFunction(parent) ?? parent.getSourceFile(), (node) => {
    if (found || !ts.isNewExpression(node)) return;
    const arg = node.arguments?.[index] && unwrap(node.arguments[index]!);
    if (arg && ts.isIdentifier(arg) && arg.text === (parent.name as ts.Identifier).text && values.symbolOf(arg) === symbol) found = accepts(node);
  });
  return found;
}

/**
 * `new …({ sessionIdGenerator: undefined })` (or `void 0`): a transport that mints no session id, one per request in
 * SDK 1.x's stateless idiom. Read off the options literal as written. The option is optional in the SDK (and in
 * `@hono/mcp`, which wraps its web-standard transport): a transport built without options, or with options that do
 * not name it, mints none either (`new StreamableHTTPTransport()`, sweep 21 U1); a spread might name it.
 */
export function mintsNoSession(transport: ts.NewExpression): boolean {
  const options = transport.arguments?.[0] && unwrap(transport.arguments[0]);
  if (!options) return true;
  if (!ts.isObjectLiteralExpression(options)) return false;
  const generator = options.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === TRANSPORT_MEMBERS.sessionIdOption);
  if (!generator) return !options.properties.some((p) => ts.isSpreadAssignment(p) || (p.name !== undefined && ts.isComputedPropertyName(p.name)) || (ts.isShorthandPropertyAssignment(p) && p.name.text === TRANSPORT_MEMBERS.sessionIdOption));
  if (!ts.isPropertyAssignment(generator)) return false;
  const value = unwrap(generator.initializer);
  return (ts.isIdentifier(value) && value.text === 'undefined') || ts.isVoidExpression(value);
}
