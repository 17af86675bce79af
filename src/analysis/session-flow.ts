/**
 * Where the MCP session id comes from and what it keys.
 *
 * Sources (found by `ValueAnalysis`): `extra.sessionId` / `ctx.sessionId` (and destructured
 * `{ sessionId }`), `transport.sessionId`, the `mcp-session-id` header, and the argument of
 * `onsessioninitialized` / `onsessionclosed`. From each read we follow the value forwards:
 * through variables, `??`/`||`, template literals and concatenation (a derived key),
 * arguments of local helpers (into their parameters) and return values (back to callers),
 * to its sinks: a store access (`map.get(sid)`, `obj[sid]`, `redis.get(\`cart:${sid}\`)`),
 * a log or trace call, or something else. Stores are then classified by what they hold:
 * transports (a session routing registry), server instances, or application state.
 */
import { ts } from '../typescript.js';
import {
  calleeParts,
  enclosingFunction,
  forEachDescendant,
  isFunctionLike,
  memberAccess,
  outermostWrapper,
  propertyNameText,
  unwrap,
} from './ast.js';
import { calleeText, declaredType, pathsOf, returnedExpressions, type ValueAnalysis } from './values.js';
import { SESSION_HEADER, isHeaderWrite, headerAccess } from './http-requests.js';
import { sessionCallbackName } from './constructor-options.js';
import { sessionQueryParameter, sseSessionQuery } from './sse-session-ids.js';
import type { Hop, SessionIdOrigin, Value } from './value.js';

type SinkKind = 'store' | 'log' | 'other';

export interface Sink {
  kind: SinkKind;
  /** The store / log call / other use site. */
  node: ts.Node;
  /** For stores: the receiver or indexed object; for writes the stored value. */
  store?: ts.Expression;
  written?: ts.Expression;
  /** The key expression as it reaches the store (the read itself, or a template/concatenation containing it). */
  key?: ts.Node;
  derivedKey?: boolean;
  description: string;
  hops: readonly Hop[];
}

export interface SessionRead {
  /** The `sessionId` name node, the header name, or the callback parameter. */
  node: ts.Node;
  origin: SessionIdOrigin;
  /** How the context or id reached this read (empty when read directly in a handler): the first path, for messages. */
  hops: readonly Hop[];
  /** Every path to this read: one per chain of callers (a helper reached from five tools has five). */
  paths: ReadonlyArray<readonly Hop[]>;
  sinks: Sink[];
  /** `typeof ctx.sessionId === 'string'`: a type guard next to the real read, not a use of its own. */
  guard: boolean;
}

/**
 * `session`: the HTTP layer's own record of each session (a hand-rolled session registry: validation, expiry,
 * identity binding) — entries that carry the session's own id and no SDK object — keyed only by ids the serving
 * code reads from the `Mcp-Session-Id` header or mints and sends as one, never by an id a handler reads from its
 * context. Serving plumbing, like a transport registry.
 */
export type StoreKind = 'transport' | 'server' | 'session' | 'state';

export interface SessionStore {
  kind: StoreKind;
  /** A collection declared in the project (Map/Set/object/array/class field) is reported once, at its declaration. */
  declaration?: ts.Node;
  name: string;
  /** Every session-keyed access; for client-like stores (Redis, KV) each access is reported at its key. */
  accesses: Sink[];
  reads: SessionRead[];
  /**
   * For a transport registry: its records hold the session's SDK server too (`{ transport, server }`, a project
   * class built with both). Serving plumbing all the same (`kind` stays `transport` for the transforms), but the
   * server it keeps per session makes it a per-session-server site rather than a transport registry.
   */
  holdsServer?: boolean;
}

/** Lower-cased: node-redis v4 spells them `hSet`, `setEx`, `sAdd`; ioredis `hset`, `setex`, `sadd`. */
const STORE_METHODS = new Set([
  'get', 'set', 'has', 'delete', 'remove', 'put', 'upsert', 'getorcreate',
  'hget', 'hset', 'hgetall', 'hdel', 'del', 'setex', 'expire', 'incr', 'sadd', 'srem', 'smembers',
  'lpush', 'rpush', 'lrange', 'exists', 'mget', 'mset', 'getitem', 'setitem', 'removeitem', 'json.get', 'json.set',
]);
const WRITE_METHODS = new Set(['set', 'put', 'hset', 'setitem', 'setex']);
const LOG_METHODS = new Set([
  'log', 'info', 'debug', 'warn', 'error', 'trace', 'fatal', 'verbose', 'child',
  'setAttribute', 'setAttributes', 'addEvent', 'setTag', 'increment', 'gauge', 'histogram', 'record', 'captureMessage',
]);
/** Receivers that are loggers or tracers by name; split into words, so `catalog` is not a logger. */
const LOGGER_RECEIVERS = new Set(['console', 'pino', 'winston', 'bunyan', 'tracer', 'span', 'metrics', 'statsd', 'sentry']);
const COLLECTION_CLASSES = new Set(['Map', 'WeakMap', 'Set', 'WeakSet', 'LRUCache', 'Array']);
/** Global clocks and timers: what the session layer keeps per session to expire, throttle or count it. */
const CLOCK_AND_TIMER_CALLS = new Set(['Date.now', 'performance.now', 'setTimeout', 'setInterval', 'Number']);

export class SessionFlow {
  readonly reads: SessionRead[] = [];
  readonly stores = new Map<ts.Node, SessionStore>();
  /** Files whose analysis threw (deeply nested generated code, a bug of ours): their reads are lost, nothing else. */
  readonly failures: Array<{ file: string; error: unknown }> = [];
  private readonly refCache = new Map<ts.Symbol, ts.Identifier[]>();
  private readonly queryCandidates: Array<{ node: ts.Node; nameNode: ts.Node }> = [];
  /**
   * Where the project copies the session id by hand into a field of a request's `_meta` (`params._meta.mcpSessionId =
   * sid`), so that handlers can read it back: the call of the helper that does it (each call, whatever it passes), or
   * the assignment itself. Reads of the field anywhere are then session-id reads (origin `injected`).
   */
  readonly injections: Array<{ node: ts.Node; field: string; assignment: ts.BinaryExpression }> = [];

  /**
   * Calls (neither a store access nor a log) that receive the session id as an argument, with the argument positions:
   * `isSessionOwnedBy(sessionId, userId)`, `storeSessionMetadata(sid, auth)` (what else the call receives is the
   * `session-auth` analysis' question).
   */
  readonly passedTo = new Map<ts.CallExpression, Set<number>>();

  constructor(
    private readonly values: ValueAnalysis,
    private readonly files: readonly ts.SourceFile[],
  ) {}

  run(): this {
    for (const file of this.files) {
      try {
        this.collectReads(file);
      } catch (error) {
        this.failures.push({ file: file.fileName, error });
      }
    }
    this.collectInjectedReads();
    for (const read of this.reads) {
      for (const sink of read.sinks) if (sink.kind === 'store') this.addStoreAccess(sink, read);
    }
    for (const store of this.stores.values()) store.kind = this.classify(store);
    // `registry.getOrCreate(sid)` on an instance of the project's own class whose collection is a session registry:
    // the calls are that registry's accesses, not a KV client's.
    for (const store of this.stores.values()) {
      if (store.kind === 'state' && !store.declaration && store.accesses.length > 0 && store.accesses.every((a) => this.callsIntoSessionRegistry(a.node))) store.kind = 'session';
    }
    this.promoteRegistryLookups();
    return this;
  }

  /**
   * `?sessionId=` reads outside a recognisable SSE endpoint route (a helper, a `node:http` listener): a session
   * id when, and only when, they look up a transport registry found from other reads. They never create stores,
   * so an application's own `sessionId` query parameter keys nothing here.
   */
  private promoteRegistryLookups(): void {
    const known = new Set(this.reads.map((r) => r.node));
    for (const { node, nameNode } of this.queryCandidates) {
      if (known.has(nameNode)) continue;
      const sinks = this.flow(node, new Set(), []);
      if (sinks.some((sink) => sink.kind === 'store' && this.storeOfSink(sink)?.kind === 'transport')) {
        this.reads.push({ node: nameNode, origin: 'query', hops: [], paths: [[]], sinks, guard: false });
      }
    }
  }

  /** The helper calls (or the assignment) that put the session id into `_meta.<field>`, each once. */
  private noteInjection(assignment: ts.BinaryExpression, field: string, value: ts.Node): void {
    if (this.injections.some((i) => i.assignment === assignment)) return;
    const param = ts.isIdentifier(value) ? this.values.symbolOf(value)?.valueDeclaration : undefined;
    const helper = param && ts.isParameter(param) && isFunctionLike(param.parent) && enclosingFunction(assignment) === param.parent ? param.parent : undefined;
    const calls = helper ? this.values.calls.callsOf(helper) : [];
    for (const node of calls.length > 0 ? calls : [assignment]) this.injections.push({ node, field, assignment });
  }

  /** `params._meta?.mcpSessionId`, `const { _meta: meta } = params; meta?.mcpSessionId` for every injected field. */
  private collectInjectedReads(): void {
    const fields = new Set(this.injections.map((i) => i.field));
    if (fields.size === 0) return;
    const writes = new Set<ts.Node>(this.injections.map((i) => i.assignment.left));
    for (const file of this.files) {
      forEachDescendant(file, (node) => {
        if (!ts.isPropertyAccessExpression(node) || !fields.has(node.name.text) || writes.has(node)) return;
        if (!isRequestMeta(node.expression, this.values)) return;
        this.addRead(node.name, node, { kind: 'session-id', origin: 'injected', hops: [] });
      });
    }
  }

  /** Reads of the `?sessionId=` an HTTP+SSE client posts with (in the endpoint's route, or looking up a transport registry). */
  registryLookups(): SessionRead[] {
    return this.reads.filter((read) => read.origin === 'query');
  }

  /** The store an access belongs to (for `isRegistryReference` and rules). */
  storeOfSink(sink: Sink): SessionStore | undefined {
    return sink.store ? this.stores.get(this.storeKey(sink.store, sink.key ?? sink.node)) : undefined;
  }

  /** Declarations of transport registries: rules use them to recognise routing code. */
  registryDeclarations(): Set<ts.Node> {
    const out = new Set<ts.Node>();
    for (const store of this.stores.values()) if (store.kind === 'transport' && store.declaration) out.add(store.declaration);
    return out;
  }

  private collectReads(file: ts.SourceFile): void {
    forEachDescendant(file, (node) => {
      const access = (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) ? memberAccess(node) : undefined;
      if (access?.name === 'sessionId') {
        const value = this.values.valueOf(node);
        if (value?.kind === 'session-id') this.addRead(access.nameNode, node, value);
        else if (sessionQueryParameter(this.values, node)) this.queryCandidates.push({ node, nameNode: access.nameNode });
        return;
      }
      if (ts.isBindingElement(node) && ts.isIdentifier(node.name)) {
        const header = this.values.headerAccessOf(node, SESSION_HEADER);
        if (header) {
          this.addRead(header.nameNode, node.name, { kind: 'session-id', origin: 'header', hops: [] });
          return;
        }
      }
      if (ts.isBindingElement(node) && (propertyNameText(node.propertyName) ?? (ts.isIdentifier(node.name) ? node.name.text : '')) === 'sessionId') {
        const value = this.values.valueOfDeclaration(node);
        if (value?.kind === 'session-id' && ts.isIdentifier(node.name)) {
          this.addRead(node.propertyName ?? node.name, node.name, value);
        }
        return;
      }
      if (ts.isCallExpression(node)) {
        const query = sseSessionQuery(this.values, node);
        if (query) {
          this.addRead(query, node, { kind: 'session-id', origin: 'query', hops: [] });
          return;
        }
        const candidate = sessionQueryParameter(this.values, node);
        if (candidate) this.queryCandidates.push({ node, nameNode: candidate });
      }
      if (ts.isElementAccessExpression(node) || ts.isCallExpression(node)) {
        const header = this.values.headerAccessOf(node, SESSION_HEADER);
        if (header && !isHeaderWrite(node)) {
          this.addRead(header.nameNode, node, { kind: 'session-id', origin: 'header', hops: [] });
        } else if (header && ts.isCallExpression(node)) {
          // `res.setHeader('mcp-session-id', sessionId)` with `const sessionId = \`session_${Date.now()}\``: an id minted
          // by hand is the session id once it is sent as the header; what it keys is session state or a registry.
          const minted = this.mintedSessionId(node.arguments[1]);
          if (minted) this.addRead(header.nameNode, minted, { kind: 'session-id', origin: 'header', hops: [] });
        }
        return;
      }
      if (ts.isParameter(node) && isFunctionLike(node.parent) && node.parent.parameters[0] === node && ts.isIdentifier(node.name)) {
        const callback = sessionCallbackName(this.values, node.parent);
        if (callback) {
          this.addRead(node.name, node.name, { kind: 'session-id', origin: 'callback', hops: [] });
        }
      }
    });
  }

  /** The declared name of a local variable a header write sends (`const sid = …; res.setHeader(H, sid)`), when not already a session id. */
  private mintedSessionId(sent: ts.Expression | undefined): ts.Identifier | undefined {
    const inner = sent && unwrap(sent);
    if (!inner || !ts.isIdentifier(inner) || this.values.valueOf(inner)?.kind === 'session-id') return undefined;
    const decl = this.values.symbolOf(inner)?.valueDeclaration;
    return decl && ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && decl.initializer ? decl.name : undefined;
  }

  private addRead(reportAt: ts.Node, valueNode: ts.Node, value: Value): void {
    const sinks = this.flow(valueNode, new Set(), []);
    const guard = !!valueNode.parent && ts.isTypeOfExpression(outermostWrapper(valueNode).parent ?? valueNode);
    this.reads.push({ node: reportAt, origin: value.origin ?? 'context', hops: value.hops, paths: pathsOf(value), sinks, guard });
  }

  /** Where the value of `node` goes. */
  private flow(node: ts.Node, seen: Set<ts.Node>, hops: readonly Hop[], derived = false): Sink[] {
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
      return []; // comparisons and other control flow do not carry the id anywhere
    }
    if (ts.isConditionalExpression(parent) && parent.condition !== outer) return this.flow(parent, seen, hops, derived);
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
      // property (`state.sid`) carry the id on; anything else just holds it.
      const logs = this.flow(parent.parent, seen, hops, derived).filter((s) => s.kind === 'log');
      const viaProperty = this.flowIntoPropertyReads(parent.name, seen, hops, derived);
      return logs.length || viaProperty.length ? [...logs, ...viaProperty] : [other(parent, 'stored in an object', hops)];
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
    if (ts.isCallExpression(call) && receiver && method && STORE_METHODS.has(method) && index === 0) {
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

  /** `ctx.mcpReq.log(level, data)`: request-scoped logging to the client. */
  private isContextLog(call: ts.CallExpression): boolean {
    const { name, receiver } = calleeParts(call);
    return name === 'log' && !!receiver && this.values.valueOf(receiver)?.kind === 'context-request';
  }

  private storeSink(store: ts.Expression, node: ts.Node, key: ts.Node, derived: boolean, hops: readonly Hop[], written?: ts.Expression): Sink {
    if (this.isNestedElement(store)) {
      // `subscriptions.get(uri).delete(sid)`: the id is a member of a per-URI set, the outer
      // collection is keyed by something else (subscription bookkeeping, not session state).
      return other(node, `member of a collection inside \`${storeRoot(store).getText()}\``, hops);
    }
    return { kind: 'store', node, store, key, derivedKey: derived, written, description: `keys \`${storeRoot(store).getText()}\``, hops };
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

  private storeKey(store: ts.Expression, at: ts.Node): ts.Node {
    return this.storeDeclaration(store) ?? at;
  }

  /** `X.get(k)`, `X[k]`, or a local alias of one (`const subs = X.get(uri) ?? new Set()`). */
  private isNestedElement(store: ts.Expression): boolean {
    const inner = unwrap(store) as ts.Expression;
    if (storeRoot(inner) !== inner) return true;
    if (!ts.isIdentifier(inner)) return false;
    const decl = this.values.symbolOf(inner)?.valueDeclaration;
    return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && !isCollectionDeclaration(decl, this.values) && !!aliasedCollection(decl.initializer);
  }

  /** The declaration of a collection (`const carts = new Map()`, `transports = {}`, a class field) — not of a client. */
  storeDeclaration(store: ts.Expression, depth = 0): ts.Node | undefined {
    const root = storeRoot(store);
    const target = ts.isPropertyAccessExpression(root) ? root.name : root;
    if (!ts.isIdentifier(target) || depth > 4) return undefined;
    const symbol = this.values.symbolOf(target);
    let decl = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    // JavaScript: the checker declares `this.notes` by the assignment `this.notes = new Map()` itself.
    if (decl && ts.isBinaryExpression(decl) && ts.isPropertyAccessExpression(decl.left)) decl = decl.left;
    if (!decl) return undefined;
    if (ts.isParameter(decl)) {
      // `function handleSSE(..., sessions: Map<string, SSEServerTransport>)`: the store is what callers pass.
      const fn = decl.parent;
      const index = isFunctionLike(fn) ? fn.parameters.indexOf(decl) : -1;
      for (const call of isFunctionLike(fn) ? this.values.calls.callsOf(fn) : []) {
        const arg = call.arguments[index];
        const found = arg && !ts.isSpreadElement(arg) ? this.storeDeclaration(arg, depth + 1) : undefined;
        if (found) return found;
      }
      return undefined;
    }
    // `({ activeTransports }: { activeTransports: Record<…> }) => …` called with `{ activeTransports: sessions, … }`.
    const passed = this.passedForBinding(decl);
    if (passed) {
      for (const arg of passed) {
        const found = this.storeDeclaration(arg, depth + 1);
        if (found) return found;
      }
      return undefined;
    }

    if (!(ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl) || (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent)))) {
      return undefined;
    }
    return isCollectionDeclaration(decl, this.values) ? decl : undefined;
  }

  /**
   * For a name bound by destructuring a function's object parameter (`({ sessions, res }) => …`): what the callers pass
   * for that member (`handle({ sessions: activeSessions, res })`, `{ sessions }` shorthand). Undefined for any other binding.
   */
  private passedForBinding(decl: ts.Node): ts.Expression[] | undefined {
    if (!ts.isBindingElement(decl) || !ts.isObjectBindingPattern(decl.parent) || !ts.isParameter(decl.parent.parent)) return undefined;
    const param = decl.parent.parent;
    const fn = param.parent;
    const member = propertyNameText(decl.propertyName) ?? (ts.isIdentifier(decl.name) ? decl.name.text : undefined);
    if (!isFunctionLike(fn) || !member) return undefined;
    const index = fn.parameters.indexOf(param);
    const out: ts.Expression[] = [];
    for (const call of this.values.calls.callsOf(fn)) {
      const arg = call.arguments[index];
      const inner = arg && !ts.isSpreadElement(arg) ? unwrap(arg) : undefined;
      if (!inner || !ts.isObjectLiteralExpression(inner)) continue;
      for (const prop of inner.properties) {
        if (!(ts.isPropertyAssignment(prop) || ts.isShorthandPropertyAssignment(prop)) || propertyNameText(prop.name) !== member) continue;
        out.push(ts.isPropertyAssignment(prop) ? prop.initializer : prop.name);
      }
    }
    return out;
  }

  private addStoreAccess(sink: Sink, read: SessionRead): void {
    const key = this.storeKey(sink.store!, sink.key ?? sink.node);
    let store = this.stores.get(key);
    if (!store) {
      const declaration = key === (sink.key ?? sink.node) ? undefined : key;
      const root = storeRoot(sink.store!);
      const rootName = ts.isPropertyAccessExpression(root) ? root.name.text : root.getText();
      const declared = (declaration as { name?: ts.Node } | undefined)?.name;
      // Reached through a parameter of another name (`handle({ activeTransports: activeStreamTransports })`): the collection's own name.
      const name = declared && ts.isIdentifier(declared) && declared.text !== rootName ? declared.text : root.getText();
      store = { kind: 'state', declaration, name, accesses: [], reads: [] };
      this.stores.set(key, store);
    }
    store.accesses.push(sink);
    if (!store.reads.includes(read)) store.reads.push(read);
  }

  private classify(store: SessionStore): StoreKind {
    const kinds = new Set<string>();
    const note = (value: Value | undefined): void => {
      if (value) kinds.add(value.kind);
    };
    if (store.declaration) for (const v of this.valuesInDeclaredType(store.declaration)) note(v);
    for (const access of store.accesses) {
      if (!access.written) {
        // `transports[sid].handleRequest(...)`: the element is used as a transport.
        const use = outermostWrapper(access.node).parent;
        if (use && ts.isPropertyAccessExpression(use) && use.name.text === 'handleRequest') kinds.add('transport');
        continue;
      }
      for (const value of this.heldValues(access.written, 0)) note(value);
    }
    const servers = kinds.has('mcp-server') || kinds.has('server');
    if (kinds.has('transport')) {
      if (servers) store.holdsServer = true;
      return 'transport';
    }
    if (servers) return 'server';
    // Nothing typed or written tells us what it holds (a registry reached through another
    // object, `this.httpServer.transports[id]`): its name is the last, weakest signal.
    if (kinds.size === 0 && /transports?$/i.test(store.name)) return 'transport';
    // Keyed only by the header the serving code reads (or the id it mints and sends as the header): no
    // handler reaches it through its context, so it records sessions for the HTTP layer, not app state.
    // Its entries record the session itself: they carry its own id (`{ id: sid, createdAt, identity }`) and no SDK object.
    const sessionRecords =
      [...kinds].every((k) => k === 'session-id' || k === 'shape') &&
      [...store.accesses.map((a) => a.written), ...(store.declaration ? this.writtenInto(store.declaration) : [])].some((w) => w !== undefined && this.carriesSessionId(w, 0));
    if (sessionRecords && store.reads.length > 0 && store.reads.every((r) => r.origin === 'header')) return 'session';
    if (this.isSessionBookkeeping(store, kinds)) return 'session';
    return 'state';
  }

  /**
   * The session layer's own bookkeeping: a collection keyed by the id the serving code reads from the `Mcp-Session-Id`
   * header (and the transport's session callbacks), never by one a handler reads from its context, whose
   * entries are only counters, timestamps, timers, flags or bare membership — facts about the session, not data a tool
   * reads back. It goes away with the session routing, like a transport registry.
   */
  private isSessionBookkeeping(store: SessionStore, kinds: ReadonlySet<string>): boolean {
    if (!store.declaration || store.reads.length === 0 || kinds.size > 0) return false;
    // Routed by the header (a store only the transport's callbacks touch, or an SSE post's query, stays state).
    if (!store.reads.some((r) => r.origin === 'header') || !store.reads.every((r) => r.origin === 'header' || r.origin === 'callback')) return false;
    const written = [...store.accesses.map((a) => a.written), ...this.writtenInto(store.declaration)].filter((w): w is ts.Expression => w !== undefined);
    return written.every((w) => this.isBookkeepingValue(w, 0));
  }

  /** `1`, `count + 1`, `Date.now()`, `new Date()`, `setTimeout(…)`, `true`, `{ timeout: setTimeout(…) }`, or a `const` holding one. */
  private isBookkeepingValue(written: ts.Expression, depth: number): boolean {
    const inner = unwrap(written) as ts.Expression;
    if (depth > 3) return false;
    if (ts.isNumericLiteral(inner) || inner.kind === ts.SyntaxKind.TrueKeyword || inner.kind === ts.SyntaxKind.FalseKeyword) return true;
    if (ts.isPrefixUnaryExpression(inner)) return this.isBookkeepingValue(inner.operand, depth + 1);
    if (ts.isBinaryExpression(inner)) {
      const op = inner.operatorToken.kind;
      // Arithmetic on a count (`(counts.get(sid) ?? 0) + 1`): one numeric side is enough.
      if (op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.MinusToken) return [inner.left, inner.right].some((side) => this.isBookkeepingValue(side, depth + 1));
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return [inner.left, inner.right].every((side) => this.isBookkeepingValue(side, depth + 1) || isCollectionRead(side));
      return false;
    }
    if (ts.isObjectLiteralExpression(inner)) {
      return inner.properties.length > 0 && inner.properties.every((p) => ts.isPropertyAssignment(p) && this.isBookkeepingValue(p.initializer, depth + 1));
    }
    if (ts.isNewExpression(inner)) return ts.isIdentifier(inner.expression) && inner.expression.text === 'Date' && !this.values.symbolOf(inner.expression)?.valueDeclaration;
    if (ts.isCallExpression(inner)) {
      const callee = unwrap(inner.expression);
      const text = ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee) ? callee.getText() : '';
      // Globals only: a project function of the same name is something else.
      return CLOCK_AND_TIMER_CALLS.has(text) && !this.values.calls.functionOfCall(inner);
    }
    if (ts.isIdentifier(inner)) {
      const decl = this.values.symbolOf(inner)?.valueDeclaration;
      return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && this.isBookkeepingValue(decl.initializer, depth + 1);
    }
    return false;
  }

  /** A call of a project method whose class declares a collection classified as a session registry. */
  private callsIntoSessionRegistry(node: ts.Node): boolean {
    if (!ts.isCallExpression(node)) return false;
    const fn = this.values.calls.functionOfCall(node);
    const cls = fn && ts.isMethodDeclaration(fn) && ts.isClassLike(fn.parent) ? fn.parent : undefined;
    if (!cls) return false;
    return [...this.stores.values()].some((s) => s.kind === 'session' && s.declaration !== undefined && s.declaration.parent === cls);
  }

  /** What the declaring file writes into a collection (`x.set(k, v)`, `x[k] = v`), whatever the key. */
  private writtenInto(decl: ts.Node): ts.Expression[] {
    const name = (decl as { name?: ts.Node }).name;
    if (!name || !(ts.isIdentifier(name) || ts.isPrivateIdentifier(name))) return [];
    const symbol = this.values.symbolOf(name);
    const same = (node: ts.Node): boolean => {
      const target = ts.isPropertyAccessExpression(node) ? node.name : node;
      return (ts.isIdentifier(target) || ts.isPrivateIdentifier(target)) && target.text === name.text && this.values.symbolOf(target) === symbol;
    };
    const out: ts.Expression[] = [];
    forEachDescendant(decl.getSourceFile(), (node) => {
      if (ts.isCallExpression(node) && node.arguments.length >= 2) {
        const { name: method, receiver } = calleeParts(node);
        if (method === 'set' && receiver && same(unwrap(receiver))) out.push(node.arguments[1]!);
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isElementAccessExpression(node.left) && same(unwrap(node.left.expression))) {
        out.push(node.right);
      }
    });
    return out;
  }

  /** An entry that records the session itself: an object literal (maybe through a `const`) with the session id as a member. */
  private carriesSessionId(written: ts.Expression, depth: number): boolean {
    const inner = unwrap(written);
    if (ts.isIdentifier(inner) && depth < 3) {
      const symbol = this.values.symbolOf(inner);
      const decl = symbol?.valueDeclaration;
      if (!decl || !ts.isVariableDeclaration(decl)) return false;
      // The initializer, or what is assigned to it later (`let session = map.get(id); if (!session) { session = { id, … } }`).
      const assigned: ts.Expression[] = decl.initializer ? [decl.initializer] : [];
      forEachDescendant(enclosingFunction(decl) ?? decl.getSourceFile(), (node) => {
        if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && node.left.text === inner.text && this.values.symbolOf(node.left) === symbol) {
          assigned.push(node.right);
        }
      });
      return assigned.some((e) => this.carriesSessionId(e, depth + 1));
    }
    if (!ts.isObjectLiteralExpression(inner)) return false;
    return inner.properties.some((p) => {
      const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;
      return value !== undefined && this.values.valueOf(value)?.kind === 'session-id';
    });
  }

  /**
   * The SDK values an entry written into a store carries: the value itself, or the members of a
   * bundle — an object literal (`{ transport, server }`, also through a `const` or returned by a
   * factory), a project class constructed with them (`new Session(transport, server)`), or one
   * whose declared members are typed so. A registry of such bundles is serving plumbing, not state.
   */
  private heldValues(written: ts.Expression, depth: number): Value[] {
    const direct = this.values.valueOf(written);
    if (direct && direct.kind !== 'shape') return [direct];
    if (direct?.shape) {
      const members = this.membersOfShape(direct.shape);
      return members.length ? members : [direct];
    }
    if (depth > 3) return [];
    const inner = unwrap(written);
    const out: Value[] = [];
    if (ts.isObjectLiteralExpression(inner)) {
      for (const prop of inner.properties) {
        if (ts.isPropertyAssignment(prop)) out.push(...this.heldValues(prop.initializer, depth + 1));
        else if (ts.isShorthandPropertyAssignment(prop)) out.push(...this.heldValues(prop.name, depth + 1));
      }
      return out;
    }
    if (ts.isIdentifier(inner)) {
      const decl = this.values.symbolOf(inner)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer) return this.heldValues(decl.initializer, depth + 1);
      return [];
    }
    if (ts.isNewExpression(inner)) {
      for (const arg of inner.arguments ?? []) if (!ts.isSpreadElement(arg)) out.push(...this.heldValues(arg, depth + 1));
      const cls = classDeclarationOf(this.values, inner.expression);
      if (cls) out.push(...this.membersOfClass(cls));
      return out;
    }
    if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
      return [...this.heldValues(inner.left, depth + 1), ...this.heldValues(inner.right, depth + 1)];
    }
    if (ts.isConditionalExpression(inner)) return [...this.heldValues(inner.whenTrue, depth + 1), ...this.heldValues(inner.whenFalse, depth + 1)];
    if (ts.isCallExpression(inner)) {
      const callee = unwrap(inner.expression);
      // `(async () => { … })()`: an immediately invoked set-up.
      const fn = isFunctionLike(callee) ? callee : this.values.calls.functionOfCall(inner);
      const returns = fn ? returnedExpressions(fn) : [];
      for (const returned of returns) out.push(...this.heldValues(returned, depth + 1));
      // The pending set-up of a session (`pending.set(sid, (async () => { new StreamableHTTPServerTransport(…); … })())`):
      // the entry stands for the transport being created, so the store is serving plumbing too.
      if (returns.length === 0 && fn?.body) {
        const created = this.transportCreatedIn(fn);
        if (created) out.push({ ...created, hops: [{ text: `set up by ${calleeText(inner)}`, node: inner }] });
      }
    }
    return out;
  }

  /** An SDK transport constructed in the body of `fn` itself (not in a function nested in it). */
  private transportCreatedIn(fn: ts.FunctionLikeDeclaration): Value | undefined {
    let found: Value | undefined;
    const visit = (node: ts.Node): void => {
      if (found || (node !== fn && isFunctionLike(node))) return;
      if (ts.isNewExpression(node)) {
        const value = this.values.valueOf(node);
        if (value?.kind === 'transport') found = value;
      }
      ts.forEachChild(node, visit);
    };
    visit(fn);
    return found;
  }

  /** SDK values declared as members of a project type (`interface Session { transport: …; server: … }`). */
  private membersOfShape(shape: ts.TypeLiteralNode | ts.InterfaceDeclaration | ts.ClassLikeDeclaration): Value[] {
    if (ts.isClassDeclaration(shape) || ts.isClassExpression(shape)) return this.membersOfClass(shape);
    const out: Value[] = [];
    for (const member of shape.members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const value = this.values.valueOfType(member.type, []);
      if (value && value.kind !== 'shape') out.push(value);
    }
    return out;
  }

  /** SDK values held by a project class: typed fields and constructor parameter properties. */
  private membersOfClass(cls: ts.ClassLikeDeclaration): Value[] {
    const out: Value[] = [];
    const types: ts.TypeNode[] = [];
    for (const member of cls.members) {
      if (ts.isPropertyDeclaration(member) && member.type) types.push(member.type);
      if (ts.isConstructorDeclaration(member)) {
        for (const param of member.parameters) if (param.type && ts.getModifiers(param)?.length) types.push(param.type);
      }
    }
    for (const type of types) {
      const value = this.values.valueOfType(type, []);
      if (value && value.kind !== 'shape') out.push(value);
    }
    return out;
  }

  /**
   * A type parameter or alias that stands for an SDK class by its members: `T extends ServerLike` with
   * `type ServerLike = { close: Server['close']; connect: Server['connect'] }` is a server, whatever `T` is
   * instantiated with, since every member it declares is the SDK class's own. Only when every member is
   * such an indexed access of one and the same SDK class.
   */
  private structuralSdkValue(type: ts.TypeNode, depth: number): Value | undefined {
    if (depth > 3) return undefined;
    if (ts.isTypeLiteralNode(type)) {
      let found: Value | undefined;
      for (const member of type.members) {
        const memberType = ts.isPropertySignature(member) ? member.type : undefined;
        if (!memberType || !ts.isIndexedAccessTypeNode(memberType) || !ts.isTypeReferenceNode(memberType.objectType)) return undefined;
        const owner = this.values.valueOfType(memberType.objectType, []);
        if (!owner || owner.kind === 'shape' || (found && (found.kind !== owner.kind || found.cls !== owner.cls))) return undefined;
        found = owner;
      }
      return found && { ...found, hops: [] };
    }
    if (!ts.isTypeReferenceNode(type)) return undefined;
    for (const decl of this.values.symbolOf(type.typeName)?.declarations ?? []) {
      const next = ts.isTypeParameterDeclaration(decl) ? decl.constraint : ts.isTypeAliasDeclaration(decl) ? decl.type : undefined;
      const value = next && this.structuralSdkValue(next, depth + 1);
      if (value) return value;
    }
    return undefined;
  }

  /** SDK values named in a store's declared type or in `new Map<K, V>()` type arguments. */
  private valuesInDeclaredType(decl: ts.Node): Value[] {
    const out: Value[] = [];
    const typeNodes: ts.Node[] = [];
    const type = declaredType(decl);
    if (type) typeNodes.push(type);
    const init = (decl as { initializer?: ts.Expression }).initializer;
    if (init) {
      const inner = unwrap(init);
      if (ts.isNewExpression(inner) && inner.typeArguments) typeNodes.push(...inner.typeArguments);
      if (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) typeNodes.push(init.type);
    }
    for (const root of typeNodes) {
      const visit = (node: ts.Node): void => {
        if (ts.isTypeReferenceNode(node)) {
          const value = this.values.valueOfType(node, []);
          const members = value?.shape ? this.membersOfShape(value.shape) : [];
          const structural = members.length === 0 ? this.structuralSdkValue(value?.shape && ts.isTypeLiteralNode(value.shape) ? value.shape : node, 0) : undefined;
          if (members.length) out.push(...members);
          else if (structural) out.push(structural);
          else if (value) out.push(value);
          else {
            const cls = classDeclarationOf(this.values, node.typeName);
            if (cls) out.push(...this.membersOfClass(cls));
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(root);
    }
    return out;
  }
}

/** `counts.get(sid)`, `counts[sid]`: the previous entry, in `(counts.get(sid) ?? 0) + 1`. */
function isCollectionRead(node: ts.Expression): boolean {
  return storeRoot(node) !== unwrap(node);
}

/** For `X.get(k)`, `X[k]`, `cond ? X.get(k) : new Set()`, `X.get(k) ?? new Set()`: the collection `X`. */
function aliasedCollection(init: ts.Expression): ts.Expression | undefined {
  const inner = unwrap(init) as ts.Expression;
  if (ts.isConditionalExpression(inner)) return aliasedCollection(inner.whenTrue) ?? aliasedCollection(inner.whenFalse);
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return aliasedCollection(inner.left);
  }
  const root = storeRoot(inner);
  return root !== inner ? root : undefined;
}

/** The project class an expression or type name refers to (`new Session(…)`, `Map<string, Session>`). */
function classDeclarationOf(values: ValueAnalysis, ref: ts.Node): ts.ClassLikeDeclaration | undefined {
  const inner = unwrap(ref);
  const id = ts.isPropertyAccessExpression(inner) ? inner.name : ts.isQualifiedName(inner) ? inner.right : inner;
  if (!ts.isIdentifier(id)) return undefined;
  return values.symbolOf(id)?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassDeclaration(d) || ts.isClassExpression(d));
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

/** `subscriptions.get(uri).add(sid)` is an access of `subscriptions`; `this.carts[sid]` of `this.carts`. */
function storeRoot(expr: ts.Expression): ts.Expression {
  let current = unwrap(expr) as ts.Expression;
  for (;;) {
    if (ts.isCallExpression(current)) {
      const callee = unwrap(current.expression);
      if (ts.isPropertyAccessExpression(callee) && ['get', 'getOrCreate'].includes(callee.name.text)) {
        current = unwrap(callee.expression) as ts.Expression;
        continue;
      }
    }
    if (ts.isElementAccessExpression(current)) {
      current = unwrap(current.expression) as ts.Expression;
      continue;
    }
    return current;
  }
}

const LOG_WORDS = new Set(['log', 'logger', 'debug', 'trace', 'audit', 'telemetry', 'tracer', 'span']);

/** `testDebug`, `logInfo`, `debug_log` → true; `catalog`, `blog` → false. */
function namesALogger(name: string): boolean {
  return name
    .split(/[_$]|(?<=[a-z0-9])(?=[A-Z])/)
    .some((word) => LOG_WORDS.has(word.toLowerCase()));
}

function isLogCall(call: ts.CallExpression): boolean {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return namesALogger(callee.text);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  if (!LOG_METHODS.has(callee.name.text)) return false;
  const receiver = unwrap(callee.expression);
  const receiverName = ts.isIdentifier(receiver)
    ? receiver.text
    : ts.isPropertyAccessExpression(receiver)
      ? receiver.name.text
      : ts.isCallExpression(receiver)
        ? calleeParts(receiver).name ?? ''
        : '';
  return LOGGER_RECEIVERS.has(receiverName) || namesALogger(receiverName) || /^(getLogger|getActiveSpan|child|activeSpan)$/.test(receiverName);
}

/**
 * Whether a declared type is a keyed collection: an index signature, `Record`, `Map`/`Set`/…, an array, or a project
 * interface or type alias that is one (`interface TransportMap { [sessionId: string]: SSEServerTransport }`).
 * Undefined when the type says nothing (a reference that does not resolve): the initializer decides.
 */
function isCollectionType(type: ts.TypeNode, values: { symbolOf(node: ts.Node): ts.Symbol | undefined }, depth = 0): boolean | undefined {
  if (ts.isTypeLiteralNode(type)) return type.members.some(ts.isIndexSignatureDeclaration);
  if (ts.isArrayTypeNode(type)) return true;
  if (!ts.isTypeReferenceNode(type)) return undefined;
  const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
  if (COLLECTION_CLASSES.has(name) || name === 'Record' || name === 'ReadonlyMap') return true;
  const declarations = depth < 3 ? (values.symbolOf(type.typeName)?.declarations ?? []) : [];
  for (const d of declarations) {
    if (ts.isInterfaceDeclaration(d)) return d.members.some(ts.isIndexSignatureDeclaration);
    if (ts.isTypeAliasDeclaration(d)) return isCollectionType(d.type, values, depth + 1) ?? false;
  }
  return declarations.length ? false : undefined;
}

/** A declaration that holds a collection rather than a client object with methods. */
export function isCollectionDeclaration(decl: ts.Node, values: { symbolOf(node: ts.Node): ts.Symbol | undefined }): boolean {
  const type = declaredType(decl);
  if (type) {
    const collection = isCollectionType(type, values);
    // A project type that is not a collection by its declaration (`TransportMap` without an index
    // signature): what it is initialised with decides.
    if (collection !== undefined && (collection || !ts.isTypeReferenceNode(type))) return collection;
  }
  const init = (decl as { initializer?: ts.Expression }).initializer ?? (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent) ? decl.parent.right : undefined);
  if (!init) return false;
  const inner = unwrap(init);
  if (ts.isNewExpression(inner) && ts.isIdentifier(inner.expression)) return COLLECTION_CLASSES.has(inner.expression.text);
  if (ts.isArrayLiteralExpression(inner)) return true;
  if (ts.isObjectLiteralExpression(inner)) {
    // An object with methods is a client (a fake KV, a repository), not a keyed collection.
    return !inner.properties.some((p) => ts.isMethodDeclaration(p) || (ts.isPropertyAssignment(p) && (ts.isArrowFunction(p.initializer) || ts.isFunctionExpression(p.initializer))));
  }
  if (ts.isCallExpression(inner)) return inner.expression.getText() === 'Object.create';
  return false;
}

/** The request's `_meta` (MCP: `params._meta`), where a project may carry its own fields from transport to handler. */
const REQUEST_META = '_meta';

/** `x._meta.field` / `x._meta?.field` (the field written), or undefined. */
function requestMetaField(access: ts.PropertyAccessExpression): string | undefined {
  const holder = unwrap(access.expression);
  return ts.isPropertyAccessExpression(holder) && holder.name.text === REQUEST_META ? access.name.text : undefined;
}

/** `x._meta`, or a name bound to it (`const { _meta: meta } = params`, `const meta = params._meta`). */
function isRequestMeta(node: ts.Expression, values: ValueAnalysis): boolean {
  const inner = unwrap(node);
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === REQUEST_META;
  if (!ts.isIdentifier(inner)) return false;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  if (decl && ts.isBindingElement(decl)) return (propertyNameText(decl.propertyName) ?? (ts.isIdentifier(decl.name) ? decl.name.text : undefined)) === REQUEST_META;
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
    const init = unwrap(decl.initializer);
    return ts.isPropertyAccessExpression(init) && init.name.text === REQUEST_META;
  }
  return false;
}
