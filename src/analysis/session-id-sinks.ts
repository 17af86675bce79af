/**
 * Where the value of a session-id read goes: followed forwards through variables, `??`/`||`, templates and
 * concatenation (a derived key), fields, arguments of local helpers (into their parameters) and return values (back
 * to their callers), to its sinks: a store access, a log or trace call, or another use. `SessionFlow` asks it once
 * per read; on the way it notes, in the lists `SessionFlow` publishes, the calls the id is passed to (`passedTo`)
 * and where the project carries it by hand in a request's `_meta` (`injections`).
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, outermostWrapper, propertyNameText, unwrap } from './ast.js';
import { calleeText, type ValueAnalysis } from './values.js';
import { isHeaderWrite, headerAccess } from './http-requests.js';
import type { Hop } from './value.js';
import type { SessionIdInjection, Sink } from './session-flow-types.js';
import { aliasedCollection, isCollectionDeclaration, storeRoot } from './keyed-collections.js';
import { isLogCall } from './log-calls.js';
import { REQUEST_META, requestMetaField } from './session-id-reads.js';

/** Lower-cased: node-redis v4 spells them `hSet`, `setEx`, `sAdd`; ioredis `hset`, `setex`, `sadd`. */
const STORE_METHODS = new Set([
  'get', 'set', 'has', 'delete', 'remove', 'put', 'upsert', 'getorcreate',
  'hget', 'hset', 'hgetall', 'hdel', 'del', 'setex', 'expire', 'incr', 'sadd', 'srem', 'smembers',
  'lpush', 'rpush', 'lrange', 'exists', 'mget', 'mset', 'getitem', 'setitem', 'removeitem', 'json.get', 'json.set',
]);
const WRITE_METHODS = new Set(['set', 'put', 'hset', 'setitem', 'setex']);

export class SessionIdSinks {
  private readonly refCache = new Map<ts.Symbol, ts.Identifier[]>();

  constructor(
    private readonly values: ValueAnalysis,
    private readonly injections: SessionIdInjection[],
    private readonly passedTo: Map<ts.CallExpression, Set<number>>,
  ) {}

  /** Where each conditional expression a flow went through led, per flow (its `seen` set). */
  private readonly conditionalSinks = new WeakMap<Set<ts.Node>, Map<ts.Node, Sink[]>>();

  /** The helper calls (or the assignment) that put the session id into `_meta.<field>`, each once. */
  private noteInjection(assignment: ts.BinaryExpression, field: string, value: ts.Node): void {
    if (this.injections.some((i) => i.assignment === assignment)) return;
    const param = ts.isIdentifier(value) ? this.values.symbolOf(value)?.valueDeclaration : undefined;
    const helper = param && ts.isParameter(param) && isFunctionLike(param.parent) && enclosingFunction(assignment) === param.parent ? param.parent : undefined;
    const calls = helper ? this.values.calls.callsOf(helper) : [];
    for (const node of calls.length > 0 ? calls : [assignment]) this.injections.push({ node, field, assignment });
  }

  /** Where the value of `node` goes. */
  flow(node: ts.Node, seen: Set<ts.Node>, hops: readonly Hop[], derived = false): Sink[] {
    if (seen.has(node)) return [];
    seen.add(node);
    if (ts.isIdentifier(node) && node.parent && (ts.isVariableDeclaration(node.parent) || ts.isBindingElement(node.parent) || ts.isParameter(node.parent)) && node.parent.name === node) {
      return this.flowIntoReferences(node, seen, hops, derived);
    }
    const outer = outermostWrapper(node);
    const parent = outer.parent;
    if (!parent) return [];

    if (ts.isBinaryExpression(parent)) {
      const op = parent.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return this.flow(parent, seen, hops, derived);
      if (op === ts.SyntaxKind.PlusToken) return this.flow(parent, seen, hops, true);
      if (op === ts.SyntaxKind.EqualsToken && parent.right === outer) {
        if (ts.isIdentifier(parent.left)) return this.flowIntoReferences(parent.left, seen, hops, derived);
        // `this.sid = extra.sessionId`, `state.sid = sid`: follow the field to where it is read.
        const stored = other(parent, `stored in \`${parent.left.getText()}\``, hops);
        if (!ts.isPropertyAccessExpression(parent.left)) return [stored];
        const injected = requestMetaField(parent.left);
        if (injected) {
          this.noteInjection(parent, injected, outer);
          return [other(parent, `carried by hand in \`${REQUEST_META}.${injected}\` of the request`, hops)];
        }
        const viaField = this.flowIntoPropertyReads(parent.left.name, seen, hops, derived);
        return viaField.length ? viaField : [stored];
      }
      // Compared with a string (`sessionId === 'local'`, the id's own fallback as a sentinel): the code branches on what
      // the id is, which a request id in its place would change (review 42 S42-3: a stdio check silently flipped).
      const equality = [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(op);
      const against = parent.left === outer ? parent.right : parent.left;
      if (equality && ts.isStringLiteralLike(unwrap(against))) return [other(parent, `compared with ${unwrap(against).getText()}`, hops)];
      return []; // other comparisons and control flow do not carry the id anywhere
    }
    if (ts.isConditionalExpression(parent) && parent.condition !== outer) {
      // Both branches may hold the id (`summary ? { sessionId, ...summary } : { sessionId }`): the second reaches the
      // conditional already followed, and goes where the first went, not nowhere (sweep 34 AH3: "stored in an object").
      let memo = this.conditionalSinks.get(seen);
      if (!memo) this.conditionalSinks.set(seen, (memo = new Map()));
      const known = memo.get(parent);
      if (known) return known;
      const sinks = this.flow(parent, seen, hops, derived);
      memo.set(parent, sinks);
      return sinks;
    }
    if (ts.isTemplateSpan(parent)) return this.flow(parent.parent, seen, hops, true);
    if (ts.isVariableDeclaration(parent) && parent.initializer === outer) {
      return ts.isIdentifier(parent.name) ? this.flowIntoReferences(parent.name, seen, hops, derived) : [];
    }
    if (ts.isElementAccessExpression(parent) && parent.argumentExpression === outer) {
      return [this.storeSink(parent.expression, parent, outer, derived, hops, writtenValue(parent))];
    }
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.includes(outer as ts.Expression)) {
      return this.flowIntoCall(parent, outer as ts.Expression, seen, hops, derived);
    }
    if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === outer)) {
      const fn = ts.isArrowFunction(parent) ? parent : enclosingFunction(parent);
      if (!fn) return [];
      const sinks: Sink[] = [];
      for (const call of this.values.calls.callsOf(fn)) {
        sinks.push(...this.flow(call, seen, [...hops, { text: `returned by ${calleeText(call)}()`, node: call }], derived));
      }
      return sinks;
    }
    if (ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) {
      // `{ sessionId: sid }`: a logger receiving the object makes this telemetry; reads of the
      // property (`state.sid`) carry the id on, also out of a request-context store the object is run with;
      // anything else just holds it.
      const logs = this.flow(parent.parent, seen, hops, derived).filter((s) => s.kind === 'log');
      const viaProperty = this.flowIntoPropertyReads(parent.name, seen, hops, derived);
      const viaStore = this.flowThroughContextStore(parent, seen, hops, derived);
      return logs.length || viaProperty.length || viaStore.length ? [...logs, ...viaProperty, ...viaStore] : [other(parent, 'stored in an object', hops)];
    }
    if (ts.isSpreadAssignment(parent) || ts.isArrayLiteralExpression(parent)) return this.flow(parent, seen, hops, derived);
    if (ts.isCallExpression(parent) || ts.isPropertyAccessExpression(parent)) {
      // `sid.toString()`, `sid.slice(0, 8)`: still the id.
      if (ts.isPropertyAccessExpression(parent) && parent.parent && ts.isCallExpression(parent.parent) && parent.parent.expression === parent) {
        return this.flow(parent.parent, seen, hops, true);
      }
      return [];
    }
    if (ts.isIfStatement(parent) || ts.isPrefixUnaryExpression(parent) || ts.isTypeOfExpression(parent) || ts.isExpressionStatement(parent)) return [];
    if (ts.isTemplateExpression(outer)) return [];
    return [other(parent, 'used', hops)];
  }

  /**
   * `requestContext.run({ …, sessionId: sid }, handle)` with an `AsyncLocalStorage` (sweep 31 AE3): what runs inside
   * reads the store back anywhere in the program (`requestContext.getStore().sessionId`, `const ctx = …getStore();
   * ctx.sessionId`, `const { sessionId } = …getStore()`), so those reads carry the id on.
   */
  private flowThroughContextStore(property: ts.PropertyAssignment | ts.ShorthandPropertyAssignment, seen: Set<ts.Node>, hops: readonly Hop[], derived: boolean): Sink[] {
    const name = propertyNameText(property.name);
    const literal = outermostWrapper(property.parent);
    const run = literal.parent;
    if (!name || !run || !ts.isCallExpression(run) || run.arguments[0] !== literal) return [];
    const { name: method, receiver } = calleeParts(run);
    if ((method !== 'run' && method !== 'enterWith') || !receiver) return [];
    const storage = this.values.symbolOf(unwrap(receiver));
    if (!storage || !isAsyncLocalStorage(storage)) return [];
    const via: Hop[] = [...hops, { text: `carried in the \`${unwrap(receiver).getText()}\` request-context store`, node: property.name, via: 'context-store' }];
    const sinks: Sink[] = [];
    const fromStore = (read: ts.Node): void => {
      const holder = outermostWrapper(read).parent;
      if (holder && ts.isPropertyAccessExpression(holder) && holder.name.text === name) sinks.push(...this.flow(holder, seen, via, derived));
    };
    for (const get of this.values.calls.argumentlessCallsNamed('getStore')) {
      const from = calleeParts(get).receiver;
      if (!from || this.values.symbolOf(unwrap(from)) !== storage) continue;
      const holder = outermostWrapper(get).parent;
      if (holder && ts.isVariableDeclaration(holder) && holder.initializer && outermostWrapper(get) === outermostWrapper(holder.initializer)) {
        if (ts.isIdentifier(holder.name)) for (const ref of this.referencesOf(holder.name)) fromStore(ref);
        else if (ts.isObjectBindingPattern(holder.name)) {
          for (const element of holder.name.elements) {
            if ((propertyNameText(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined)) === name && ts.isIdentifier(element.name)) sinks.push(...this.flowIntoReferences(element.name, seen, via, derived));
          }
        }
        continue;
      }
      fromStore(get);
    }
    return sinks;
  }

  private flowIntoReferences(name: ts.Identifier, seen: Set<ts.Node>, hops: readonly Hop[], derived: boolean): Sink[] {
    const sinks: Sink[] = [];
    for (const ref of this.referencesOf(name)) sinks.push(...this.flow(ref, seen, hops, derived));
    return sinks;
  }

  /** Reads of the property `name` declares (`this.sid`, `state.sid`) in the same file, not counting writes. */
  private flowIntoPropertyReads(name: ts.Node, seen: Set<ts.Node>, hops: readonly Hop[], derived: boolean): Sink[] {
    const text = (name as ts.Identifier).text;
    const declarations = new Set(this.values.symbolOf(name)?.declarations ?? []);
    if (!text || declarations.size === 0) return [];
    const sinks: Sink[] = [];
    forEachDescendant(name.getSourceFile(), (node) => {
      if (!ts.isPropertyAccessExpression(node) || node.name.text !== text || node.name === name) return;
      const parent = outermostWrapper(node).parent;
      if (parent && ts.isBinaryExpression(parent) && parent.left === outermostWrapper(node) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return;
      if (!(this.values.symbolOf(node.name)?.declarations ?? []).some((d) => declarations.has(d))) return;
      sinks.push(...this.flow(node, seen, hops, derived));
    });
    return sinks;
  }

  private flowIntoCall(call: ts.CallExpression | ts.NewExpression, arg: ts.Expression, seen: Set<ts.Node>, hops: readonly Hop[], derived: boolean): Sink[] {
    const { name, receiver } = calleeParts(call);
    const index = call.arguments!.indexOf(arg);
    if (ts.isCallExpression(call) && (isLogCall(call) || this.isContextLog(call))) {
      return [{ kind: 'log', node: call, description: `logged by ${calleeText(call)}()`, hops }];
    }
    // Echoing the id in a response header (`res.setHeader('mcp-session-id', sid)`): session-header reports it.
    if (ts.isCallExpression(call) && index === 1 && isHeaderWrite(call) && headerAccess(this.values, call)) return [];
    if (!receiver && name === 'String') return this.flow(call, seen, hops, derived);
    const method = name?.toLowerCase();
    // A method of the project's own class that keeps transports by session id (`sessionManager.get(sid)`, whose
    // `add(sid, transport)` some code calls with a transport: sweep 31 AE2) is followed into like any helper: what it
    // keys is the class's registry of transports. A class keeping application state keeps its accesses reported where
    // they are called (the handles transform rewrites them there: review 40b S40-6).
    const own = ts.isCallExpression(call) && receiver && method && STORE_METHODS.has(method) ? this.values.calls.functionOfCall(call) : undefined;
    const wrapper = own?.body && !own.getSourceFile().isDeclarationFile && ts.isIdentifier(own.parameters[index]?.name ?? call) && this.keepsTransports(own) ? own : undefined;
    if (ts.isCallExpression(call) && receiver && method && STORE_METHODS.has(method) && index === 0 && !wrapper) {
      return [this.storeSink(receiver, call, arg, derived, hops, WRITE_METHODS.has(method) ? call.arguments[method === 'setex' ? 2 : 1] : undefined)];
    }
    if (ts.isCallExpression(call)) {
      let indices = this.passedTo.get(call);
      if (!indices) this.passedTo.set(call, (indices = new Set()));
      indices.add(index);
      const fn = this.values.calls.functionOfCall(call);
      const param = fn?.parameters[index];
      if (param && ts.isIdentifier(param.name)) {
        return this.flowIntoReferences(param.name, seen, [...hops, { text: `${calleeText(call)}(…) parameter \`${param.name.text}\``, node: call }], derived);
      }
    }
    // A library call (`createHash('sha256').update(sid)`, `encodeURIComponent(sid)`): its result is
    // derived from the id, so a store keyed by that result is still keyed by the session.
    return [other(call, `passed to ${calleeText(call)}()`, hops), ...this.flow(call, seen, [...hops, { text: `derived by ${calleeText(call)}()`, node: call }], true)];
  }

  private readonly transportClasses = new Map<ts.Node, boolean>();

  /** Whether `method` belongs to a project class some method of which takes an SDK transport (typed so, or called with one). */
  private keepsTransports(method: ts.FunctionLikeDeclaration): boolean {
    const owner = method.parent;
    if (!owner || !ts.isClassLike(owner)) return false;
    const known = this.transportClasses.get(owner);
    if (known !== undefined) return known;
    this.transportClasses.set(owner, false);
    const isTransport = (node: ts.Node) => this.values.valueOf(node)?.kind === 'transport';
    const keeps = owner.members.some((member) => ts.isMethodDeclaration(member) && (member.parameters.some((p) => isTransport(p.name)) || this.values.calls.callsOf(member).some((c) => c.arguments.some(isTransport))));
    this.transportClasses.set(owner, keeps);
    return keeps;
  }

  /** `ctx.mcpReq.log(level, data)`: request-scoped logging to the client. */
  private isContextLog(call: ts.CallExpression): boolean {
    const { name, receiver } = calleeParts(call);
    return name === 'log' && !!receiver && this.values.valueOf(receiver)?.kind === 'context-request';
  }

  private storeSink(chained: ts.Expression, node: ts.Node, key: ts.Node, derived: boolean, hops: readonly Hop[], written?: ts.Expression): Sink {
    const { base: store, first } = commandChainBase(chained);
    if (this.isNestedElement(store)) {
      // `subscriptions.get(uri).delete(sid)`: the id is a member of a per-URI set, the outer
      // collection is keyed by something else (subscription bookkeeping, not session state).
      return other(node, `member of a collection inside \`${storeRoot(store).getText()}\``, hops);
    }
    return { kind: 'store', node, store, key, derivedKey: derived, written, ...(first ? { chain: first } : {}), description: `keys \`${storeRoot(store).getText()}\``, hops };
  }

  /** All identifiers in the declaring scope that denote the same symbol as `name` (excluding the declaration). */
  referencesOf(name: ts.Identifier): ts.Identifier[] {
    const symbol = this.values.symbolOf(name);
    if (!symbol) return [];
    const cached = this.refCache.get(symbol);
    if (cached) return cached;
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
    const scope = (decl && enclosingFunction(decl)) ?? name.getSourceFile();
    const refs: ts.Identifier[] = [];
    forEachDescendant(scope, (node) => {
      if (ts.isIdentifier(node) && node !== name && node.text === name.text && this.values.symbolOf(node) === symbol) refs.push(node);
    });
    this.refCache.set(symbol, refs);
    return refs;
  }

  /** `X.get(k)`, `X[k]`, or a local alias of one (`const subs = X.get(uri) ?? new Set()`). */
  private isNestedElement(store: ts.Expression): boolean {
    const inner = unwrap(store) as ts.Expression;
    if (storeRoot(inner) !== inner) return true;
    if (!ts.isIdentifier(inner)) return false;
    const decl = this.values.symbolOf(inner)?.valueDeclaration;
    return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && !isCollectionDeclaration(decl, this.values) && !!aliasedCollection(decl.initializer);
  }
}

/**
 * The client a chain of store commands starts from: `this.redis.multi().hset(key, …).expire(key, ttl)` is one
 * transaction on `this.redis` (ioredis/node-redis `multi()`/`pipeline()` return the chain, each command the same
 * chain), not a store per link.
 */
function commandChainBase(store: ts.Expression): { base: ts.Expression; first?: ts.CallExpression } {
  let current = unwrap(store) as ts.Expression;
  let first: ts.CallExpression | undefined;
  while (ts.isCallExpression(current)) {
    const callee = unwrap(current.expression);
    if (!ts.isPropertyAccessExpression(callee)) break;
    const name = callee.name.text.toLowerCase();
    if (name !== 'multi' && name !== 'pipeline' && !(STORE_METHODS.has(name) && name !== 'get' && name !== 'getorcreate')) break;
    first = current;
    current = unwrap(callee.expression) as ts.Expression;
  }
  return { base: current, ...(first ? { first } : {}) };
}

/** Node's `AsyncLocalStorage` modules: a variable holding `new AsyncLocalStorage()` from one of them is a request-context store. */
const ASYNC_HOOKS = /^(?:node:)?async_hooks$/;

/** Whether `symbol` is a variable holding `new AsyncLocalStorage(…)` of `async_hooks` (imported, required or namespaced). */
function isAsyncLocalStorage(symbol: ts.Symbol): boolean {
  const decl = symbol.valueDeclaration;
  const made = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  if (!made || !ts.isNewExpression(made)) return false;
  const callee = unwrap(made.expression);
  const className = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  if (className !== 'AsyncLocalStorage') return false;
  // The module it comes from, by what the file imports or requires.
  let fromHooks = false;
  forEachDescendant(made.getSourceFile(), (node) => {
    if (fromHooks) return;
    const specifier = ts.isImportDeclaration(node) ? node.moduleSpecifier : ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' ? node.arguments[0] : undefined;
    if (specifier && ts.isStringLiteral(specifier) && ASYNC_HOOKS.test(specifier.text)) fromHooks = true;
  });
  return fromHooks;
}

function other(node: ts.Node, description: string, hops: readonly Hop[]): Sink {
  return { kind: 'other', node, description, hops };
}

function writtenValue(access: ts.ElementAccessExpression): ts.Expression | undefined {
  const outer = outermostWrapper(access);
  const parent = outer.parent;
  if (parent && ts.isBinaryExpression(parent) && parent.left === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return parent.right;
  return undefined;
}
