/**
 * What the code reads from an incoming HTTP request and writes to its response: header reads and writes
 * (`req.headers['mcp-session-id']`, `res.setHeader(…)`), the variables and parameters that hold a request's
 * `headers` or `query`, and the responses a client got from `fetch` (whose headers are the server's, not a
 * request's). The session id's header is one of these reads, so the inference asks here too.
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, memberAccess, propertyNameText, stringValue, unwrap } from './ast.js';
import type { CallGraph } from './call-graph.js';
import { declaredType } from './declarations.js';
import type { ProgramText } from './program-text.js';
import { namedImportOf } from './package-imports.js';

export const SESSION_HEADER = 'mcp-session-id';
export const LAST_EVENT_ID_HEADER = 'last-event-id';

/** Methods that take a header name first: reads (`get`, `header`, `getHeader`, `has`) and writes (`set`, `setHeader`, `append`). */
const HEADER_ACCESS_METHODS = new Set(['get', 'header', 'getHeader', 'setHeader', 'set', 'has', 'append']);

/**
 * Parameter decorators that inject one incoming header into a route method's parameter (given its name) or all of them
 * (given none), by the module that exports them: NestJS's `@Headers('mcp-session-id') sessionId` (sweep 23 W1).
 */
const HEADER_PARAMETER_DECORATORS: Readonly<Record<string, ReadonlySet<string>>> = {
  '@nestjs/common': new Set(['Headers']),
};

/** What these recognisers ask of the analysis (`ValueAnalysis` answers). */
export interface RequestQueries {
  symbolOf(node: ts.Node): ts.Symbol | undefined;
  constantString(node: ts.Node): string | undefined;
  readonly calls: CallGraph;
  readonly programText: ProgramText;
}

/** `res.setHeader(name, value)`, `headers.set(name, value)`, `res.header(name, value)`: a header write, not a read. */
export function isHeaderWrite(node: ts.Node): boolean {
  if (!ts.isCallExpression(node) || node.arguments.length < 2) return false;
  const { name } = calleeParts(node);
  return name === 'setHeader' || name === 'set' || name === 'append' || name === 'header';
}

/**
 * `headerAccess` of a read or write of the header `name` (or of one of `names`; lower case), and only of that
 * header: what every rule and analysis asking about one header calls. An element access whose key cannot be
 * that name (`row['id']`, `map[key]` with `key` no such constant) is answered without asking what its object
 * holds, which can mean resolving symbols and a helper's callers.
 */
export function headerAccessOf(values: RequestQueries, node: ts.Node, names: string | ReadonlySet<string>): { name: string; nameNode: ts.Node } | undefined {
  const wanted = (header: string): boolean => (typeof names === 'string' ? header === names : names.has(header));
  if (ts.isElementAccessExpression(node) && !mayBeConstant(values, node.argumentExpression, names, wanted)) return undefined;
  // A call names its header by its first argument, read as `constantString` reads it (`headerAccess`).
  if (ts.isCallExpression(node) && node.arguments.length > 0 && stringValue(node.arguments[0]!) === undefined && !mayDeclareHeader(values, names, wanted)) return undefined;
  const header = headerAccess(values, node);
  return header && wanted(header.name) ? header : undefined;
}

/**
 * Whether `constantString(key)`, lower-cased, can be a wanted name: an identifier is resolved, a property access
 * only checked against the program's declared strings (maybe, when one of them is wanted). Never false where
 * `headerAccess` would name a wanted header: it reads the key the same way. `wanted` tests for `names`.
 */
function mayBeConstant(values: RequestQueries, key: ts.Expression, names: string | ReadonlySet<string>, wanted: (name: string) => boolean): boolean {
  const direct = stringValue(key);
  if (direct !== undefined) return wanted(direct.toLowerCase());
  const inner = unwrap(key);
  if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) return false;
  if (!mayDeclareHeader(values, names, wanted)) return false;
  if (ts.isIdentifier(inner)) {
    const constant = values.constantString(inner);
    return constant !== undefined && wanted(constant.toLowerCase());
  }
  return true;
}

/**
 * The header named by a header access (`req.headers[X]`, `req.header(X)`, `headers.get(X)`, `res.setHeader(X, …)`),
 * lower-cased: any header. A caller that wants one header asks `headerAccessOf`.
 */
export function headerAccess(values: RequestQueries, node: ts.Node): { name: string; nameNode: ts.Node } | undefined {
  if (ts.isBindingElement(node)) {
    // const { 'mcp-session-id': sid } = req.headers
    const owner = node.parent.parent;
    const init = ts.isVariableDeclaration(owner) && owner.initializer ? unwrap(owner.initializer) : undefined;
    if (!node.propertyName || !init || memberAccess(init)?.name !== 'headers') return undefined;
    const name = propertyNameText(node.propertyName);
    return name ? { name: name.toLowerCase(), nameNode: node.propertyName } : undefined;
  }
  if (ts.isElementAccessExpression(node)) {
    // The key first: most element accesses (`list[i]`, `row[0]`) have no constant one, and what the object
    // holds can take resolving a helper's callers.
    const name = values.constantString(node.argumentExpression);
    if (!name) return undefined;
    const object = unwrap(node.expression);
    const access = memberAccess(object);
    if ((access?.name === 'headers' && !isFetchResponse(values, access.object)) || (!access && holdsRequestPart(values, object, 'headers'))) {
      return { name: name.toLowerCase(), nameNode: node.argumentExpression };
    }
    return undefined;
  }
  if (ts.isCallExpression(node)) {
    const injected = headerDecoratorOf(values, node);
    if (injected) {
      const header = node.arguments[0] && values.constantString(node.arguments[0]);
      return header ? { name: header.toLowerCase(), nameNode: node.arguments[0]! } : undefined;
    }
    const { name, receiver } = calleeParts(node);
    if (!name || !HEADER_ACCESS_METHODS.has(name) || node.arguments.length === 0) return undefined;
    // `(await fetch(url)).headers.get('mcp-session-id')`: a client reading the server's response.
    const owner = receiver && memberAccess(unwrap(receiver));
    if (owner?.name === 'headers' && !isHeaderWrite(node) && isFetchResponse(values, owner.object)) return undefined;
    const arg = node.arguments[0]!;
    const header = values.constantString(arg);
    if (header) return { name: header.toLowerCase(), nameNode: arg };
  }
  return undefined;
}

/**
 * The parameter a header decorator (`@Headers('mcp-session-id')`, `HEADER_PARAMETER_DECORATORS`) injects the header
 * into, when `call` is such a decorator's call.
 */
export function headerDecoratorOf(values: Pick<RequestQueries, 'symbolOf'>, call: ts.CallExpression): ts.ParameterDeclaration | undefined {
  const decorator = call.parent;
  if (!decorator || !ts.isDecorator(decorator) || !ts.isParameter(decorator.parent)) return undefined;
  const imported = namedImportOf(values, call.expression);
  return imported && HEADER_PARAMETER_DECORATORS[imported.module]?.has(imported.name) ? decorator.parent : undefined;
}

/** The header decorator call on a parameter (`@Headers(…)`), if it has one. */
export function headerDecoratorCallOn(values: Pick<RequestQueries, 'symbolOf'>, param: ts.ParameterDeclaration): ts.CallExpression | undefined {
  for (const modifier of ts.getDecorators(param) ?? []) {
    const call = modifier.expression;
    if (ts.isCallExpression(call) && headerDecoratorOf(values, call)) return call;
  }
  return undefined;
}

/**
 * A variable or parameter that holds an incoming request's `headers` or `query` (what a helper reads the session
 * id from): `const headers = req.headers`, a parameter typed `Request['headers']` / `IncomingHttpHeaders`, or
 * an untyped parameter every caller passes `x.headers` to. A headers object the code builds itself is not one.
 */
export function holdsRequestPart(values: RequestQueries, node: ts.Node, part: 'headers' | 'query'): boolean {
  const inner = unwrap(node);
  if (!ts.isIdentifier(inner)) return false;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  const isPart = (expr: ts.Expression): boolean => {
    const access = memberAccess(unwrap(expr));
    return access?.name === part && !(part === 'headers' && isFetchResponse(values, access.object));
  };
  if (decl && ts.isVariableDeclaration(decl)) {
    if (!decl.initializer) return false;
    if (!declaredType(decl) && isPart(decl.initializer)) return true;
    return part === 'headers' && isCopyOfRequestPart(values, decl, isPart);
  }
  if (!decl || !ts.isParameter(decl) || !isFunctionLike(decl.parent)) return false;
  // `@Headers() headers`: every header of the request, injected.
  if (part === 'headers' && headerDecoratorCallOn(values, decl)?.arguments.length === 0) return true;
  const type = declaredType(decl);
  if (type) {
    if (ts.isIndexedAccessTypeNode(type)) {
      const index = type.indexType;
      return ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) && index.literal.text === part;
    }
    return part === 'headers' && ts.isTypeReferenceNode(type) && isNodeHttpType(values, type.typeName, 'IncomingHttpHeaders');
  }
  const index = decl.parent.parameters.indexOf(decl);
  const calls = values.calls.callsOf(decl.parent);
  return calls.length > 0 && calls.every((call) => {
    const arg = call.arguments[index];
    return !!arg && !ts.isSpreadElement(arg) && isPart(arg);
  });
}

/**
 * A headers object the code fills from the request's own (to hand a web `Request` or an upstream call the
 * client's headers): `{ ...req.headers }`, or `{}` filled in a loop over `Object.entries(req.headers)` that
 * copies each entry (`for (const [k, v] of …) headers[k] = v`, or `.forEach(([k, v]) => …)`). Reading the
 * session header from it reads the client's.
 */
function isCopyOfRequestPart(values: RequestQueries, decl: ts.VariableDeclaration, isPart: (expr: ts.Expression) => boolean): boolean {
  const init = unwrap(decl.initializer!);
  if (!ts.isObjectLiteralExpression(init) || !ts.isIdentifier(decl.name)) return false;
  if (init.properties.length > 0) return init.properties.every((p) => ts.isSpreadAssignment(p) && isPart(p.expression));
  const target = values.symbolOf(decl.name);
  const scope = enclosingFunction(decl) ?? decl.getSourceFile();
  if (!target) return false;
  let copied = false;
  forEachDescendant(scope, (node) => {
    if (copied) return;
    const entries = entriesLoop(node);
    if (!entries || !isPart(entries.of)) return;
    forEachDescendant(entries.body, (inner) => {
      if (copied || !ts.isBinaryExpression(inner) || inner.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
      const left = unwrap(inner.left);
      if (!ts.isElementAccessExpression(left) || !ts.isIdentifier(left.expression) || !ts.isIdentifier(unwrap(left.argumentExpression))) return;
      if (values.symbolOf(left.expression) === target && (unwrap(left.argumentExpression) as ts.Identifier).text === entries.key) copied = true;
    });
  });
  return copied;
}

/** `for (const [k, v] of Object.entries(X)) body` or `Object.entries(X).forEach(([k, v]) => body)`: X, the key's name and the body. */
function entriesLoop(node: ts.Node): { of: ts.Expression; key: string; body: ts.Node } | undefined {
  const entriesOf = (expr: ts.Expression): ts.Expression | undefined => {
    const call = unwrap(expr);
    if (!ts.isCallExpression(call) || call.arguments.length !== 1) return undefined;
    const { name, receiver } = calleeParts(call);
    return name === 'entries' && receiver && ts.isIdentifier(unwrap(receiver)) && (unwrap(receiver) as ts.Identifier).text === 'Object' ? call.arguments[0] : undefined;
  };
  const keyOf = (binding: ts.Node | undefined): string | undefined => {
    if (!binding || !ts.isArrayBindingPattern(binding)) return undefined;
    const first = binding.elements[0];
    return first && ts.isBindingElement(first) && ts.isIdentifier(first.name) ? first.name.text : undefined;
  };
  if (ts.isForOfStatement(node) && ts.isVariableDeclarationList(node.initializer)) {
    const of = entriesOf(node.expression);
    const key = keyOf(node.initializer.declarations[0]?.name);
    return of && key ? { of, key, body: node.statement } : undefined;
  }
  if (ts.isCallExpression(node) && calleeParts(node).name === 'forEach' && node.arguments.length > 0) {
    const receiver = calleeParts(node).receiver;
    const of = receiver && entriesOf(receiver);
    const fn = unwrap(node.arguments[0]!);
    if (!of || !isFunctionLike(fn) || !fn.body) return undefined;
    const key = keyOf(fn.parameters[0]?.name);
    return key ? { of, key, body: fn.body } : undefined;
  }
  return undefined;
}

/** A type name imported from Node's `http` module (`import type { IncomingHttpHeaders } from 'node:http'`). */
function isNodeHttpType(values: RequestQueries, name: ts.EntityName, exported: string): boolean {
  const id = ts.isQualifiedName(name) ? name.right : name;
  if (id.text !== exported) return false;
  const specifier = values.symbolOf(id)?.declarations?.find(ts.isImportSpecifier);
  const module = specifier?.parent.parent.parent.moduleSpecifier;
  return !!module && ts.isStringLiteral(module) && /^(node:)?https?$/.test(module.text);
}

/**
 * A response the code received from `fetch` (client or browser code, tests calling the server):
 * `await fetch(…)`, a variable holding one, a `.then((res) => …)` callback on one, or a parameter
 * typed with the global `Response` (an express `Response` import is the server's own response).
 */
function isFetchResponse(values: RequestQueries, node: ts.Node, depth = 0): boolean {
  const inner = unwrap(node);
  if (depth > 4) return false;
  if (ts.isCallExpression(inner)) return calleeParts(inner).name === 'fetch';
  if (!ts.isIdentifier(inner)) return false;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  if (!decl) return false;
  if (ts.isVariableDeclaration(decl)) return !!decl.initializer && isFetchResponse(values, decl.initializer, depth + 1);
  if (!ts.isParameter(decl)) return false;
  const type = declaredType(decl);
  if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Response') {
    return !values.symbolOf(type.typeName)?.declarations?.length;
  }
  const fn = decl.parent;
  const then = fn.parent;
  if (isFunctionLike(fn) && fn.parameters[0] === decl && then && ts.isCallExpression(then) && then.arguments[0] === fn) {
    const { name, receiver } = calleeParts(then);
    return name === 'then' && !!receiver && isFetchResponse(values, receiver, depth + 1);
  }
  return false;
}

/** Whether a declaration `constantString` reads holds one of the header names `names` (`wanted` tests for them), any case. */
function mayDeclareHeader(values: RequestQueries, names: string | ReadonlySet<string>, wanted: (name: string) => boolean): boolean {
  return values.programText.mayDeclareString((text) => wanted(text.toLowerCase()), names);
}

/** Methods of an HTTP response (express, node:http) that write the answer: a function that calls only these on the response it is given answers, and does nothing else. */
export const HTTP_RESPONSE_WRITES: ReadonlySet<string> = new Set(['status', 'json', 'send', 'end', 'writeHead', 'setHeader', 'set', 'header', 'type', 'sendStatus']);
