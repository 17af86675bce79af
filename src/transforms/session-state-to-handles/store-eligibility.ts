/**
 * Which session-keyed stores get a handle: the handles transform asks here first, in this order, and a store that
 * is serving plumbing or bookkeeping of the session (not state a tool reads back) gets a marker with its reason.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, isFunctionLike, outermostWrapper, unwrap } from '../../analysis/ast.js';
import { HANDLER_REGISTRATION_METHODS, TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { requestMethod } from '../../analysis/tools.js';
import type { SessionRead, SessionStore } from '../../analysis/session-flow-types.js';
import { holdsOnlyBookkeeping, isFetchedCache } from '../../analysis/store-classification.js';
import type { Analysis } from '../../analysis/model.js';
import type { StoreModel } from '../../analysis/reach.js';
import type { TransformOptions } from '../kit/plan.js';
import { storeHoldsCredentials } from '../../analysis/credentials.js';
import { HANDSHAKE_ENVELOPE_KEYS, storeHoldsHandshakeData } from '../../analysis/handshake-stores.js';
import { metaMemberText, storedRequestMetaKey } from '../../analysis/request-meta-stores.js';
import { ownTransportClassOf } from '../../analysis/transport-classes.js';
import { RULE_ID } from '../../rule-ids.js';
import { andList } from '../kit/prose.js';
import { heldStateAdvice } from '../kit/held-state.js';
import { holdsTimers } from './timers.js';
import { cachesClientRoots, clientRootsAdvice } from './client-roots.js';
import { expiresIdleSessions, idleExpiryAdvice } from './idle-expiry.js';
import { keptSseRegistryAdvice } from './kept-registries.js';
import { marksCallsAcrossRetries, recordsSessionTimes, retryMarksAdvice, sessionTimesAdvice } from './session-bookkeeping.js';

/** The `_meta` key of a request's progress token (MCP `notifications/progress` answers it). */
const PROGRESS_TOKEN = 'progressToken';

/** Why a store is marked instead of rewritten: the report's reason, and the marker's rule and text. */
export interface NoHandle {
  reason: string;
  ruleId: string;
  message: string;
  /** Serving plumbing (a transport registry, the HTTP layer's records): never a store a handle could stand for. */
  plumbing?: boolean;
}

/**
 * Why `model` needs no handle (or cannot carry one), checked in order: the first that holds wins, so the serving
 * layer's kinds come before the bookkeeping a state store may turn out to be. Undefined: rewrite it.
 */
export function whyNoHandle(model: StoreModel, analysis: Analysis, sf: ts.SourceFile, target?: TransformOptions['target']): NoHandle | undefined {
  const { store } = model;
  const keyedStore = (reason: string, message: string): NoHandle => ({ reason, ruleId: RULE_ID.keyedStore, message });
  if (store.kind === 'session') {
    return {
      reason: 'session registry of the HTTP layer: serving plumbing, not application state',
      ruleId: RULE_ID.transportRegistry,
      plumbing: true,
      message: 'a record per session kept by the HTTP layer: remove it with the session routing (2026-07-28 has no sessions to validate or expire) and bind identity per request.',
    };
  }
  // A record per session that carries the serving layer's transport or server and also what tools read and write
  // back (yigitkonur's `SessionData { transport, server, calculations }` in a session store its tools update,
  // sweep 13 L4): not plumbing to remove with the routing, but two things to split.
  if ((store.kind === 'transport' || store.kind === 'server') && model.tools.length > 0 && !store.declaration) {
    return keyedStore(
      'a record per session holding the serving layer\'s objects and state tools read back: split it, no handle for the whole record',
      mixedRecordAdvice(store.name, [...new Set([...model.tools.map((t) => t.name), ...model.accesses.flatMap((a) => analysis.reach.toolsRunning(a.sink.node).map((p) => p.tool.name))])]),
    );
  }
  // Its records keep a credential or other state besides the transport (sweep 19 S2): not plumbing to remove.
  if (store.kind === 'transport' && store.heldState?.length) {
    return { reason: 'transport registry whose records also keep state read back by the session id', ruleId: RULE_ID.transportRegistry, message: heldStateAdvice(store) };
  }
  if (store.kind === 'transport') {
    const kept = keptSseRegistryAdvice(analysis, store, sf);
    // `if (transport.sessionId) registry[transport.sessionId] = transport` with a `sessionIdGenerator: undefined`
    // transport: nothing is ever stored, and there is no sessionful transport to replace (sweep 18 R5).
    if (!kept && storesOnlyStatelessTransports(store, analysis)) {
      return {
        reason: 'transport registry that is never filled: its transports are stateless',
        ruleId: RULE_ID.transportRegistry,
        plumbing: true,
        message: `never filled: every transport stored here is created with \`sessionIdGenerator: undefined\`, so it has no session id to key it with. Remove the registry and its lookups (dead code); ${target === 'stateless-v1' ? 'the stateless transport per request stays: it is the SDK 1.x form (review 36 R5).' : 'the stateless transport per request stays until the endpoint is served with `createMcpHandler`.'}`,
      };
    }
    return {
      reason: 'transport registry: serving plumbing, not application state',
      ruleId: RULE_ID.transportRegistry,
      plumbing: true,
      // SDK 1.x has no createMcpHandler: there the stateless form is a new server and transport per POST (sweep 23 W6).
      message:
        kept ??
        (target === 'stateless-v1'
          ? 'serving plumbing keyed by the session id: replace the sessionful transport and this registry with a new server and a new transport (`sessionIdGenerator: undefined`) for each POST, and answer GET and DELETE with 405.'
          : 'serving plumbing keyed by the session id: replace the sessionful transport and this registry with the stateless handler (createMcpHandler / a transport per request).'),
    };
  }
  if (store.kind === 'server') {
    return {
      reason: 'per-session server instances: their closures may hold state',
      ruleId: RULE_ID.perSessionServer,
      message: 'one server per session: build a server per request from a factory, and move any state its closures hold behind explicit handles.',
    };
  }
  if (expiresIdleSessions(store, analysis.values)) {
    return keyedStore('idle-session expiry: bookkeeping of the serving layer, not state a tool reads back', idleExpiryAdvice(store.name));
  }
  if (holdsTimers(model, analysis.values)) {
    return keyedStore(
      'timers per session: bookkeeping of the connection, not state a tool reads back',
      `\`${store.name}\` holds a timer per session: bookkeeping of the connection, not state a tool reads back, so it needs no handle. 2026-07-28 has no connection to push to: stop the timer when the work it serves ends (its request, or a subscriptions/listen stream for what it sends), and drop the map.`,
    );
  }
  if (cachesClientRoots(model, analysis.values)) {
    return keyedStore("the client's roots per session: a cache of what the client said, not state a tool created", clientRootsAdvice(store.name));
  }
  if (recordsSessionTimes(model, analysis.values)) {
    return keyedStore('a time per session (when it began or was last used): bookkeeping of the session, not state a tool reads back', sessionTimesAdvice(store.name));
  }
  if (marksCallsAcrossRetries(model, isSetStore(store.declaration), analysis.values)) {
    return keyedStore("marks of a call's first round keyed by the session id and the call's arguments: state between the rounds of one call (requestState), not a handle", retryMarksAdvice(store.name));
  }
  if (isSetStore(store.declaration)) {
    return keyedStore('a set of session ids: membership per connection, not state a tool reads back', sessionSetAdvice(store.name));
  }
  const metaKey = storedRequestMetaKey(analysis.values, store);
  if (metaKey) {
    return keyedStore(
      `what a request carries in its _meta (${metaKey}), per session: the request a handler serves carries its own, so there is nothing for a handle to name`,
      `\`${store.name}\` keeps per session the ${metaKey} of a request's _meta, keyed by the session id, which a 2026-07-28 request does not have (the lookup finds nothing there, so whatever it feeds is skipped). The request a handler serves carries its own: read it there (${target === 'stateless-v1' ? `extra._meta${metaMemberText(metaKey)}` : `ctx.mcpReq._meta${metaMemberText(metaKey)}${metaKey === PROGRESS_TOKEN ? ', and send the progress with ctx.mcpReq.notify(…)' : ''}`}), then drop this map and what fills it.`,
    );
  }
  if (storeHoldsCredentials(analysis.values, store)) {
    return keyedStore(
      'credentials per session: identity must come from the verified token on every request, not from a handle',
      'credentials kept per session: authenticate every request (authInfo from the bearer token) instead of remembering a login per session.',
    );
  }
  if (storeHoldsHandshakeData(analysis.values, store)) {
    return keyedStore(
      'what the client declared at initialize, per session: every 2026-07-28 request carries it in its _meta, so there is nothing for a handle to name',
      target === 'stateless-v1'
        ? `\`${store.name}\` keeps the client's capabilities or version per session, from the initialize handshake: served statelessly on SDK 1.x, a request reaches a server that never saw initialize, so the entry is never filled for it. Have the handler do without them (or ask the client in the request), then drop this map and what fills it; on SDK v2 each request carries them in its own envelope.`
        : `\`${store.name}\` keeps the client's capabilities or version per session, from the initialize handshake 2026-07-28 removed: read them where they are needed from the request's own envelope (ctx.mcpReq.envelope: ${HANDSHAKE_ENVELOPE_KEYS.join(', ')}), then drop this map and what fills it. Keep it only while 2025-era clients (stdio, server-legacy) are served.`,
    );
  }
  // A cache filled on first use with fetched data: no call creates it, so a handle would name nothing (sweep 24 X1).
  if (isFetchedCache(analysis.values, store)) {
    return keyedStore('a cache filled on first use with data the server fetches: no call creates it, so no handle names it', fetchedCacheAdvice(store.name));
  }
  const transportClass = ownTransportClassOf(analysis, store.declaration);
  if (transportClass && model.tools.length === 0) {
    return keyedStore("the session table of a hand-written transport (a class implementing the SDK's Transport): serving plumbing, not application state", ownTransportTableAdvice(store.name, transportClass.name?.text));
  }
  // Tools registered in a loop from a table (`server.tool(tool.name, …)`) reach it, alone or beside tools registered one by
  // one: the handle cannot be given to the tools it cannot name (sweep 22 V5, review 36 R2).
  if (model.unnamedTools.length > 0) {
    return keyedStore('read by tools registered in a loop from a table (their names are not written in the code): the handles transform gives a handle argument to tools registered one by one', tableToolsAdvice(store.name, model.unnamedTools, model.tools.map((t) => t.name)));
  }
  if (model.tools.length === 0) {
    // Counts and times per session (a rate limit in the dispatcher): a quota on the caller, not state a tool reads back.
    if (holdsOnlyBookkeeping(analysis.values, store)) {
      return keyedStore('counts or times per session (a quota, a rate limit): bookkeeping about the caller, not state a tool reads back', quotaAdvice(store.name));
    }
    // A low-level server's one `tools/call` handler (every tool behind it) does reach it: tools, not bookkeeping.
    if (readInToolsCallHandler(store, analysis)) {
      return keyedStore("read by a low-level server's tools/call handler (one handler for every tool): the handles transform re-keys stores of tools registered one by one", toolsCallHandlerAdvice(store.name));
    }
    // Read by tools through a helper that takes no argument (`getSessionData()`, a closure over the id the server's
    // factory was given): tools do reach it, with nothing in the call to carry a handle yet.
    const running = [...new Set(model.accesses.flatMap((a) => analysis.reach.toolsRunning(a.sink.node).map((p) => p.tool.name)))];
    if (running.length > 0) {
      return keyedStore('read by tools through helpers that take no argument (a closure over the session id): the handle must be passed to them first', closureReadAdvice(store.name, running));
    }
    return keyedStore('no tool reaches this store: bookkeeping of the serving layer or of non-tool handlers, no tool can carry a handle for it', unreachedStoreAdvice(store.name));
  }
  const outside = toolOutsideStoreClass(model);
  if (outside) {
    return keyedStore(
      `a class field reached by a tool registered outside its class: the handle registry, a field beside the store, is not \`this\` in the tool`,
      outsideToolAdvice(store.name, outside.cls, outside.tool),
    );
  }
  return undefined;
}

/**
 * A store that is a class field gets its registry as a field beside it, which the checks, the minting tool and
 * the creating tool reach as `this.<registry>`: right only where `this` is an instance of that class, i.e. the
 * tool's handler is an arrow function (or a chain of them) inside an instance member of the class. A tool
 * registered elsewhere (a module-level `server.tool(...)` calling `state.record(...)`, as lunar's gateway does)
 * would get `this.<registry>` where `this` is something else, so such a store is marked, not rewritten.
 */
function toolOutsideStoreClass(model: StoreModel): { cls: string; tool: string } | undefined {
  const decl = model.store.declaration;
  if (!decl || !ts.isPropertyDeclaration(decl) || !ts.isClassLike(decl.parent)) return undefined;
  const cls = decl.parent;
  const tool = model.tools.find((t) => !thisIsInstanceOf(t.handler ?? t.branch ?? t.call, cls));
  return tool ? { cls: cls.name?.text ?? 'its class', tool: tool.name } : undefined;
}

/** Whether `this` at `node` is an instance of `cls`: the nearest enclosing non-arrow function is an instance member of it. */
function thisIsInstanceOf(node: ts.Node, cls: ts.ClassLikeDeclaration): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isArrowFunction(current)) continue;
    if (ts.isClassStaticBlockDeclaration(current)) return false;
    const member = ts.isMethodDeclaration(current) || ts.isConstructorDeclaration(current) || ts.isGetAccessorDeclaration(current) || ts.isSetAccessorDeclaration(current) || ts.isPropertyDeclaration(current);
    if (member) return current.parent === cls && !ts.getModifiers(current as ts.ClassElement & ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
    if (ts.isFunctionLike(current) || ts.isSourceFile(current)) return false;
  }
  return false;
}

function outsideToolAdvice(name: string, cls: string, tool: string): string {
  return `\`${name}\` is a field of \`${cls}\`, but the tool \`${tool}\` that reaches it is registered outside that class, so a handle registry kept beside the field would not be \`this\` in the tool. Key the field by a handle the tool takes as an argument (minted by a create tool and checked against the caller on every call): give \`${cls}\` the registry and methods that check and mint, call them from the tools, and drop the session id from what the tools pass in.`;
}

/**
 * Membership per session (`clients.add(sessionId)`) records which connections asked for something: to push to
 * them later (everything's toggle tools) or to act once per connection. A handle cannot stand for a connection;
 * what the set serves works only while 2025-era clients, which have sessions, are served.
 */
function sessionSetAdvice(name: string): string {
  return `\`${name}\` is a set of session ids: it records which connections asked for something (to push to them later, or to act once per connection), not state a tool reads back, so it needs no handle. Only 2025-era clients (stdio, server-legacy) have a session id; a 2026-07-28 request has none and no connection to push on: do the work within the request (ctx.mcpReq.notify) or through subscriptions/listen, and drop the set once 2025-era clients are no longer served.`;
}

/** The method a low-level server's tool calls arrive by: its handler serves every tool. */
const TOOLS_CALL = 'tools/call';

/**
 * Whether an access of `store` is inside a handler registered for `tools/call` (`setRequestHandler(CallToolRequestSchema, …)`)
 * or in a helper that handler calls (`createPost(title, sessionId)` → `authStore.getAuth(sessionId)`, with the id the
 * server factory was handed; sweep 11 J5), or the session id that keys it is read there: the handler hands it on to
 * the tool it dispatches to from a table (`registry.get(name).execute(args, { sessionId: extra.sessionId })`,
 * puppeteer-mcp-server; sweep 10 H2).
 */
function readInToolsCallHandler(store: SessionStore, analysis: Analysis): boolean {
  const throughHandler = (read: SessionRead): boolean => [read.node, ...read.paths.flat().map((hop) => hop.node)].some((node) => inToolsCallHandler(node, analysis));
  return store.accesses.some((access) => calledFromToolsCallHandler(access.node, analysis)) || store.reads.some((read) => read.origin === 'context' && throughHandler(read));
}

/** How many helper calls deep an access is followed back to a tools/call handler (as tool reach follows them). */
const MAX_HELPER_DEPTH = 8;

/** `at` is in a tools/call handler, or in a function some call in one reaches through named helper calls. */
function calledFromToolsCallHandler(at: ts.Node, analysis: Analysis): boolean {
  const seen = new Set<ts.Node>();
  const visit = (node: ts.Node, depth: number): boolean => {
    if (inToolsCallHandler(node, analysis)) return true;
    if (depth >= MAX_HELPER_DEPTH) return false;
    const fn = enclosingFunction(node);
    if (!fn || seen.has(fn)) return false;
    seen.add(fn);
    return analysis.values.calls.invocationsOf(fn).some((call) => visit(call, depth + 1));
  };
  return visit(at, 0);
}

function inToolsCallHandler(at: ts.Node, analysis: Analysis): boolean {
  for (let node: ts.Node | undefined = at; node; node = node.parent) {
    const call = node.parent;
    if (!isFunctionLike(node) || !call || !ts.isCallExpression(call)) continue;
    if (call.arguments.includes(outermostWrapper(node) as ts.Expression) && toolRequestMethod(call, analysis) === TOOLS_CALL) return true;
  }
  return false;
}

/** The tool request a server's `setRequestHandler(schema, …)` registers for: the SDK's schema (v1) or the method string (v2). */
function toolRequestMethod(call: ts.CallExpression, analysis: Analysis): string | undefined {
  const { name, receiver } = calleeParts(call);
  const kind = receiver && analysis.values.valueOf(receiver)?.kind;
  if (!name || !HANDLER_REGISTRATION_METHODS.has(name) || (kind !== 'server' && kind !== 'mcp-server') || !call.arguments[0]) return undefined;
  return requestMethod(analysis.values, call.arguments[0]);
}

/** A rate limit or quota counted per session (sweep 10's recheck N3). */
function quotaAdvice(name: string): string {
  return `\`${name}\` counts or times requests per session (a quota, a rate limit): bookkeeping about the caller, which needs no handle. A 2026-07-28 request has no session to count by: key it by the caller's identity (\`authInfo\`: the token's subject or client id) or a tenant, which every request still carries.`;
}

/** ebarron/ONTAP-MCP: `this.sessionManager.getClusterManager(sessionId)` inside the server's `tools/call` handler. */
function toolsCallHandlerAdvice(name: string): string {
  return `\`${name}\` is keyed by the session id and read by the server's tools/call handler, which serves every tool: it is state the tools use, and a 2026-07-28 request has no session id to find it by. Not rewritten: the handles transform gives a handle argument to tools registered one by one, not to a dispatcher. Give the tools that need it a \`<noun>_id\` argument (in their input schemas), minted by a \`create_<noun>\` tool and checked against the caller on every call, and key \`${name}\` by it.`;
}

/** gaia-mcp-server: `for (const tool of tools) this.server.tool(tool.name, …, async (args, extra) => … this.getSessionData(extra.sessionId))`. */
function tableToolsAdvice(name: string, registrations: readonly ts.CallExpression[], named: readonly string[]): string {
  const written = registrations.map((call) => `\`${call.expression.getText()}(${call.arguments[0]!.getText()}, …)\``);
  const also = named.length > 0 ? ` (and by ${toolList(named)})` : '';
  return `\`${name}\` is keyed by the session id and read by every tool ${andList(written)} registers from a table${also}: state the tools use, and a 2026-07-28 request has no session id to find it by. Not rewritten: the handles transform adds a handle argument to tools it can name, one registration each, and these tools' names and schemas are in the table. Add a \`<noun>_id\` argument to the schema of each entry that needs the state (or to all of them where the registration builds the schema), minted by a \`create_<noun>\` tool and checked against the caller on every call, and key \`${name}\` by it.`;
}

/** datamerge-mcp's `sessionFeatures`: account feature flags fetched the first time a gated tool runs in a session. */
function fetchedCacheAdvice(name: string): string {
  return `\`${name}\` caches per session what the server fetches the first time it is needed (it is read back and returned when present, else fetched and stored): no call creates it, so a handle would name nothing the model made, and a 2026-07-28 request has no session id to find it by. Key it by what the data depends on (the caller's identity from authInfo, an account or tenant id, the API key's owner), with an expiry, or fetch it per request.`;
}

/** A table of the transport's own sessions (ivo-toby/mcp-openapi-server's `this.sessions`): it goes with the transport. */
function ownTransportTableAdvice(name: string, cls: string | undefined): string {
  return `\`${name}\` is keyed by the session id inside ${cls ? `\`${cls}\`` : 'a class'}, a hand-written MCP transport (it implements the SDK's \`Transport\`): serving plumbing, not state a tool reads back, so it needs no handle. It goes with the transport's sessions when serving becomes stateless (\`stateless-serving\` marks the class with the replacement).`;
}

function toolList(tools: readonly string[]): string {
  const quoted = tools.slice(0, 4).map((t) => `\`${t}\``);
  return andList(tools.length > 4 ? [...quoted, `${tools.length - 4} more`] : quoted);
}

function mixedRecordAdvice(name: string, tools: readonly string[]): string {
  return `\`${name}\` keeps one record per session that holds both the serving layer's objects (a transport or a server) and state ${tools.length === 1 ? 'the tool' : 'the tools'} ${toolList(tools)} ${tools.length === 1 ? 'reads and writes' : 'read and write'} back. Split it: the serving objects go with the sessions when serving becomes stateless (createMcpHandler builds them per request); what the tools keep (the rest of the record) must outlive the request without a session id, so store it under an explicit handle a create tool mints (\`<noun>_id\`, checked against the caller) that the tools take as an argument.`;
}

function closureReadAdvice(name: string, tools: readonly string[]): string {
  return `\`${name}\` is keyed by the session id the server's factory was given, and ${tools.length === 1 ? 'the tool' : 'the tools'} ${toolList(tools)} ${tools.length === 1 ? 'reaches' : 'reach'} it through helpers that take no argument (a closure over that id): on 2026-07-28 the server is built per request with no session id. Re-key it by an explicit handle a create tool mints (\`<noun>_id\`, checked against the caller), take the handle as a tool argument and hand it to those helpers.`;
}

/**
 * A session-keyed store no tool reaches (metamcp's pools of upstream connections and their timestamps): no tool
 * could take a handle for it, so "re-key it by a handle" would be advice nobody can follow.
 */
function unreachedStoreAdvice(name: string): string {
  return `\`${name}\` is keyed by the session id, but no tool reaches it, so no tool can carry a handle for it. If it is bookkeeping of the serving layer (a connection, server or timestamp per session), it goes with the sessions when serving becomes stateless: 2026-07-28 has no session to key it by, so key what must outlive a request by what that layer still has (the caller's identity from authInfo, a tenant or namespace) or make it per request. If a resource or prompt handler reads it, pass what the handler needs in that request (its URI or arguments) instead of the session id.`;
}

function isSetStore(decl: ts.Node | undefined): boolean {
  if (!decl || !(ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl))) return false;
  const type = decl.type;
  if (type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && /^(Weak)?Set$/.test(type.typeName.text)) return true;
  const init = decl.initializer && unwrap(decl.initializer);
  return !!init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && /^(Weak)?Set$/.test(init.expression.text);
}

/**
 * Whether every write into the registry stores a transport built with `sessionIdGenerator: undefined` (directly, or
 * through the `const` it was assigned to): such a transport never has a session id, so the registry stays empty.
 */
function storesOnlyStatelessTransports(store: SessionStore, analysis: Analysis): boolean {
  const writes = store.accesses.filter((a) => a.written);
  if (writes.length === 0) return false;
  // Each write only runs when the transport has a session id (`if (transport.sessionId) registry[…] = transport`): an
  // unguarded `registry[String(transport.sessionId)] = transport` does fill it, under "undefined".
  if (!writes.every((w) => guardedBySessionId(w.node))) return false;
  return writes.map((w) => w.written!).every((value) => {
    let node: ts.Node = unwrap(value);
    if (ts.isIdentifier(node)) {
      const decl = analysis.values.symbolOf(node)?.valueDeclaration;
      if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !ts.isVariableDeclarationList(decl.parent) || !(decl.parent.flags & ts.NodeFlags.Const)) return false;
      node = unwrap(decl.initializer);
    }
    if (!ts.isNewExpression(node) || analysis.values.valueOf(node)?.kind !== 'transport') return false;
    const options = node.arguments?.[0] && unwrap(node.arguments[0]);
    if (!options || !ts.isObjectLiteralExpression(options)) return false;
    const generator = options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === TRANSPORT_MEMBERS.sessionIdOption);
    return !!generator && analysis.values.isUndefinedValue(generator.initializer);
  });
}

/** Whether `node` runs only under an `if` (or `&&`) testing some `….sessionId`. */
function guardedBySessionId(node: ts.Node): boolean {
  const tests = (condition: ts.Node): boolean => /\.sessionId\b/.test(condition.getText());
  for (let child: ts.Node = node, parent = node.parent; parent && !isFunctionLike(parent); child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && parent.thenStatement === child && tests(parent.expression)) return true;
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && parent.right === child && tests(parent.left)) return true;
  }
  return false;
}
