/**
 * What a store the session id keys is, by what it holds and who keys it: a transport registry (serving plumbing,
 * gone with the session routing), a per-session server, the HTTP layer's own record of its sessions (`session`:
 * keyed only by the header the serving code reads, or bookkeeping such as counters and timers), or application
 * state (what the handle transform rewrites). The kinds are the contract with the rules and transforms
 * (`StoreKind`); this module only decides between them.
 */
import { ts } from '../typescript.js';
import { valuesGivenTo } from './assignments.js';
import { calleeParts, enclosingFunction, forEachDescendant, outermostWrapper, unwrap } from './ast.js';
import type { ValueAnalysis } from './values.js';
import type { Value } from './value.js';
import type { SessionStore, StoreKind } from './session-flow-types.js';
import { isCollectionRead } from './keyed-collections.js';
import { heldValues, valuesInDeclaredType } from './held-sdk-values.js';
import { CLOCK_READS, DELAYED_TIMERS } from './timers.js';

/** Global clocks and timers: what the session layer keeps per session to expire, throttle or count it. */
const CLOCK_AND_TIMER_CALLS: ReadonlySet<string> = new Set([...CLOCK_READS, ...DELAYED_TIMERS, 'Number']);

export function classifyStore(values: ValueAnalysis, store: SessionStore): StoreKind {
  const kinds = new Set<string>();
  const note = (value: Value | undefined): void => {
    if (value) kinds.add(value.kind);
  };
  if (store.declaration) for (const v of valuesInDeclaredType(values, store.declaration)) note(v);
  for (const access of store.accesses) {
    if (!access.written) {
      // `transports[sid].handleRequest(...)`: the element is used as a transport.
      const use = outermostWrapper(access.node).parent;
      if (use && ts.isPropertyAccessExpression(use) && use.name.text === 'handleRequest') kinds.add('transport');
      continue;
    }
    for (const value of heldValues(values, access.written, 0)) note(value);
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
    [...store.accesses.map((a) => a.written), ...(store.declaration ? writtenInto(values, store.declaration) : [])].some((w) => w !== undefined && carriesSessionId(values, w, 0));
  if (sessionRecords && store.reads.length > 0 && store.reads.every((r) => r.origin === 'header')) return 'session';
  if (isSessionBookkeeping(values, store, kinds)) return 'session';
  return 'state';
}

/**
 * The session layer's own bookkeeping: a collection keyed by the id the serving code reads from the `Mcp-Session-Id`
 * header (and the transport's session callbacks), never by one a handler reads from its context, whose
 * entries are only counters, timestamps, timers, flags or bare membership — facts about the session, not data a tool
 * reads back. It goes away with the session routing, like a transport registry.
 */
function isSessionBookkeeping(values: ValueAnalysis, store: SessionStore, kinds: ReadonlySet<string>): boolean {
  if (!store.declaration || store.reads.length === 0 || kinds.size > 0) return false;
  // Routed by the header (a store only the transport's callbacks touch, or an SSE post's query, stays state).
  if (!store.reads.some((r) => r.origin === 'header') || !store.reads.every((r) => r.origin === 'header' || r.origin === 'callback')) return false;
  const written = [...store.accesses.map((a) => a.written), ...writtenInto(values, store.declaration)].filter((w): w is ts.Expression => w !== undefined);
  return written.every((w) => isBookkeepingValue(values, w, 0));
}

/**
 * Whether everything written into `store` is a count, a time, a timer or a flag (a rate limit's `calls.set(sid,
 * (calls.get(sid) ?? 0) + 1)`): bookkeeping per session, whoever keys it.
 */
export function holdsOnlyBookkeeping(values: ValueAnalysis, store: SessionStore): boolean {
  const written = [...store.accesses.map((a) => a.written), ...(store.declaration ? writtenInto(values, store.declaration) : [])].filter((w): w is ts.Expression => w !== undefined);
  return written.length > 0 && written.every((w) => isBookkeepingValue(values, w, 0));
}

/** `1`, `count + 1`, `Date.now()`, `new Date()`, `setTimeout(…)`, `true`, `{ timeout: setTimeout(…) }`, or a `const` holding one. */
export function isBookkeepingValue(values: ValueAnalysis, written: ts.Expression, depth: number): boolean {
  const inner = unwrap(written) as ts.Expression;
  if (depth > 3) return false;
  if (ts.isNumericLiteral(inner) || inner.kind === ts.SyntaxKind.TrueKeyword || inner.kind === ts.SyntaxKind.FalseKeyword) return true;
  if (ts.isPrefixUnaryExpression(inner)) return isBookkeepingValue(values, inner.operand, depth + 1);
  if (ts.isBinaryExpression(inner)) {
    const op = inner.operatorToken.kind;
    // Arithmetic on a count (`(counts.get(sid) ?? 0) + 1`): one numeric side is enough.
    if (op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.MinusToken) return [inner.left, inner.right].some((side) => isBookkeepingValue(values, side, depth + 1));
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return [inner.left, inner.right].every((side) => isBookkeepingValue(values, side, depth + 1) || isCollectionRead(side));
    return false;
  }
  if (ts.isObjectLiteralExpression(inner)) {
    return inner.properties.length > 0 && inner.properties.every((p) => ts.isPropertyAssignment(p) && isBookkeepingValue(values, p.initializer, depth + 1));
  }
  if (ts.isNewExpression(inner)) return ts.isIdentifier(inner.expression) && inner.expression.text === 'Date' && !values.symbolOf(inner.expression)?.valueDeclaration;
  if (ts.isCallExpression(inner)) {
    const callee = unwrap(inner.expression);
    const text = ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee) ? callee.getText() : '';
    // Globals only: a project function of the same name is something else.
    return CLOCK_AND_TIMER_CALLS.has(text) && !values.calls.functionOfCall(inner);
  }
  if (ts.isIdentifier(inner)) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && isBookkeepingValue(values, decl.initializer, depth + 1);
  }
  return false;
}

/** A call of a project method whose class declares a collection classified as a session registry. */
export function callsIntoSessionRegistry(values: ValueAnalysis, stores: ReadonlyMap<ts.Node, SessionStore>, node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const fn = values.calls.functionOfCall(node);
  const cls = fn && ts.isMethodDeclaration(fn) && ts.isClassLike(fn.parent) ? fn.parent : undefined;
  if (!cls) return false;
  return [...stores.values()].some((s) => s.kind === 'session' && s.declaration !== undefined && s.declaration.parent === cls);
}

/** What the declaring file writes into a collection (`x.set(k, v)`, `x[k] = v`), whatever the key. */
export function writtenInto(values: ValueAnalysis, decl: ts.Node): ts.Expression[] {
  const name = (decl as { name?: ts.Node }).name;
  if (!name || !(ts.isIdentifier(name) || ts.isPrivateIdentifier(name))) return [];
  const symbol = values.symbolOf(name);
  const same = (node: ts.Node): boolean => {
    const target = ts.isPropertyAccessExpression(node) ? node.name : node;
    return (ts.isIdentifier(target) || ts.isPrivateIdentifier(target)) && target.text === name.text && values.symbolOf(target) === symbol;
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
function carriesSessionId(values: ValueAnalysis, written: ts.Expression, depth: number): boolean {
  const inner = unwrap(written);
  if (ts.isIdentifier(inner) && depth < 3) {
    // The initializer, or what is assigned to it later (`let session = map.get(id); if (!session) { session = { id, … } }`).
    const assigned = valuesGivenTo(values, inner);
    if (!assigned) return false;
    return assigned.some((e) => carriesSessionId(values, e, depth + 1));
  }
  if (!ts.isObjectLiteralExpression(inner)) return false;
  return inner.properties.some((p) => {
    const value = ts.isPropertyAssignment(p) ? p.initializer : ts.isShorthandPropertyAssignment(p) ? p.name : undefined;
    return value !== undefined && values.valueOf(value)?.kind === 'session-id';
  });
}

/** Calls that fetch data the server can fetch again (`getAccountFeatures()`, `fetchProfile()`, `loadSettings()`), not open a resource. */
const FETCH_CALL = /^(?:get|fetch|load|list|read|query|lookup|retrieve)[A-Z_]/;
/** What a `get…` call may hand out that is no data but a resource the calls act on (`getConnection()`, `getPage()`). */
const RESOURCE_NOUNS = new Set(['connection', 'client', 'page', 'browser', 'session', 'context', 'socket', 'pool', 'transaction', 'tab', 'window', 'driver', 'instance', 'handle', 'stream', 'channel', 'cursor', 'lock', 'worker', 'process']);

/** A fetch of data by its name: `getAccountFeatures`, not `getConnection` or `getBrowserContext`. */
function fetchesData(name: string): boolean {
  if (!FETCH_CALL.test(name)) return false;
  const last = name.split(/(?<=[a-z0-9])(?=[A-Z])|_/).at(-1)?.toLowerCase() ?? '';
  return !RESOURCE_NOUNS.has(last) && !RESOURCE_NOUNS.has(last.replace(/s$/, ''));
}

/**
 * A cache filled on first use with data the server fetches (datamerge-mcp's `sessionFeatures`, sweep 24 X1): every write
 * into the store stands in a function that first reads the same key from it and returns what it found
 * (`const cached = store.get(id); if (cached) return cached;`, or `if (store.has(id)) return store.get(id)`), and writes
 * what an awaited fetch returned (`new Set(await client.getAccountFeatures())`). No call of the session creates it and
 * none changes it: a handle would name nothing the model made. A lazily opened resource (`await browser.newPage()`) is
 * no such fetch; a lazily made record (`{ items: [] }`) is written without one.
 */
export function isFetchedCache(values: ValueAnalysis, store: SessionStore): boolean {
  const writes = store.accesses.filter((a) => a.written !== undefined);
  if (writes.length === 0) return false;
  return writes.every((write) => {
    const fn = enclosingFunction(write.node);
    if (!fn?.body || !write.key || !fetchedValue(values, write.written!, fn)) return false;
    const key = write.key.getText();
    return store.accesses.some((read) => read.written === undefined && read.key?.getText() === key && enclosingFunction(read.node) === fn && read.node.pos < write.node.pos && returnedWhenFound(read.node, fn));
  });
}

/** `await x.getY()`, `new Set(await x.getY())`, or a `const` of the function holding one. */
function fetchedValue(values: ValueAnalysis, written: ts.Expression, fn: ts.FunctionLikeDeclaration, depth = 0): boolean {
  const value = unwrap(written);
  if (ts.isIdentifier(value) && depth < 2) {
    const decl = values.symbolOf(value)?.valueDeclaration;
    return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && enclosingFunction(decl) === fn && fetchedValue(values, decl.initializer, fn, depth + 1);
  }
  return someNode(value, (node) => {
    const awaited = ts.isAwaitExpression(node) ? unwrap(node.expression) : undefined;
    return !!awaited && ts.isCallExpression(awaited) && fetchesData(calleeParts(awaited).name ?? '');
  });
}

/** The read's result is returned from `fn` when there is one: `const c = store.get(k); if (c) return c;` or `if (store.has(k)) return …`. */
function returnedWhenFound(read: ts.Node, fn: ts.FunctionLikeDeclaration): boolean {
  // The expression the read stands in (`store.get(k)`, `store.get(k)!`, `await store.get(k)`), up to what holds it.
  let outer: ts.Node = read;
  while (outer.parent && (ts.isPropertyAccessExpression(outer.parent) || ts.isElementAccessExpression(outer.parent) || (ts.isCallExpression(outer.parent) && outer.parent.expression === outer) || ts.isNonNullExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent) || ts.isAsExpression(outer.parent) || ts.isAwaitExpression(outer.parent))) outer = outer.parent;
  const holder = outer.parent;
  const returnsInThen = (statement: ts.IfStatement): boolean => someNode(statement.thenStatement, (node) => ts.isReturnStatement(node) && enclosingFunction(node) === fn);
  if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) {
    const name = holder.name.text;
    const tests = (statement: ts.Node): boolean => ts.isIfStatement(statement) && statement.pos >= holder.end && someNode(statement.expression, (node) => ts.isIdentifier(node) && node.text === name) && returnsInThen(statement);
    return someNode(fn.body!, tests);
  }
  // `if (store.has(k)) return store.get(k)!;` / `if (cache[k]) return cache[k];`
  for (let node: ts.Node | undefined = outer.parent; node && node !== fn; node = node.parent) {
    if (ts.isIfStatement(node)) return node.expression.pos <= read.pos && read.end <= node.expression.end && returnsInThen(node);
  }
  return false;
}

/** Whether `root` or a node below it passes `test`. */
function someNode(root: ts.Node, test: (node: ts.Node) => boolean): boolean {
  if (test(root)) return true;
  let found = false;
  forEachDescendant(root, (node) => {
    if (!found && test(node)) found = true;
  });
  return found;
}
