/**
 * What an expression denotes, as far as the migration cares: an SDK server, a transport,
 * a request handler's context (`extra` / `ctx`), the MCP session id, or a registered tool.
 *
 * The inference runs backwards from a use to its origin: an identifier to its declaration,
 * a parameter to its type annotation (TS or JSDoc), to the registration call it is a
 * callback of, or to the arguments at every call site of its function (across files).
 * Each step that is not a plain alias is recorded as a hop, which becomes the chain shown
 * in a finding's message ("`extra` of registerTool('add_item') → getCart(extra) → ...").
 */
import { ts } from '../typescript.js';
import {
  calleeParts,
  outermostWrapper,
  enclosingFunction,
  forEachDescendant,
  isFunctionLike,
  isUndefined,
  memberAccess,
  propertyNameText,
  stringValue,
  unwrap,
} from './ast.js';
import { CONTEXT_TYPES, HANDLER_REGISTRATION_METHODS, HIGH_LEVEL_SERVER_CLASSES, LOW_LEVEL_SERVER_CLASSES, REGISTRATION_METHODS, TRANSPORT_CLASSES, STREAMABLE_HTTP_TRANSPORTS, SSE_TRANSPORTS, SSE_SESSION_QUERY_PARAMETER, SSE_POST_METHOD } from './sdk-modules.js';
import { enclosingRoute } from './routes.js';
import type { SdkSymbols } from './sdk-symbols.js';
import type { Hop, Value } from './value.js';
import { frameworkElement, frameworkInstance, frameworkMember, frameworkParameter } from './framework-values.js';
import { buildCallIndex, functionNames, type CallIndex } from './call-index.js';
import {
  arrayElementType,
  collectionElementType,
  declaredType,
  forOfLoop,
  functionOfDeclaration,
  returnedExpressions,
  returningFunction,
} from './declarations.js';
import { contextualParameterType } from './contextual-types.js';

export { declaredType, returnedExpressions } from './declarations.js';

/** Every path of a value (`paths`, or its one `hops`). */
export function pathsOf(value: Value): ReadonlyArray<readonly Hop[]> {
  return value.paths ?? [value.hops];
}

const MAX_PATHS = 64;

/** `value` one hop further on (every one of its paths). */
function withHop(value: Value, hop: Hop): Value {
  const paths = value.paths?.map((path) => [...path, hop]);
  return { ...value, hops: [...value.hops, hop], ...(paths ? { paths } : {}) };
}

export const SESSION_HEADER = 'mcp-session-id';
export const LAST_EVENT_ID_HEADER = 'last-event-id';

/** Server methods whose callbacks are request handlers: tool/prompt/resource registrations and raw handler registrations. */
const HANDLER_HOSTS = new Set([...REGISTRATION_METHODS, ...HANDLER_REGISTRATION_METHODS]);
const ITERATION_METHODS = new Set(['forEach', 'map', 'filter', 'some', 'every', 'find', 'flatMap']);
/** How many wrapper calls may stand between a handler and its registration. */
const MAX_WRAPPERS = 3;
/** Methods that take a header name first: reads (`get`, `header`, `getHeader`, `has`) and writes (`set`, `setHeader`, `append`). */
const HEADER_ACCESS_METHODS = new Set(['get', 'header', 'getHeader', 'setHeader', 'set', 'has', 'append']);

/** `res.setHeader(name, value)`, `headers.set(name, value)`, `res.header(name, value)`: a header write, not a read. */
export function isHeaderWrite(node: ts.Node): boolean {
  if (!ts.isCallExpression(node) || node.arguments.length < 2) return false;
  const { name } = calleeParts(node);
  return name === 'setHeader' || name === 'set' || name === 'append' || name === 'header';
}

export function isServerKind(value: Value | undefined): boolean {
  return value?.kind === 'mcp-server' || value?.kind === 'server';
}

/** The session life-cycle callbacks of SDK Streamable HTTP transport options. */
const SESSION_CALLBACKS = new Set(['onsessioninitialized', 'onsessionclosed']);

export class ValueAnalysis {
  private readonly cache = new Map<ts.Node, Value | null>();
  private callIndex: CallIndex | undefined;
  private readonly callSites = new Map<ts.Node, ts.CallExpression[]>();
  private readonly constructionSites = new Map<ts.Node, ts.NewExpression[]>();
  private readonly handlerRegistrations = new Map<ts.Node, ts.CallExpression | null>();
  private readonly thisAssignments = new Map<ts.Node, Map<string, ts.Expression[]>>();
  private readonly symbols = new Map<ts.Node, ts.Symbol | null>();
  /** Per scope: the variables handed to transport options as session callbacks, and under which name. */
  private readonly sessionCallbacksIn = new Map<ts.Node, Map<ts.Symbol, string>>();
  private readonly collectionWrites = new Map<ts.Node, Value | null>();
  private readonly carried = new Map<ts.Node, Value | null>();
  private sseEndpointPaths: Set<string> | undefined;
  private readonly typeParameters = new Map<ts.Node, Value | null>();
  private subclassIndex: Map<string, ts.ClassLikeDeclaration[]> | undefined;
  private instantiationIndex: Map<string, Array<ts.TypeReferenceNode | ts.NewExpression | ts.ExpressionWithTypeArguments>> | undefined;
  private propertyIndex: Map<string, Array<ts.PropertyAssignment | ts.ShorthandPropertyAssignment>> | undefined;

  /** The strings of every declaration `constantString` reads (see `mayBeDeclaredConstant`); built on first use. */
  private declaredConstants: string[] | undefined;
  /** `mayBeDeclaredConstant`'s answers for wanted header names (by the names), and for tests (by the test function). */
  private readonly headerNameAnswers = new Map<string | ReadonlySet<string>, boolean>();
  private readonly testAnswers = new Map<(text: string) => boolean, boolean>();
  /** `programMentions`' answers, by the list of names. */
  private readonly mentions = new Map<Iterable<string>, boolean>();
  /** See `mayNameObjectWithMember`; built on first use. */
  private declaredNames: DeclaredNames | undefined;

  /**
   * `programFiles`: every file of the program (the analysed files and the context modules), where a symbol's
   * declaration can be; the analysed files when not given.
   */
  constructor(
    readonly checker: ts.TypeChecker,
    readonly sdk: SdkSymbols,
    private readonly files: readonly ts.SourceFile[],
    private readonly programFiles: readonly ts.SourceFile[] = files,
  ) {}

  valueOf(node: ts.Node): Value | undefined {
    const cached = this.cache.get(node);
    if (cached !== undefined) return cached ?? undefined;
    this.cache.set(node, null); // cycle guard: a value that depends on itself is unknown
    const value = this.compute(node);
    this.cache.set(node, value ?? null);
    return value;
  }

  /**
   * `headerAccess` of a read or write of the header `name` (or of one of `names`; lower case), and only of that
   * header: what every rule and analysis asking about one header calls. An element access whose key cannot be
   * that name (`row['id']`, `map[key]` with `key` no such constant) is answered without asking what its object
   * holds, which can mean resolving symbols and a helper's callers.
   */
  headerAccessOf(node: ts.Node, names: string | ReadonlySet<string>): { name: string; nameNode: ts.Node } | undefined {
    const wanted = (header: string): boolean => (typeof names === 'string' ? header === names : names.has(header));
    if (ts.isElementAccessExpression(node) && !this.mayBeConstant(node.argumentExpression, names, wanted)) return undefined;
    // A call names its header by its first argument, read as `constantString` reads it (`headerAccess`).
    if (ts.isCallExpression(node) && node.arguments.length > 0 && stringValue(node.arguments[0]!) === undefined && !this.mayDeclareHeader(names, wanted)) return undefined;
    const header = this.headerAccess(node);
    return header && wanted(header.name) ? header : undefined;
  }

  /**
   * Whether `constantString(key)`, lower-cased, can be a wanted name: an identifier is resolved, a property access
   * only checked against the program's declared strings (maybe, when one of them is wanted). Never false where
   * `headerAccess` would name a wanted header: it reads the key the same way. `wanted` tests for `names`.
   */
  private mayBeConstant(key: ts.Expression, names: string | ReadonlySet<string>, wanted: (name: string) => boolean): boolean {
    const direct = stringValue(key);
    if (direct !== undefined) return wanted(direct.toLowerCase());
    const inner = unwrap(key);
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) return false;
    if (!this.mayDeclareHeader(names, wanted)) return false;
    if (ts.isIdentifier(inner)) {
      const constant = this.constantString(inner);
      return constant !== undefined && wanted(constant.toLowerCase());
    }
    return true;
  }

  /**
   * The header named by a header access (`req.headers[X]`, `req.header(X)`, `headers.get(X)`, `res.setHeader(X, …)`),
   * lower-cased: any header. A caller that wants one header asks `headerAccessOf`.
   */
  headerAccess(node: ts.Node): { name: string; nameNode: ts.Node } | undefined {
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
      const name = this.constantString(node.argumentExpression);
      if (!name) return undefined;
      const object = unwrap(node.expression);
      const access = memberAccess(object);
      if ((access?.name === 'headers' && !this.isFetchResponse(access.object)) || (!access && this.holdsRequestPart(object, 'headers'))) {
        return { name: name.toLowerCase(), nameNode: node.argumentExpression };
      }
      return undefined;
    }
    if (ts.isCallExpression(node)) {
      const { name, receiver } = calleeParts(node);
      if (!name || !HEADER_ACCESS_METHODS.has(name) || node.arguments.length === 0) return undefined;
      // `(await fetch(url)).headers.get('mcp-session-id')`: a client reading the server's response.
      const owner = receiver && memberAccess(unwrap(receiver));
      if (owner?.name === 'headers' && !isHeaderWrite(node) && this.isFetchResponse(owner.object)) return undefined;
      const arg = node.arguments[0]!;
      const header = this.constantString(arg);
      if (header) return { name: header.toLowerCase(), nameNode: arg };
    }
    return undefined;
  }

  /**
   * A variable or parameter that holds an incoming request's `headers` or `query` (what a helper reads the session
   * id from): `const headers = req.headers`, a parameter typed `Request['headers']` / `IncomingHttpHeaders`, or
   * an untyped parameter every caller passes `x.headers` to. A headers object the code builds itself is not one.
   */
  holdsRequestPart(node: ts.Node, part: 'headers' | 'query'): boolean {
    const inner = unwrap(node);
    if (!ts.isIdentifier(inner)) return false;
    const decl = this.symbolOf(inner)?.valueDeclaration;
    const isPart = (expr: ts.Expression): boolean => {
      const access = memberAccess(unwrap(expr));
      return access?.name === part && !(part === 'headers' && this.isFetchResponse(access.object));
    };
    if (decl && ts.isVariableDeclaration(decl)) return !!decl.initializer && !declaredType(decl) && isPart(decl.initializer);
    if (!decl || !ts.isParameter(decl) || !isFunctionLike(decl.parent)) return false;
    const type = declaredType(decl);
    if (type) {
      if (ts.isIndexedAccessTypeNode(type)) {
        const index = type.indexType;
        return ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) && index.literal.text === part;
      }
      return part === 'headers' && ts.isTypeReferenceNode(type) && this.isNodeHttpType(type.typeName, 'IncomingHttpHeaders');
    }
    const index = decl.parent.parameters.indexOf(decl);
    const calls = this.callsOf(decl.parent);
    return calls.length > 0 && calls.every((call) => {
      const arg = call.arguments[index];
      return !!arg && !ts.isSpreadElement(arg) && isPart(arg);
    });
  }

  /** A type name imported from Node's `http` module (`import type { IncomingHttpHeaders } from 'node:http'`). */
  private isNodeHttpType(name: ts.EntityName, exported: string): boolean {
    const id = ts.isQualifiedName(name) ? name.right : name;
    if (id.text !== exported) return false;
    const specifier = this.symbolOf(id)?.declarations?.find(ts.isImportSpecifier);
    const module = specifier?.parent.parent.parent.moduleSpecifier;
    return !!module && ts.isStringLiteral(module) && /^(node:)?https?$/.test(module.text);
  }

  /**
   * A response the code received from `fetch` (client or browser code, tests calling the server):
   * `await fetch(…)`, a variable holding one, a `.then((res) => …)` callback on one, or a parameter
   * typed with the global `Response` (an express `Response` import is the server's own response).
   */
  isFetchResponse(node: ts.Node, depth = 0): boolean {
    const inner = unwrap(node);
    if (depth > 4) return false;
    if (ts.isCallExpression(inner)) return calleeParts(inner).name === 'fetch';
    if (!ts.isIdentifier(inner)) return false;
    const decl = this.symbolOf(inner)?.valueDeclaration;
    if (!decl) return false;
    if (ts.isVariableDeclaration(decl)) return !!decl.initializer && this.isFetchResponse(decl.initializer, depth + 1);
    if (!ts.isParameter(decl)) return false;
    const type = declaredType(decl);
    if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Response') {
      return !this.symbolOf(type.typeName)?.declarations?.length;
    }
    const fn = decl.parent;
    const then = fn.parent;
    if (isFunctionLike(fn) && fn.parameters[0] === decl && then && ts.isCallExpression(then) && then.arguments[0] === fn) {
      const { name, receiver } = calleeParts(then);
      return name === 'then' && !!receiver && this.isFetchResponse(receiver, depth + 1);
    }
    return false;
  }

  /**
   * The strings an expression can evaluate to, when the code spells them out: literals, `const`s,
   * templates and `+` over those, a `for (const e of ['a', 'b'])` loop variable, or a parameter (what every
   * caller passes). Undefined when any part is unknown. Used for computed member names (``server[`on${event}`]``).
   */
  possibleStrings(node: ts.Node, depth = 0): string[] | undefined {
    const inner = unwrap(node);
    if (ts.isStringLiteralLike(inner)) return [inner.text];
    if (depth > 4) return undefined;
    const combine = (parts: Array<string[] | undefined>): string[] | undefined => {
      let out = [''];
      for (const part of parts) {
        if (!part) return undefined;
        out = out.flatMap((prefix) => part.map((p) => prefix + p));
        if (out.length > 32) return undefined;
      }
      return out;
    };
    if (ts.isTemplateExpression(inner)) {
      const parts: Array<string[] | undefined> = [[inner.head.text]];
      for (const span of inner.templateSpans) parts.push(this.possibleStrings(span.expression, depth + 1), [span.literal.text]);
      return combine(parts);
    }
    if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return combine([this.possibleStrings(inner.left, depth + 1), this.possibleStrings(inner.right, depth + 1)]);
    }
    if (!ts.isIdentifier(inner)) return undefined;
    const decl = this.symbolOf(inner)?.valueDeclaration;
    if (!decl) return undefined;
    if (ts.isVariableDeclaration(decl)) {
      const loop = forOfLoop(decl);
      if (loop) {
        const iterable = unwrap(loop.expression);
        const list = ts.isIdentifier(iterable) ? this.symbolOf(iterable)?.valueDeclaration : undefined;
        const array = ts.isArrayLiteralExpression(iterable) ? iterable : list && ts.isVariableDeclaration(list) && list.initializer ? unwrap(list.initializer) : undefined;
        if (!array || !ts.isArrayLiteralExpression(array)) return undefined;
        const out: string[] = [];
        for (const element of array.elements) {
          const values = this.possibleStrings(element, depth + 1);
          if (!values) return undefined;
          out.push(...values);
        }
        return out;
      }
      const constant = ts.isVariableDeclarationList(decl.parent) && (decl.parent.flags & ts.NodeFlags.Const) !== 0;
      return constant && decl.initializer ? this.possibleStrings(decl.initializer, depth + 1) : undefined;
    }
    if (ts.isParameter(decl) && isFunctionLike(decl.parent)) {
      const index = decl.parent.parameters.indexOf(decl);
      const calls = this.callsOf(decl.parent);
      if (calls.length === 0) return undefined;
      const out: string[] = [];
      for (const call of calls) {
        const arg = call.arguments[index];
        const values = arg && !ts.isSpreadElement(arg) ? this.possibleStrings(arg, depth + 1) : undefined;
        if (!values) return undefined;
        out.push(...values);
      }
      return out;
    }
    return undefined;
  }

  /**
   * `req.query.sessionId`, `c.req.query('sessionId')`, `url.searchParams.get('sessionId')` inside the route that
   * an SDK `SSEServerTransport` in the project posts to (`new SSEServerTransport('/messages', res)`): the HTTP+SSE
   * session id. Returns the node naming the parameter.
   */
  sseSessionQuery(node: ts.Node): ts.Node | undefined {
    const nameNode = this.sessionQueryParameter(node);
    if (!nameNode) return undefined;
    return this.inSseMessageRoute(node, 0) ? nameNode : undefined;
  }

  /** In the SSE message route, or in a helper it calls (`sessionIdFromQuery(req.query)`, up to two calls deep). */
  private inSseMessageRoute(node: ts.Node, depth: number): boolean {
    const endpoints = this.sseEndpoints();
    const route = enclosingRoute(node, this);
    if (route?.path !== undefined && endpoints.has(normalPath(route.path))) return true;
    if (this.postsToSseTransport(node)) return true;
    if (route || depth >= 2) return false;
    const fn = enclosingFunction(node);
    return !!fn && this.callsOf(fn).some((call) => this.inSseMessageRoute(call, depth + 1));
  }

  /**
   * The syntactic shape of a `?sessionId=` read, wherever it is (`req.query.sessionId`, `c.req.query('sessionId')`,
   * `url.searchParams.get('sessionId')`): a candidate only. It is a session id when it sits in the SSE endpoint's
   * route (`sseSessionQuery`) or when it looks up a transport registry (decided by the session flow).
   */
  sessionQueryParameter(node: ts.Node): ts.Node | undefined {
    let nameNode: ts.Node | undefined;
    if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
      const access = memberAccess(node);
      const holder = unwrap(access?.object ?? node);
      if (access?.name !== SSE_SESSION_QUERY_PARAMETER || (memberAccess(holder)?.name !== 'query' && !this.holdsRequestPart(holder, 'query'))) return undefined;
      nameNode = access.nameNode;
    } else if (ts.isCallExpression(node) && node.arguments.length === 1) {
      const { name, receiver } = calleeParts(node);
      const owner = receiver && memberAccess(unwrap(receiver));
      const queryCall = name === 'query' || (name === 'get' && owner?.name === 'searchParams');
      if (!queryCall || stringValue(node.arguments[0]) !== SSE_SESSION_QUERY_PARAMETER) return undefined;
      nameNode = node.arguments[0];
    } else return undefined;
    return nameNode;
  }

  /**
   * Whether the function around `node` hands the request to an SDK SSE transport (`transport.handlePostMessage(req, res)`):
   * the message route of a server whose routing is not declared with a path (`node:http`, a helper taking the endpoint).
   */
  private postsToSseTransport(node: ts.Node): boolean {
    const fn = enclosingFunction(node);
    if (!fn?.body || !fn.body.getText().includes(SSE_POST_METHOD)) return false;
    let found = false;
    forEachDescendant(fn.body, (n) => {
      if (found || !ts.isCallExpression(n)) return;
      const { name, receiver } = calleeParts(n);
      if (name !== SSE_POST_METHOD || !receiver) return;
      const value = this.valueOf(receiver);
      found = (value?.kind === 'transport' && value.cls !== undefined && SSE_TRANSPORTS.has(value.cls)) || this.narrowedToSseTransport(receiver, n);
    });
    return found;
  }

  /** `if (transport instanceof SSEServerTransport) { … transport.handlePostMessage(…) }`: the `if` says what it is. */
  private narrowedToSseTransport(receiver: ts.Expression, use: ts.Node): boolean {
    const inner = unwrap(receiver);
    const symbol = ts.isIdentifier(inner) ? this.symbolOf(inner) : undefined;
    if (!symbol) return false;
    for (let current: ts.Node = use; current.parent && !isFunctionLike(current); current = current.parent) {
      const parent = current.parent;
      if (!ts.isIfStatement(parent) || parent.thenStatement !== current) continue;
      let narrowed = false;
      const visit = (n: ts.Node): void => {
        if (narrowed) return;
        if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword) {
          const left = unwrap(n.left);
          const cls = this.sdk.exportOf(n.right)?.name;
          narrowed = ts.isIdentifier(left) && this.symbolOf(left) === symbol && cls !== undefined && SSE_TRANSPORTS.has(cls);
        }
        ts.forEachChild(n, visit);
      };
      visit(parent.expression);
      if (narrowed) return true;
    }
    return false;
  }

  /** The paths SDK SSE transports in the project tell clients to post to (their first argument). */
  private sseEndpoints(): Set<string> {
    if (this.sseEndpointPaths) return this.sseEndpointPaths;
    const out = new Set<string>();
    this.sseEndpointPaths = out;
    for (const file of this.files) {
      if (!file.text.includes('SSE')) continue;
      forEachDescendant(file, (node) => {
        if (!ts.isNewExpression(node) || !node.arguments?.length) return;
        const ref = this.sdk.exportOf(node.expression);
        const path = ref && SSE_TRANSPORTS.has(ref.name) ? this.constantString(node.arguments[0]!) : undefined;
        if (path) out.add(normalPath(path));
      });
    }
    return out;
  }

  /**
   * `constantString(node)` when it passes `test`, else `undefined`. `test` must be one function kept for the
   * purpose (a module constant): its answers are cached by its identity. The symbol lookup an identifier or a property access needs (for `this.config.x`, the type of
   * `this.config`) is skipped when no declaration of the program that `constantString` reads holds a string
   * passing the test: then no lookup can answer one (most first arguments of `map.get(k)` or `f(a, b)`).
   */
  constantStringPassing(node: ts.Node, test: (text: string) => boolean): string | undefined {
    const direct = stringValue(node);
    if (direct !== undefined) return test(direct) ? direct : undefined;
    if (!cached(this.testAnswers, test, () => this.mayBeDeclaredConstant(test))) return undefined;
    const constant = this.constantString(node);
    return constant !== undefined && test(constant) ? constant : undefined;
  }

  /** Whether a declaration `constantString` reads (a variable, property assignment or property declaration initialised with a string) holds a string passing `test`. */
  private mayBeDeclaredConstant(test: (text: string) => boolean): boolean {
    this.declaredConstants ??= declaredConstantStrings(this.programFiles);
    return this.declaredConstants.some(test);
  }

  /** Whether such a declaration holds one of the header names `names` (`wanted` tests for them), any case. */
  private mayDeclareHeader(names: string | ReadonlySet<string>, wanted: (name: string) => boolean): boolean {
    return cached(this.headerNameAnswers, names, () => this.mayBeDeclaredConstant((text) => wanted(text.toLowerCase())));
  }

  /**
   * Whether the identifier can name a variable initialised with an object literal that has the member `member`
   * (`const message = { method: '…' }`), by what the program declares, without a symbol lookup. An identifier
   * that is no import names a symbol declared under its own text; one that may be an import (its name is
   * imported somewhere in the program, or it is in a JavaScript file, where `require` bindings are imports too)
   * can name a declaration under another name, and is always looked up.
   */
  mayNameObjectWithMember(id: ts.Identifier, member: string): boolean {
    const declared = (this.declaredNames ??= declaredNames(this.programFiles));
    if (declared.imported.has(id.text) || isJavaScriptFile(id.getSourceFile())) return true;
    return declared.objectsByMember.get(member)?.has(id.text) ?? false;
  }

  /**
   * Whether the text of some file of the program spells one of `names`, each character written as itself or as a
   * unicode escape (`\u0053`, `\u{53}`: an identifier may be spelled so). A value can be of an SDK class only where
   * the program names the class: an import, a `new`, a type, an `extends` clause. Answers are cached by the
   * list's identity (pass one list kept for the purpose).
   */
  programMentions(names: Iterable<string>): boolean {
    return cached(this.mentions, names, () => {
      const spelled = new RegExp([...names].map(spellingPattern).join('|'), 'i');
      return this.programFiles.some((file) => spelled.test(file.text));
    });
  }

  /** A string literal, or an identifier bound to a `const` string literal. */
  constantString(node: ts.Node): string | undefined {
    const direct = stringValue(node);
    if (direct !== undefined) return direct;
    const inner = unwrap(node);
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) return undefined;
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner);
    const decl = symbol?.valueDeclaration;
    if (decl && (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl) || ts.isPropertyDeclaration(decl)) && decl.initializer) {
      return stringValue(decl.initializer);
    }
    return undefined;
  }

  symbolOf(node: ts.Node): ts.Symbol | undefined {
    // Rules, the flow and the indexes ask about the same identifiers many times over.
    const cached = this.symbols.get(node);
    if (cached !== undefined) return cached ?? undefined;
    const symbol = this.lookupSymbol(node);
    this.symbols.set(node, symbol ?? null);
    return symbol;
  }

  private lookupSymbol(node: ts.Node): ts.Symbol | undefined {
    let symbol: ts.Symbol | undefined;
    try {
      // `{ sessionId }` in an object literal names the variable, not the new property.
      symbol = node.parent && ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node
        ? this.checker.getShorthandAssignmentValueSymbol(node.parent)
        : this.checker.getSymbolAtLocation(node);
    } catch {
      return undefined;
    }
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
      try {
        const aliased = this.checker.getAliasedSymbol(symbol);
        if (aliased && aliased.declarations?.length) return aliased;
      } catch {
        /* unresolved alias: keep the local symbol */
      }
    }
    return symbol;
  }

  /** The function a call invokes, when it is declared in the analysed project. */
  functionOfCall(call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
    return this.functionOfReference(unwrap(call.expression));
  }

  /** Whether the analysed code calls the SDK function `name` anywhere (`serveStdio`, `createMcpHandler`). */
  callsSdkFunction(name: string): boolean {
    const index = this.callIndex ?? (this.callIndex = buildCallIndex(this.files));
    return (index.byName.get(name) ?? []).some((call) => this.sdk.exportOf(unwrap(call.expression))?.name === name);
  }

  /** The names `fn` can be referred to by: its own, and local aliases of it (imports, destructuring, default imports). */
  private namesOf(fn: ts.FunctionLikeDeclaration, index: CallIndex): Set<string> {
    const names = new Set<string>();
    for (const name of functionNames(fn)) {
      names.add(name);
      for (const alias of index.aliases.get(name) ?? []) names.add(alias);
    }
    return names;
  }

  /** The function an identifier or property access refers to, when declared in the project. */
  private functionOfReference(ref: ts.Node): ts.FunctionLikeDeclaration | undefined {
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(ref) ? ref.name : ref);
    for (const decl of symbol?.declarations ?? []) {
      const fn = functionOfDeclaration(decl) ?? (ts.isBindingElement(decl) ? this.functionOfBinding(decl) : undefined) ?? this.functionOfShorthand(decl);
      if (fn) return fn;
    }
    return undefined;
  }

  /** `export const api = { getCart }`: the shorthand property names the function declared elsewhere. */
  private functionOfShorthand(decl: ts.Node): ts.FunctionLikeDeclaration | undefined {
    if (!ts.isShorthandPropertyAssignment(decl)) return undefined;
    let value: ts.Symbol | undefined;
    try {
      value = this.checker.getShorthandAssignmentValueSymbol(decl);
    } catch {
      return undefined;
    }
    for (const inner of value?.declarations ?? []) {
      const fn = functionOfDeclaration(inner);
      if (fn) return fn;
    }
    return undefined;
  }

  /** `const { server, cleanup } = createServer()` where createServer returns `{ server, cleanup: (id) => ... }`. */
  private functionOfBinding(element: ts.BindingElement): ts.FunctionLikeDeclaration | undefined {
    const owner = element.parent.parent;
    const name = propertyNameText(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined);
    if (!name || !ts.isVariableDeclaration(owner) || !owner.initializer) return undefined;
    const init = unwrap(owner.initializer);
    if (!ts.isCallExpression(init)) return undefined;
    const factory = this.functionOfCall(init);
    for (const returned of factory ? returnedExpressions(factory) : []) {
      const object = unwrap(returned);
      if (!ts.isObjectLiteralExpression(object)) continue;
      for (const prop of object.properties) {
        if (propertyNameText(prop.name) !== name) continue;
        if (ts.isPropertyAssignment(prop) || ts.isMethodDeclaration(prop)) {
          const fn = functionOfDeclaration(prop);
          if (fn) return fn;
        }
        if (ts.isShorthandPropertyAssignment(prop)) {
          for (const decl of this.symbolOf(prop.name)?.declarations ?? []) {
            const fn = functionOfDeclaration(decl);
            if (fn) return fn;
          }
        }
      }
    }
    return undefined;
  }

  /** Project classes declared `class X extends <cls>` (direct subclasses), resolved through the base's symbol. */
  subclassesOf(cls: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration[] {
    if (!cls.name) return [];
    let byBase = this.subclassIndex;
    if (!byBase) {
      byBase = this.subclassIndex = new Map();
      for (const file of this.files) {
        forEachDescendant(file, (node) => {
          if (!ts.isClassDeclaration(node) && !ts.isClassExpression(node)) return;
          const base = node.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
          const name = base && (ts.isIdentifier(base) ? base.text : ts.isPropertyAccessExpression(base) ? base.name.text : undefined);
          if (!name) return;
          byBase!.set(name, [...(byBase!.get(name) ?? []), node]);
        });
      }
    }
    return (byBase.get(cls.name.text) ?? []).filter((sub) => {
      const base = sub.heritageClauses!.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)!.types[0]!.expression;
      return this.symbolOf(ts.isPropertyAccessExpression(base) ? base.name : base)?.declarations?.includes(cls) ?? false;
    });
  }

  /**
   * Every call in the analysed files of `fn`. Calls are indexed once by callee name (a
   * syntactic pass, no symbol lookups); only calls whose name matches `fn`'s name or a
   * local alias of it (`import { getCart as gc }`, `const { getCart: gc } = require(...)`)
   * are resolved, since resolving every `console.log` and `z.string()` would dominate.
   */
  callsOf(fn: ts.FunctionLikeDeclaration): readonly ts.CallExpression[] {
    const cached = this.callSites.get(fn);
    if (cached) return cached;
    const index = this.callIndex ?? (this.callIndex = buildCallIndex(this.files));
    const calls = [...this.namesOf(fn, index)].flatMap((name) => index.byName.get(name) ?? []).filter((call) => this.functionOfCall(call) === fn);
    this.callSites.set(fn, calls);
    return calls;
  }

  /**
   * Where `fn` is invoked with arguments: its calls, or for a class constructor the `new` expressions
   * of its class (`new LanguageModel({ session })`), also through an imported alias of the class.
   */
  invocationsOf(fn: ts.FunctionLikeDeclaration): ReadonlyArray<ts.CallExpression | ts.NewExpression> {
    if (!ts.isConstructorDeclaration(fn)) return this.callsOf(fn);
    const cached = this.constructionSites.get(fn);
    if (cached) return cached;
    const cls = fn.parent;
    const own = cls.name?.text ?? (ts.isVariableDeclaration(cls.parent) && ts.isIdentifier(cls.parent.name) ? cls.parent.name.text : undefined);
    const index = this.callIndex ?? (this.callIndex = buildCallIndex(this.files));
    const names = new Set<string>(own ? [own, ...(index.aliases.get(own) ?? [])] : []);
    if (own && ts.getModifiers(cls)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) for (const alias of index.aliases.get('default') ?? []) names.add(alias);
    const sites = [...names].flatMap((name) => index.constructions.get(name) ?? []).filter((site) => {
      const callee = unwrap(site.expression);
      const symbol = this.symbolOf(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
      return (symbol?.declarations ?? []).some((d) => d === cls || (ts.isVariableDeclaration(d) && d.initializer && unwrap(d.initializer) === cls));
    });
    this.constructionSites.set(fn, sites);
    return sites;
  }

  /**
   * `options.session` where `options` is a parameter (or a `const`) with no value of its own: the
   * `session` property of the object literals its callers pass (`createModel({ session: this.session })`,
   * `new LanguageModel({ session: options.session })`), followed through parameters handed on.
   */
  private memberOfPassedObject(object: ts.Node, name: string, depth = 0): Value | undefined {
    const inner = unwrap(object);
    if (depth > 4 || !ts.isIdentifier(inner)) return undefined;
    const decl = this.symbolOf(inner)?.valueDeclaration;
    if (!decl) return undefined;
    if (ts.isParameter(decl)) return this.memberOfPassedArgument(decl, name, depth);
    if (ts.isVariableDeclaration(decl) && decl.initializer && !forOfLoop(decl)) return this.propertyOfPassed(decl.initializer, name, depth + 1);
    return undefined;
  }

  private memberOfPassedArgument(param: ts.ParameterDeclaration, name: string, depth: number): Value | undefined {
    const fn = param.parent;
    if (!isFunctionLike(fn) || param.dotDotDotToken) return undefined;
    const index = fn.parameters.indexOf(param);
    for (const site of this.invocationsOf(fn)) {
      const arg = site.arguments?.[index];
      if (!arg || ts.isSpreadElement(arg)) continue;
      const value = this.propertyOfPassed(arg, name, depth + 1);
      if (value) return withHop(value, { text: `\`${name}\` passed to ${ts.isNewExpression(site) ? 'new ' : ''}${calleeText(site)}(${argsText(site)})`, node: site });
    }
    return undefined;
  }

  /** The value of property `name` of what `expression` is: an object literal, or a parameter/const holding one. */
  private propertyOfPassed(expression: ts.Node, name: string, depth: number): Value | undefined {
    const inner = unwrap(expression);
    if (ts.isObjectLiteralExpression(inner)) {
      for (const prop of inner.properties) {
        if (prop.name && propertyNameText(prop.name) !== name) continue;
        if (ts.isPropertyAssignment(prop)) return this.valueOf(prop.initializer);
        if (ts.isShorthandPropertyAssignment(prop)) return this.valueOf(prop.name);
      }
      return undefined;
    }
    return this.memberOfPassedObject(inner, name, depth);
  }

  private compute(node: ts.Node): Value | undefined {
    const value = this.computeUnwrapped(node);
    if (value) return value;
    // `globalThis.mcp as unknown as McpServer`, `<Server>x`: what the code asserts, when nothing else says.
    const asserted = assertedType(node);
    return asserted ? this.valueOfType(asserted, []) : undefined;
  }

  private computeUnwrapped(node: ts.Node): Value | undefined {
    const inner = unwrap(node);
    if (this.sseSessionQuery(inner)) return { kind: 'session-id', origin: 'query', hops: [] };
    if (ts.isNewExpression(inner)) return this.instanceOf(inner.expression, []);
    if (ts.isIdentifier(inner)) return this.valueOfIdentifier(inner);
    if (ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner)) {
      const header = this.headerAccess(inner);
      if (header) return header.name === SESSION_HEADER ? { kind: 'session-id', origin: 'header', hops: [] } : undefined;
      const access = memberAccess(inner);
      if (access) {
        const object = this.valueOf(access.object);
        const member = this.memberOf(object, access.name);
        if (member) return member;
        const passed = object ? undefined : this.memberOfPassedObject(access.object, access.name);
        if (passed) return passed;
      }
      if (ts.isPropertyAccessExpression(inner)) return this.valueOfDeclaredMember(inner);
      // `server.sessions[0]`: an element of a framework list.
      const listed = ts.isPropertyAccessExpression(unwrap(inner.expression)) ? frameworkElement(this.valueOf(inner.expression)) : undefined;
      return listed ?? this.elementOfCollection(inner.expression);
    }
    if (ts.isCallExpression(inner)) return this.valueOfCall(inner);
    if (ts.isBinaryExpression(inner)) {
      const op = inner.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
        return this.valueOf(inner.left) ?? this.valueOf(inner.right);
      }
      return undefined;
    }
    if (ts.isConditionalExpression(inner)) return this.valueOf(inner.whenTrue) ?? this.valueOf(inner.whenFalse);
    return undefined;
  }

  private instanceOf(classExpr: ts.Node, hops: readonly Hop[], depth = 0): Value | undefined {
    const ref = this.sdk.exportOf(classExpr);
    if (!ref) return frameworkInstance(this.sdk.frameworkExportOf(classExpr), hops) ?? (depth < 5 ? this.instanceOfSubclass(classExpr, hops, depth) : undefined);
    if (HIGH_LEVEL_SERVER_CLASSES.has(ref.name)) return { kind: 'mcp-server', cls: ref.name, hops };
    if (LOW_LEVEL_SERVER_CLASSES.has(ref.name)) return { kind: 'server', cls: ref.name, hops };
    if (TRANSPORT_CLASSES.has(ref.name)) return { kind: 'transport', cls: ref.name, hops };
    if (CONTEXT_TYPES.has(ref.name)) return { kind: 'context', cls: ref.name, hops };
    return undefined;
  }

  /**
   * What iterating `iterable` yields: `for (const t of getActiveTransports())` where the function is
   * declared to return `StreamableHTTPServerTransport[]`, a typed array variable, or `map.values()`.
   */
  private elementOf(iterable: ts.Expression, depth = 0): Value | undefined {
    const inner = unwrap(iterable);
    if (depth > 4) return undefined;
    if (ts.isPropertyAccessExpression(inner)) {
      const listed = frameworkElement(this.valueOf(inner)); // `for (const s of server.sessions)`
      if (listed) return listed;
    }
    let type: ts.TypeNode | undefined;
    if (ts.isCallExpression(inner)) {
      const { name, receiver } = calleeParts(inner);
      // map.values(), Object.values(record)
      if (receiver && name === 'values') {
        if (ts.isIdentifier(receiver) && receiver.text === 'Object' && inner.arguments[0]) return this.elementOfCollection(inner.arguments[0]);
        return this.elementOfCollection(receiver);
      }
      type = this.functionOfCall(inner)?.type;
    } else if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
      const decl = this.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner)?.valueDeclaration;
      type = decl ? declaredType(decl) : undefined;
      if (!type && decl && ts.isVariableDeclaration(decl) && decl.initializer) return this.elementOf(decl.initializer, depth + 1);
      // A Set<T> iterates its T (a Map iterates entries, handled with array destructuring).
      if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Set') return this.elementOfCollection(inner);
    }
    const element = type && arrayElementType(type);
    return element ? this.valueOfType(element, []) : undefined;
  }

  /** The SDK value held by a typed collection: `Map<string, McpServer>`, `Record<string, Transport>`, `{ [id: string]: T }`. */
  private elementOfCollection(collection: ts.Expression): Value | undefined {
    const inner = unwrap(collection);
    const target = ts.isPropertyAccessExpression(inner) ? inner.name : inner;
    if (!ts.isIdentifier(target)) return undefined;
    const decl = this.symbolOf(target)?.valueDeclaration;
    if (!decl) return undefined;
    const elements: ts.TypeNode[] = [];
    const declared = declaredType(decl);
    const declaredElement = declared && collectionElementType(declared);
    if (declaredElement) elements.push(declaredElement);
    const init = (decl as { initializer?: ts.Expression }).initializer;
    const created = init && unwrap(init);
    if (created && ts.isNewExpression(created) && created.typeArguments?.length) elements.push(created.typeArguments[created.typeArguments.length - 1]!);
    return firstTypedValue(this, elements) ?? this.elementWrittenInto(decl);
  }

  /**
   * An untyped collection (`const live = new Map()`, `const transports = {}`, common in JS): what the
   * code puts into it, `live.set(id, server.registerResource(…))` or `transports[id] = transport`.
   * Looked up once per collection, in the file that declares it.
   */
  private elementWrittenInto(decl: ts.Node): Value | undefined {
    const cached = this.collectionWrites.get(decl);
    if (cached !== undefined) return cached ?? undefined;
    this.collectionWrites.set(decl, null); // a value stored into its own collection must not loop
    const name = (decl as { name?: ts.Node }).name;
    const text = name && ts.isIdentifier(name) ? name.text : undefined;
    const written: ts.Expression[] = [];
    if (text) {
      const symbol = this.symbolOf(name!);
      const sameCollection = (node: ts.Node): boolean => {
        const target = ts.isPropertyAccessExpression(node) ? node.name : node;
        return ts.isIdentifier(target) && target.text === text && this.symbolOf(target) === symbol;
      };
      forEachDescendant(decl.getSourceFile(), (node) => {
        if (ts.isCallExpression(node) && node.arguments.length >= 2) {
          const { name: method, receiver } = calleeParts(node);
          if (method === 'set' && receiver && sameCollection(unwrap(receiver))) written.push(node.arguments[1]!);
        } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isElementAccessExpression(node.left)) {
          if (sameCollection(unwrap(node.left.expression))) written.push(node.right);
        }
      });
    }
    const value = firstValue(this, written);
    this.collectionWrites.set(decl, value ?? null);
    return value;
  }

  /** `class ManagedMcpServer extends McpServer`: instances of a project subclass are what its SDK base is. */
  private instanceOfSubclass(classExpr: ts.Node, hops: readonly Hop[], depth: number): Value | undefined {
    const inner = unwrap(classExpr);
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner) && !ts.isQualifiedName(inner)) return undefined;
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : ts.isQualifiedName(inner) ? inner.right : inner);
    for (const decl of symbol?.declarations ?? []) {
      // `class SessionStore<T extends Closeable>`: what the code instantiates `T` with.
      if (ts.isTypeParameterDeclaration(decl)) {
        const value = this.valueOfTypeParameter(decl);
        return value && { ...value, hops };
      }
      // `type Extra = RequestHandlerExtra<...>` and `/** @typedef {import('...').McpServer} Server */`
      if (ts.isTypeAliasDeclaration(decl)) return this.valueOfType(decl.type, hops);
      if (ts.isInterfaceDeclaration(decl)) return { kind: 'shape', shape: decl, hops };
      if (ts.isJSDocTypedefTag(decl) && decl.typeExpression && ts.isJSDocTypeExpression(decl.typeExpression)) {
        return this.valueOfType(decl.typeExpression.type, hops);
      }
      if (!ts.isClassDeclaration(decl) && !ts.isClassExpression(decl)) continue;
      for (const clause of decl.heritageClauses ?? []) {
        if (clause.token !== ts.SyntaxKind.ExtendsKeyword || !clause.types[0]) continue;
        const base = this.instanceOf(clause.types[0].expression, hops, depth + 1);
        if (base) return base;
      }
    }
    return undefined;
  }

  /**
   * A class or interface type parameter: the SDK value the project instantiates it with
   * (`new SessionStore<StreamableHTTPServerTransport>()`, a field typed `ISessionStore<NodeStreamableHTTPServerTransport>`
   * where `class SessionStore<T> implements ISessionStore<T>`), else its constraint.
   */
  private valueOfTypeParameter(param: ts.TypeParameterDeclaration): Value | undefined {
    const cached = this.typeParameters.get(param);
    if (cached !== undefined) return cached ?? undefined;
    this.typeParameters.set(param, null);
    const owner = param.parent;
    let found: Value | undefined;
    let holder: ts.ClassLikeDeclaration | undefined;
    if ((ts.isClassDeclaration(owner) || ts.isInterfaceDeclaration(owner)) && owner.name && owner.typeParameters) {
      const targets: Array<{ decl: ts.Node; name: string; index: number }> = [{ decl: owner, name: owner.name.text, index: owner.typeParameters.indexOf(param) }];
      for (const clause of owner.heritageClauses ?? []) {
        for (const base of clause.types) {
          const baseName = unwrap(base.expression);
          if (!ts.isIdentifier(baseName)) continue;
          base.typeArguments?.forEach((arg, index) => {
            if (ts.isTypeReferenceNode(arg) && ts.isIdentifier(arg.typeName) && arg.typeName.text === param.name.text) {
              for (const decl of this.symbolOf(baseName)?.declarations ?? []) targets.push({ decl, name: baseName.text, index });
            }
          });
        }
      }
      for (const target of targets) {
        for (const use of this.instantiations(target.name)) {
          const arg = use.typeArguments?.[target.index];
          const name = ts.isTypeReferenceNode(use) ? use.typeName : use.expression;
          const id = ts.isQualifiedName(name) ? name.right : ts.isPropertyAccessExpression(name) ? name.name : name;
          if (!arg || !(this.symbolOf(id)?.declarations ?? []).some((d) => sameDeclaration(d, target.decl))) continue;
          const value = this.valueOfType(arg, []);
          if (value && value.kind !== 'shape') {
            found = value;
            break;
          }
          // A project class that holds SDK values (`MCPHttpServer<AppServer>` where `AppServer.mcpServer: McpServer`):
          // its members say more than the constraint's structural type does.
          if (!value && !holder) holder = this.sdkHolderClass(arg);
        }
        if (found) break;
      }
    }
    found ??= holder ? { kind: 'shape', shape: holder, hops: [] } : undefined;
    found ??= param.constraint ? this.valueOfType(param.constraint, []) : undefined;
    this.typeParameters.set(param, found ?? null);
    return found;
  }

  /** The project class a type argument names, when one of its fields is declared with an SDK type. */
  private sdkHolderClass(type: ts.TypeNode): ts.ClassLikeDeclaration | undefined {
    if (!ts.isTypeReferenceNode(type)) return undefined;
    const id = ts.isQualifiedName(type.typeName) ? type.typeName.right : type.typeName;
    const cls = this.symbolOf(id)?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassDeclaration(d) || ts.isClassExpression(d));
    if (!cls) return undefined;
    const holds = cls.members.some((m) => {
      if (!ts.isPropertyDeclaration(m) || !m.type) return false;
      const value = this.valueOfType(m.type, []);
      return value !== undefined && value.kind !== 'shape';
    });
    return holds ? cls : undefined;
  }

  /** Type references and `new` expressions with type arguments, by the name they use (an index built on first use). */
  private instantiations(name: string): Array<ts.TypeReferenceNode | ts.NewExpression | ts.ExpressionWithTypeArguments> {
    let byName = this.instantiationIndex;
    if (!byName) {
      byName = this.instantiationIndex = new Map();
      for (const file of this.files) {
        forEachDescendant(file, (node) => {
          if (!(ts.isTypeReferenceNode(node) || ts.isNewExpression(node) || ts.isExpressionWithTypeArguments(node)) || !node.typeArguments?.length) return;
          const ref = ts.isTypeReferenceNode(node) ? node.typeName : unwrap(node.expression);
          const key = ts.isIdentifier(ref) ? ref.text : ts.isQualifiedName(ref) ? ref.right.text : ts.isPropertyAccessExpression(ref) ? ref.name.text : undefined;
          if (!key) return;
          const list = byName!.get(key) ?? [];
          list.push(node);
          byName!.set(key, list);
        });
      }
    }
    return byName.get(name) ?? [];
  }

  /** Value of a type annotation naming an SDK class or context type (TS or JSDoc). */
  valueOfType(type: ts.TypeNode | undefined, hops: readonly Hop[]): Value | undefined {
    if (!type) return undefined;
    if (ts.isTypeReferenceNode(type)) return this.instanceOf(type.typeName, hops);
    if (ts.isImportTypeNode(type)) return this.instanceOf(type, hops);
    if (ts.isUnionTypeNode(type)) {
      for (const member of type.types) {
        const value = this.valueOfType(member, hops);
        if (value) return value;
      }
    }
    if (ts.isParenthesizedTypeNode(type)) return this.valueOfType(type.type, hops);
    if (ts.isIndexedAccessTypeNode(type)) {
      // `McpServer['server']`, `Ctx['transport']`: the member of what the object type is.
      const index = type.indexType;
      const name = ts.isLiteralTypeNode(index) && ts.isStringLiteral(index.literal) ? index.literal.text : undefined;
      return name ? this.memberOf(this.valueOfType(type.objectType, hops), name) : undefined;
    }
    if (ts.isTypeLiteralNode(type)) return { kind: 'shape', shape: type, hops };
    return undefined;
  }


  private valueOfIdentifier(id: ts.Identifier): Value | undefined {
    for (const decl of this.symbolOf(id)?.declarations ?? []) {
      const value = this.valueOfDeclaration(decl);
      if (value) return value;
    }
    return undefined;
  }

  valueOfDeclaration(decl: ts.Node): Value | undefined {
    if (ts.isVariableDeclaration(decl)) return this.valueOfVariable(decl);
    if (ts.isParameter(decl)) return this.valueOfParameter(decl);
    if (ts.isBindingElement(decl)) return this.valueOfBindingElement(decl);
    if (ts.isPropertyDeclaration(decl) || ts.isPropertySignature(decl)) {
      const typed = this.valueOfType(declaredType(decl), []);
      if (typed) return typed;
      if (ts.isPropertyDeclaration(decl) && decl.initializer) return this.valueOf(decl.initializer);
      return ts.isPropertyDeclaration(decl) ? this.valueAssignedInClass(decl) : undefined;
    }
    if (ts.isPropertyAssignment(decl)) return this.valueOf(decl.initializer);
    if (ts.isShorthandPropertyAssignment(decl)) return this.valueOf(decl.name);
    if (ts.isBinaryExpression(decl)) return this.valueOf(decl.right);
    if (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent)) {
      // JS: `this.server = new McpServer(...)` declares `server` at the assignment.
      return this.valueOf(decl.parent.right);
    }
    return undefined;
  }

  /** A class field declared without initializer but assigned in the class (`this.server = new McpServer()`). */
  private valueAssignedInClass(decl: ts.PropertyDeclaration): Value | undefined {
    const name = propertyNameText(decl.name);
    if (!name) return undefined;
    let byName = this.thisAssignments.get(decl.parent);
    if (!byName) {
      // Indexed once per class: a class with thousands of `this.db` uses must not re-walk itself for each.
      byName = new Map();
      forEachDescendant(decl.parent, (node) => {
        if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
        const left = node.left;
        if (ts.isPropertyAccessExpression(left) && left.expression.kind === ts.SyntaxKind.ThisKeyword) {
          const list = byName!.get(left.name.text) ?? [];
          list.push(node.right);
          byName!.set(left.name.text, list);
        }
      });
      this.thisAssignments.set(decl.parent, byName);
    }
    return firstValue(this, byName.get(name));
  }

  /** `let transport; … transport = new StreamableHTTPServerTransport(…)`: what is assigned later in the scope. */
  private valueAssignedLater(decl: ts.VariableDeclaration): Value | undefined {
    if (!ts.isIdentifier(decl.name)) return undefined;
    const symbol = this.symbolOf(decl.name);
    const scope = enclosingFunction(decl) ?? decl.getSourceFile();
    const assigned: ts.Expression[] = [];
    forEachDescendant(scope, (node) => {
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isIdentifier(node.left) &&
        node.left.text === (decl.name as ts.Identifier).text &&
        this.symbolOf(node.left) === symbol
      ) {
        assigned.push(node.right);
      }
    });
    return firstValue(this, assigned);
  }

  /** `obj.member` where `obj` is not SDK-typed: follow the member's own declaration (class fields, object literals, JS this-assignments). */
  private valueOfDeclaredMember(access: ts.PropertyAccessExpression): Value | undefined {
    const symbol = this.symbolOf(access.name);
    for (const decl of symbol?.declarations ?? []) {
      if (decl === access) continue;
      const value = this.valueOfDeclaration(decl);
      if (value) return value;
    }
    return undefined;
  }

  private memberOf(object: Value | undefined, name: string): Value | undefined {
    if (!object) return undefined;
    for (const candidate of [object, ...(object.alternatives ?? [])]) {
      const member = this.memberOfOne(candidate, name);
      if (member) return candidate.paths && member.hops === candidate.hops ? { ...member, paths: candidate.paths } : member;
    }
    return undefined;
  }

  private memberOfOne(object: Value, name: string): Value | undefined {
    switch (object.kind) {
      case 'mcp-server':
        if (name === 'server') return { kind: 'server', cls: 'Server', hops: object.hops };
        if (name === 'transport') return { kind: 'transport', hops: object.hops };
        return undefined;
      case 'server':
        if (name === 'transport') return { kind: 'transport', hops: object.hops };
        // `server.experimental.tasks` (SDK ≥ 1.24): a facade that sends the server's own
        // server→client requests (`elicitInputStream`, `createMessageStream`) from a task.
        if (name === 'experimental' && object.cls === 'Server') return { kind: 'server', cls: 'ExperimentalServer', hops: object.hops };
        if (name === 'tasks' && object.cls === 'ExperimentalServer') return { kind: 'server', cls: 'ExperimentalServerTasks', hops: object.hops };
        return undefined;
      case 'transport':
        if (name === 'sessionId') return { kind: 'session-id', origin: 'transport', hops: object.hops };
        // v1's Node `StreamableHTTPServerTransport` (1.2x) delegates to a private web-standard transport.
        if (name === '_webStandardTransport' && object.cls !== 'WebStandardStreamableHTTPServerTransport') {
          return { kind: 'transport', cls: 'WebStandardStreamableHTTPServerTransport', hops: object.hops };
        }
        return undefined;
      case 'shape': {
        if (object.shape && (ts.isClassDeclaration(object.shape) || ts.isClassExpression(object.shape))) {
          const field = object.shape.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && propertyNameText(m.name) === name);
          const value = field ? this.valueOfDeclaration(field) : undefined;
          return value && { ...value, hops: [...object.hops, ...value.hops] };
        }
        const shape = object.shape as ts.TypeLiteralNode | ts.InterfaceDeclaration | undefined;
        const member = shape?.members.find((m) => ts.isPropertySignature(m) && propertyNameText(m.name) === name) as ts.PropertySignature | undefined;
        const typed = member?.type ? this.valueOfType(member.type, object.hops) : undefined;
        return typed ?? (member && shape ? this.carriedInto(shape, member) : undefined);
      }
      case 'context':
        if (name === 'sessionId') return { kind: 'session-id', origin: 'context', hops: object.hops };
        if (name === 'mcpReq' || name === 'sendRequest' || name === 'sendNotification') return { kind: 'context-request', hops: object.hops };
        return undefined;
      default:
        return frameworkMember(object, name);
    }
  }

  private valueOfCall(call: ts.CallExpression): Value | undefined {
    const { name, receiver } = calleeParts(call);
    if (receiver && name && REGISTRATION_METHODS.has(name) && isServerKind(this.valueOf(receiver))) {
      return { kind: 'registered', hops: [] };
    }
    if (this.headerAccessOf(call, SESSION_HEADER)) return { kind: 'session-id', origin: 'header', hops: [] };
    if (name === 'String' && !receiver && call.arguments.length === 1) return this.valueOf(call.arguments[0]!);
    if (name === 'get' && receiver) {
      const element = this.elementOfCollection(receiver);
      if (element) return element;
    }
    // A local factory: `const server = createServer()` where createServer returns `new McpServer(...)`.
    const fn = this.functionOfCall(call);
    if (fn?.body) {
      for (const returned of returnedExpressions(fn)) {
        const value = this.valueOf(returned);
        if (value && value.kind !== 'session-id' && value.kind !== 'context') return value;
        if (value) return withHop(value, { text: `returned by ${calleeText(call)}`, node: call });
      }
    }
    // A factory known only by its declared type: `private createMcpServer: () => Promise<McpServer>` handed in,
    // `abstract createServer(): McpServer`, `function make(): Promise<McpServer>` whose body returns something untyped.
    return this.valueOfDeclaredReturn(call);
  }

  /** The SDK value a call returns according to the callee's declared return type (through `Promise<…>`). */
  private valueOfDeclaredReturn(call: ts.CallExpression): Value | undefined {
    const callee = unwrap(call.expression);
    if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return undefined;
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
    for (const decl of symbol?.declarations ?? []) {
      let returnType: ts.TypeNode | undefined;
      if (isFunctionLike(decl) || ts.isMethodSignature(decl)) returnType = decl.type;
      else if (ts.isPropertyDeclaration(decl) || ts.isPropertySignature(decl) || ts.isParameter(decl) || ts.isVariableDeclaration(decl)) {
        const type = decl.type;
        if (type && ts.isFunctionTypeNode(type)) returnType = type.type;
      }
      const value = this.valueOfType(awaitedType(returnType), []);
      if (value && value.kind !== 'shape') return value;
    }
    return undefined;
  }

  /** A variable: the element of a `for…of`, its declared type, its initializer, or what is assigned to it later. */
  private valueOfVariable(decl: ts.VariableDeclaration): Value | undefined {
    const loop = forOfLoop(decl);
    if (loop) return this.elementOf(loop.expression);
    return this.valueOfType(declaredType(decl), []) ?? (decl.initializer ? this.valueOf(decl.initializer) : this.valueAssignedLater(decl));
  }

  private valueOfBindingElement(element: ts.BindingElement): Value | undefined {
    const pattern = element.parent;
    const owner = pattern.parent;
    if (ts.isArrayBindingPattern(pattern)) {
      // for (const [id, server] of servers) / servers.entries(): the value half of a Map entry.
      const loop = ts.isVariableDeclaration(owner) ? forOfLoop(owner) : undefined;
      if (!loop || pattern.elements.indexOf(element) !== 1) return undefined;
      const iterable = unwrap(loop.expression);
      const map = ts.isCallExpression(iterable) && calleeParts(iterable).name === 'entries' ? calleeParts(iterable).receiver : (iterable as ts.Expression);
      return map ? this.elementOfCollection(map) : undefined;
    }
    const name = propertyNameText(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined);
    if (!name) return undefined;
    let base: Value | undefined;
    if (ts.isVariableDeclaration(owner)) base = this.valueOfVariable(owner);
    else if (ts.isParameter(owner)) base = this.valueOfParameter(owner);
    else if (ts.isBindingElement(owner)) base = this.valueOfBindingElement(owner);
    // `constructor({ session })`: the property of the object literals callers pass.
    if (!base && ts.isParameter(owner)) return this.memberOfPassedArgument(owner, name, 0);
    const member = this.memberOf(base, name);
    if (member || !ts.isVariableDeclaration(owner) || !owner.initializer) return member;
    // `const { sendRequest } = options` where `options: { sendRequest?: SendRequest }` names a type we cannot
    // follow (built with the lib's `Parameters<…>`): what the function's callers pass in that property.
    const source = unwrap(owner.initializer);
    const param = ts.isIdentifier(source) ? this.symbolOf(source)?.valueDeclaration : undefined;
    return param && ts.isParameter(param) ? this.memberOfPassedArgument(param, name, 0) : undefined;
  }

  valueOfParameter(param: ts.ParameterDeclaration): Value | undefined {
    const typed = this.valueOfType(declaredType(param), []);
    // A context-typed parameter is still traced to its handler or callers, for the chain in messages.
    if (typed && typed.kind !== 'context' && typed.kind !== 'shape') return typed;
    const fn = param.parent;
    if (!isFunctionLike(fn)) return typed;
    const index = fn.parameters.indexOf(param);
    const handler = this.handlerContextIndex(fn);
    if (handler && handler.index === index) {
      return { kind: 'context', hops: [{ text: `\`${paramText(param)}\` of ${handler.label}`, node: param }] };
    }
    const supplied = frameworkParameter(this, this.sdk, param);
    if (supplied) return supplied;
    // servers.forEach((server) => …), list.map((bundle) => …): the element of the receiver.
    const iteration = fn.parent;
    if (index === 0 && ts.isCallExpression(iteration) && iteration.arguments[0] === fn) {
      const { name, receiver } = calleeParts(iteration);
      if (receiver && name && ITERATION_METHODS.has(name)) {
        const element = this.elementOf(receiver) ?? this.elementOfCollection(receiver);
        if (element) return element;
      }
    }
    const sessionCallback = this.sessionCallbackName(fn);
    if (sessionCallback && index === 0) {
      return { kind: 'session-id', origin: 'callback', hops: [{ text: `\`${paramText(param)}\` of ${sessionCallback}`, node: param }] };
    }
    // A helper parameter: what its callers pass — every caller, not the first one found. The session kinds
    // (context, session id) win, with one path per caller chain; other kinds stay as alternatives.
    const sessionLike: Value[] = [];
    const others: Value[] = [];
    for (const call of this.invocationsOf(fn)) {
      const arg = call.arguments?.[index];
      if (!arg || ts.isSpreadElement(arg)) continue;
      const value = this.valueOf(arg);
      if (!value) continue;
      if (value.kind === 'context' || value.kind === 'context-request' || value.kind === 'session-id') {
        sessionLike.push(withHop(value, { text: `${ts.isNewExpression(call) ? 'new ' : ''}${calleeText(call)}(${argsText(call)})`, node: call }));
      } else if (!others.some((o) => o.kind === value.kind)) others.push(value);
    }
    if (sessionLike.length > 0) {
      const primary = sessionLike[0]!;
      const same = sessionLike.filter((v) => v.kind === primary.kind && v.origin === primary.origin);
      const paths = same.flatMap((v) => pathsOf(v)).slice(0, MAX_PATHS);
      const alternatives = [...sessionLike.filter((v) => !same.includes(v)), ...others];
      return { ...primary, ...(paths.length > 1 ? { paths } : {}), ...(alternatives.length ? { alternatives } : {}) };
    }
    if (typed) return typed;
    if (others.length === 0) return this.valueOfContextualParameter(fn, index);
    return others.length > 1 ? { ...others[0]!, alternatives: others.slice(1) } : others[0];
  }

  /**
   * An unannotated callback parameter typed by where its function is written (`send: (s) => …` in an object
   * declared as `{ send: (session: Session) => … }` takes `Session`): used when no caller can be seen, since
   * such a callback is called through a lookup.
   */
  private valueOfContextualParameter(fn: ts.FunctionLikeDeclaration, index: number): Value | undefined {
    if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return undefined;
    const lookup = { declarationsOf: (name: ts.Node) => this.symbolOf(name)?.declarations ?? [], functionOfCall: (call: ts.CallExpression) => this.functionOfCall(call) };
    return this.valueOfType(contextualParameterType(fn, index, lookup), []);
  }

  /**
   * Whether an expression is always `undefined`: `undefined` / `void 0`, a `const` holding it, something
   * declared with the type `undefined` (`sessionIdGenerator?: undefined` in an options type), a conditional
   * whose branches both are, or a parameter every caller of its function leaves out or passes `undefined`
   * (`makeTransport(undefined)` for `makeTransport(sessionIdGenerator?: () => string)`).
   */
  isUndefinedValue(node: ts.Node, depth = 0): boolean {
    if (isUndefined(node)) return true;
    if (depth > 4) return false;
    const inner = unwrap(node);
    if (ts.isConditionalExpression(inner)) return this.isUndefinedValue(inner.whenTrue, depth + 1) && this.isUndefinedValue(inner.whenFalse, depth + 1);
    if (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner)) return false;
    const symbol = this.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner);
    const decls = symbol?.declarations ?? [];
    if (decls.length === 0) return false;
    return decls.every((decl) => this.declaresUndefined(decl, depth));
  }

  private declaresUndefined(decl: ts.Node, depth: number): boolean {
    const type = declaredType(decl);
    if (type && isUndefinedType(type)) return true;
    if (ts.isParameter(decl) && isFunctionLike(decl.parent)) {
      // Passed through: whatever its type says, what matters is what every caller passes.
      const fn = decl.parent;
      const index = fn.parameters.indexOf(decl);
      const calls = this.callsOf(fn);
      if (calls.length === 0 || decl.dotDotDotToken || !ts.isIdentifier(decl.name)) return false;
      return calls.every((call) => {
        const arg = call.arguments[index];
        if (!arg) return !decl.initializer || this.isUndefinedValue(decl.initializer, depth + 1);
        return !ts.isSpreadElement(arg) && this.isUndefinedValue(arg, depth + 1);
      });
    }
    if (type) return false;
    if (ts.isVariableDeclaration(decl)) {
      const list = decl.parent;
      const constant = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
      return constant && !!decl.initializer && this.isUndefinedValue(decl.initializer, depth + 1);
    }
    if (ts.isPropertyAssignment(decl)) return this.isUndefinedValue(decl.initializer, depth + 1);
    return false;
  }

  /**
   * The session id (or context) copied by hand into a member of a project type: a dispatcher builds
   * `const ctx: ToolContext = { sessionId: extra.sessionId, authInfo: extra.authInfo }` and hands it to tool
   * modules, which read `ctx.sessionId`. The member carries what the code writes into it: object literals of
   * that type (declared, asserted, or — for an untyped literal of two or more properties — structurally one:
   * every key a member of the type) whose property of that name is a session id or a context.
   */
  private carriedInto(shape: ts.TypeLiteralNode | ts.InterfaceDeclaration, member: ts.PropertySignature): Value | undefined {
    const cached = this.carried.get(member);
    if (cached !== undefined) return cached ?? undefined;
    this.carried.set(member, null);
    const name = propertyNameText(member.name);
    const memberNames = new Set(shape.members.map((m) => propertyNameText(m.name)).filter((n): n is string => !!n));
    const shapeName = ts.isInterfaceDeclaration(shape) ? shape.name.text : ts.isTypeAliasDeclaration(shape.parent) ? shape.parent.name.text : 'an object type';
    let found: Value | undefined;
    for (const prop of name ? this.propertiesNamed(name) : []) {
      const literal = prop.parent;
      const declared = literalType(literal);
      if (declared ? !this.namesShape(declared, shape) : literal.properties.length < 2 || !literal.properties.every((p) => memberNames.has(propertyNameText(p.name) ?? ''))) continue;
      const value = this.valueOf(ts.isPropertyAssignment(prop) ? prop.initializer : prop.name);
      if (value?.kind !== 'session-id' && value?.kind !== 'context') continue;
      found = withHop(value, { text: `copied into \`${shapeName}.${name}\``, node: prop });
      break;
    }
    this.carried.set(member, found ?? null);
    return found;
  }

  /** Object-literal properties named `name` in the analysed files (an index per name, built on first use). */
  private propertiesNamed(name: string): Array<ts.PropertyAssignment | ts.ShorthandPropertyAssignment> {
    let byName = this.propertyIndex;
    if (!byName) {
      byName = this.propertyIndex = new Map();
      for (const file of this.files) {
        forEachDescendant(file, (node) => {
          if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && ts.isObjectLiteralExpression(node.parent)) {
            const key = propertyNameText(node.name);
            if (!key) return;
            const list = byName!.get(key) ?? [];
            list.push(node);
            byName!.set(key, list);
          }
        });
      }
    }
    return byName.get(name) ?? [];
  }

  /** Whether a type node names `shape` (the interface itself, or a type alias of the type literal). */
  private namesShape(type: ts.TypeNode, shape: ts.TypeLiteralNode | ts.InterfaceDeclaration): boolean {
    if (type === shape) return true;
    if (!ts.isTypeReferenceNode(type)) return false;
    const target = ts.isIdentifier(type.typeName) ? type.typeName : type.typeName.right;
    return (this.symbolOf(target)?.declarations ?? []).some((d) => d === shape || (ts.isTypeAliasDeclaration(d) && d.type === shape));
  }

  /** When `fn` is a request-handler callback registered on an SDK server, which parameter is `extra`/`ctx`. */
  handlerContextIndex(fn: ts.FunctionLikeDeclaration): { index: number; label: string; call: ts.CallExpression } | undefined {
    const call = this.registrationOfHandler(fn);
    if (!call) return undefined;
    const registration = this.registrationOf(call)!;
    const count = fn.parameters.length;
    const label = registrationLabel(call, registration);
    // A raw JSON-RPC handler (`setRequestHandler(schema, (request, extra) => …)`) gets its context second.
    if (HANDLER_REGISTRATION_METHODS.has(registration)) return { index: 1, label, call };
    switch (registration) {
      case 'resource':
      case 'registerResource':
        return { index: this.isResourceTemplate(call.arguments[1]) ? 2 : 1, label, call };
      default: {
        if (count >= 2) return { index: count - 1, label, call };
        return { index: this.registrationHasArgs(call, registration) ? 1 : 0, label, call };
      }
    }
  }

  /**
   * The SDK registration `fn` is the handler of: written inline, passed by name
   * (`server.tool('view', viewCart)`, also from another module), and through up to
   * MAX_WRAPPERS wrapper calls (`withLog(withAuth(async (args, extra) => ...))`).
   */
  private registrationOfHandler(fn: ts.FunctionLikeDeclaration): ts.CallExpression | undefined {
    const cached = this.handlerRegistrations.get(fn);
    if (cached !== undefined) return cached ?? undefined;
    const starts: ts.Node[] = ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) ? [] : [fn];
    const index = this.callIndex ?? (this.callIndex = buildCallIndex(this.files));
    for (const name of this.namesOf(fn, index)) {
      for (const ref of index.argumentRefs.get(name) ?? []) {
        if (this.functionOfReference(ref) === fn) starts.push(ref);
      }
    }
    // A handler factory: `withSession(fn)` returns `async (args, extra) => ...`; its calls stand where the handler is passed.
    const factory = returningFunction(fn);
    if (factory) {
      for (const call of this.callsOf(factory)) {
        starts.push(call);
        // `const handler = createToolHandler(def); server.registerTool(name, config, handler)`.
        const holder = outermostWrapper(call).parent;
        if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) && holder.initializer && outermostWrapper(holder.initializer) === outermostWrapper(call)) {
          const symbol = this.symbolOf(holder.name);
          for (const ref of index.argumentRefs.get(holder.name.text) ?? []) {
            if (ts.isIdentifier(ref) && symbol && this.symbolOf(ref) === symbol) starts.push(ref);
          }
        }
      }
    }
    let found: ts.CallExpression | undefined;
    for (const start of starts) {
      let node = outermostWrapper(start);
      for (let depth = 0; depth <= MAX_WRAPPERS && !found; depth++) {
        const parent = node.parent;
        if (!parent || !ts.isCallExpression(parent) || !parent.arguments.includes(node as ts.Expression)) break;
        if (this.registrationOf(parent)) found = parent;
        node = outermostWrapper(parent);
      }
      if (found) break;
    }
    this.handlerRegistrations.set(fn, found ?? null);
    return found;
  }

  /** `new ResourceTemplate(...)`, inline or through a `const`. */
  private isResourceTemplate(node: ts.Node | undefined): boolean {
    let inner = node && unwrap(node);
    if (inner && ts.isIdentifier(inner)) {
      const decl = this.symbolOf(inner)?.valueDeclaration;
      inner = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
    }
    return !!inner && ts.isNewExpression(inner) && this.sdk.exportOf(inner.expression)?.name === 'ResourceTemplate';
  }

  private registrationOf(call: ts.CallExpression): string | undefined {
    const { name, receiver } = calleeParts(call);
    if (!name || !receiver || !HANDLER_HOSTS.has(name)) return undefined;
    return isServerKind(this.valueOf(receiver)) ? name : undefined;
  }

  /** Whether a tool/prompt registration declares arguments (so a one-parameter callback receives args, not ctx). */
  private registrationHasArgs(call: ts.CallExpression, method: string): boolean {
    const args = call.arguments.slice(1, -1);
    if (method === 'registerTool' || method === 'registerPrompt') {
      const config = args[0] && unwrap(args[0]);
      if (config && ts.isObjectLiteralExpression(config)) {
        return config.properties.some((p) => ['inputSchema', 'argsSchema'].includes(propertyNameText(p.name) ?? ''));
      }
      return true;
    }
    // tool(name, description?, schema?, annotations?, cb): anything but a string (literal or const) is a schema.
    return args.some((a) => !ts.isStringLiteralLike(unwrap(a)) && !ts.isTemplateExpression(unwrap(a)) && this.constantString(a) === undefined);
  }

  /** `onsessioninitialized` / `onsessionclosed` callbacks in SDK Streamable HTTP transport options. */
  sessionCallbackName(fn: ts.FunctionLikeDeclaration): string | undefined {
    const prop = fn.parent;
    if (prop && ts.isVariableDeclaration(prop) && prop.initializer === fn && ts.isIdentifier(prop.name)) return this.sessionCallbackVariable(prop);
    if (!prop || !ts.isPropertyAssignment(prop)) return undefined;
    const name = propertyNameText(prop.name);
    if (!name || !SESSION_CALLBACKS.has(name)) return undefined;
    return this.isTransportOptions(prop.parent) ? name : undefined;
  }

  /**
   * `const onsessioninitialized = async (sid) => …` handed to the transport options by name (`{ onsessioninitialized }`,
   * `{ onsessionclosed: onClose }`): the callback declared apart from the options, in the same scope.
   */
  private sessionCallbackVariable(decl: ts.VariableDeclaration): string | undefined {
    const symbol = this.symbolOf(decl.name);
    if (!symbol) return undefined;
    const scope = enclosingFunction(decl) ?? decl.getSourceFile();
    let named = this.sessionCallbacksIn.get(scope);
    if (!named) {
      const found = new Map<ts.Symbol, string>();
      forEachDescendant(scope, (node) => {
        if (!(ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node))) return;
        const name = propertyNameText(node.name);
        if (!name || !SESSION_CALLBACKS.has(name)) return;
        const value = ts.isShorthandPropertyAssignment(node) ? node.name : unwrap(node.initializer);
        const passed = ts.isIdentifier(value) ? this.symbolOf(value) : undefined;
        if (passed && this.isTransportOptions(node.parent)) found.set(passed, name);
      });
      this.sessionCallbacksIn.set(scope, (named = found));
    }
    return named.get(symbol);
  }

  /** An object literal that ends up as the options of an SDK Streamable HTTP transport (inline or via a variable). */
  isTransportOptions(object: ts.Node): boolean {
    if (!ts.isObjectLiteralExpression(object)) return false;
    const holder = outermostWrapper(object);
    if (holder.parent && ts.isVariableDeclaration(holder.parent)) {
      const typed = declaredType(holder.parent);
      const ref = typed && ts.isTypeReferenceNode(typed) ? this.sdk.exportOf(typed.typeName) : undefined;
      if (ref && /TransportOptions$/.test(ref.name)) return true;
    }
    // `class SessionTransport extends StreamableHTTPServerTransport { constructor() { super({ sessionIdGenerator }) } }`
    const holderParent = holder.parent;
    if (holderParent && ts.isCallExpression(holderParent) && holderParent.expression.kind === ts.SyntaxKind.SuperKeyword && holderParent.arguments[0] === holder) {
      const cls = enclosingFunction(holderParent)?.parent;
      if (cls && (ts.isClassDeclaration(cls) || ts.isClassExpression(cls))) {
        const base = cls.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
        const value = base && this.instanceOf(base.expression, []);
        return value?.kind === 'transport' && !!value.cls && STREAMABLE_HTTP_TRANSPORTS.has(value.cls);
      }
    }
    return this.isConstructorArgument(object, 0, (created) => {
      const ref = this.sdk.exportOf(created.expression);
      if (ref) return STREAMABLE_HTTP_TRANSPORTS.has(ref.name);
      // A project subclass of an SDK transport constructed with the options (`new SessionTransport({ … })`).
      const value = this.instanceOf(created.expression, []);
      return value?.kind === 'transport' && !!value.cls && STREAMABLE_HTTP_TRANSPORTS.has(value.cls);
    });
  }

  /**
   * Whether an object literal is argument `index` of a `new X(...)` that `accepts`, inline or through a
   * variable declared with it (`const options = {...}; new X(info, options)`), looked up in the variable's scope.
   */
  isConstructorArgument(object: ts.Node, index: number, accepts: (created: ts.NewExpression) => boolean): boolean {
    const holder = outermostWrapper(object);
    const parent = holder.parent;
    if (parent && ts.isNewExpression(parent) && parent.arguments?.[index] === holder) return accepts(parent);
    if (!parent || !ts.isVariableDeclaration(parent) || !ts.isIdentifier(parent.name)) return false;
    const symbol = this.symbolOf(parent.name);
    let found = false;
    forEachDescendant(enclosingFunction(parent) ?? parent.getSourceFile(), (node) => {
      if (found || !ts.isNewExpression(node)) return;
      const arg = node.arguments?.[index] && unwrap(node.arguments[index]!);
      if (arg && ts.isIdentifier(arg) && arg.text === (parent.name as ts.Identifier).text && this.symbolOf(arg) === symbol) found = accepts(node);
    });
    return found;
  }
}

/**
 * The same declaration, or the same name imported from the same module when that module is not part of
 * the analysis (`import type { ISessionStore } from '@acme/types'` in two files).
 */
function sameDeclaration(a: ts.Node, b: ts.Node): boolean {
  if (a === b) return true;
  if (!ts.isImportSpecifier(a) || !ts.isImportSpecifier(b)) return false;
  const module = (spec: ts.ImportSpecifier): string | undefined => {
    const literal = spec.parent.parent.parent.moduleSpecifier;
    return ts.isStringLiteral(literal) ? literal.text : undefined;
  };
  const imported = (spec: ts.ImportSpecifier): string => propertyNameText(spec.propertyName as ts.Identifier | undefined) ?? spec.name.text;
  return !module(a)?.startsWith('.') && module(a) === module(b) && imported(a) === imported(b);
}

/** `/messages/` and `/messages?x=1` → `/messages` (an absolute URL keeps only its path). */
function normalPath(path: string): string {
  const bare = path.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0]!;
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/** The type an object literal is declared with: `const x: T = {…}`, `{…} as T`, `{…} satisfies T`, `<T>{…}`. */
function literalType(literal: ts.ObjectLiteralExpression): ts.TypeNode | undefined {
  let current: ts.Node = literal;
  while (current.parent && (ts.isParenthesizedExpression(current.parent) || ts.isAsExpression(current.parent) || ts.isSatisfiesExpression(current.parent) || ts.isTypeAssertionExpression(current.parent))) {
    current = current.parent;
    if (!ts.isParenthesizedExpression(current)) return (current as ts.AsExpression).type;
  }
  const parent = current.parent;
  if (parent && ts.isVariableDeclaration(parent) && parent.initializer === current) return declaredType(parent);
  return undefined;
}

/** The outermost type asserted on an expression (`as T`, `<T>x`, `satisfies T`), skipping `unknown`/`any`. */
function assertedType(node: ts.Node): ts.TypeNode | undefined {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isTypeAssertionExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current)) {
    if (ts.isAsExpression(current) || ts.isTypeAssertionExpression(current) || ts.isSatisfiesExpression(current)) {
      const kind = current.type.kind;
      if (kind !== ts.SyntaxKind.UnknownKeyword && kind !== ts.SyntaxKind.AnyKeyword) return current.type;
    }
    current = current.expression;
  }
  return undefined;
}

/** `undefined`, `void`, or a union of only those. */
function isUndefinedType(type: ts.TypeNode): boolean {
  if (type.kind === ts.SyntaxKind.UndefinedKeyword || type.kind === ts.SyntaxKind.VoidKeyword) return true;
  if (ts.isLiteralTypeNode(type)) return false;
  if (ts.isParenthesizedTypeNode(type)) return isUndefinedType(type.type);
  return ts.isUnionTypeNode(type) && type.types.every(isUndefinedType);
}

function firstTypedValue(values: ValueAnalysis, types: readonly ts.TypeNode[]): Value | undefined {
  for (const type of types) {
    const value = values.valueOfType(type, []);
    if (value) return value;
  }
  return undefined;
}

function firstValue(values: ValueAnalysis, expressions: readonly ts.Expression[] | undefined): Value | undefined {
  for (const expression of expressions ?? []) {
    const value = values.valueOf(expression);
    if (value) return value;
  }
  return undefined;
}

function paramText(param: ts.ParameterDeclaration): string {
  return ts.isIdentifier(param.name) ? param.name.text : param.name.getText().replace(/\s+/g, ' ');
}

export function calleeText(call: ts.CallExpression | ts.NewExpression): string {
  return unwrap(call.expression).getText().replace(/\s+/g, '');
}

function argsText(call: ts.CallExpression | ts.NewExpression): string {
  const text = (call.arguments ?? []).map((a) => a.getText().replace(/\s+/g, ' ')).join(', ');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function registrationLabel(call: ts.CallExpression, method: string): string {
  const first = call.arguments[0];
  const named = first ? stringValue(first) : undefined;
  if (named !== undefined) return `${method}('${named}') callback`;
  if (first) return `${method}(${first.getText().replace(/\s+/g, '')}) handler`;
  return `${method} callback`;
}

/** `Promise<T>` → `T` (an async factory's declared return type). */
function awaitedType(type: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Promise' && type.typeArguments?.length === 1) {
    return type.typeArguments[0];
  }
  return type;
}

/**
 * The strings `constantString` can read through a symbol: the initialisers of every variable, property assignment
 * and property declaration in `files` that `stringValue` reads as a string (its cooked text, escapes decoded).
 */
function declaredConstantStrings(files: readonly ts.SourceFile[]): string[] {
  const out = new Set<string>();
  for (const file of files) {
    forEachDescendant(file, (node) => {
      if (!(ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node) || ts.isPropertyDeclaration(node)) || !node.initializer) return;
      const text = stringValue(node.initializer);
      if (text !== undefined) out.add(text);
    });
  }
  return [...out];
}

interface DeclaredNames {
  /** Local names bound by an import (`import x`, `import { a as x }`, `import * as x`, `import x = …`). */
  imported: Set<string>;
  /** Member name → names of the variables initialised with an object literal having that member. */
  objectsByMember: Map<string, Set<string>>;
}

function declaredNames(files: readonly ts.SourceFile[]): DeclaredNames {
  const imported = new Set<string>();
  const objectsByMember = new Map<string, Set<string>>();
  for (const file of files) {
    forEachDescendant(file, (node) => {
      if (ts.isImportClause(node) || ts.isImportSpecifier(node) || ts.isNamespaceImport(node) || ts.isImportEqualsDeclaration(node)) {
        if (node.name) imported.add(node.name.text);
        return;
      }
      if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
      const init = unwrap(node.initializer);
      if (!ts.isObjectLiteralExpression(init)) return;
      for (const property of init.properties) {
        const name = property.name && propertyNameText(property.name);
        if (name === undefined) continue;
        const names = objectsByMember.get(name) ?? new Set<string>();
        names.add(node.name.text);
        objectsByMember.set(name, names);
      }
    });
  }
  return { imported, objectsByMember };
}

function cached<K>(answers: Map<K, boolean>, key: K, compute: () => boolean): boolean {
  let answer = answers.get(key);
  if (answer === undefined) {
    answer = compute();
    answers.set(key, answer);
  }
  return answer;
}

function isJavaScriptFile(file: ts.SourceFile): boolean {
  return /\.[cm]?jsx?$/i.test(file.fileName);
}

/**
 * A pattern matching `name` as an identifier or a string literal can spell it (an import or export may name its
 * binding by a string: `import { "\x53SEServerTransport" as T }`): every character as itself, as a unicode escape
 * (`\u0053`, `\u{53}`), a hex escape (`\x53`) or a legacy octal one (`\123`), with line continuations between.
 */
function spellingPattern(name: string): string {
  return [...name]
    .map((char) => {
      const code = char.codePointAt(0)!;
      const hex = code.toString(16);
      const itself = char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const byte = code < 0x100 ? `|\\\\x${hex.padStart(2, '0')}|\\\\0*${code.toString(8)}` : '';
      return `(?:${itself}|\\\\u(?:0*${hex}|\\{0*${hex}\\})${byte})`;
    })
    .join(String.raw`(?:\\(?:\r\n|[\n\r\u2028\u2029]))*`);
}
