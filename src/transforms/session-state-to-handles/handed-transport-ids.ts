/**
 * The session id of a transport the serving code hands to a callback, filed in a registry this transform marks
 * (jdutton/mcp-typescript-simple's `this.httpServer.onStreamableHTTPTransport(async (streamableTransport) => { const
 * sessionId = streamableTransport.sessionId ?? 'anonymous'; this.streamableTransports.set(sessionId, …); logger.info(…,
 * { sessionId }) })`). The read is the serving layer's own id, not application state and not a handler's: no
 * handle stands for it and the request id is not in reach to log instead, and no endpoint marker of
 * stateless-serving covers it, because the callback is not an endpoint: the transport was created elsewhere and
 * only handed here. Scan still reports it (session-telemetry when it is only logged besides, session-id-read when
 * it is also handed to other code), so each such read gets one marker that ties it to the registry's marker and
 * says what becomes of it when that registry goes.
 *
 * Taken only when the read is reported (`classifyRead`), comes from a parameter of a function passed as a call's
 * argument, inline or by reference from the same file (the transport is handed, not made, here), and keys at least one store and only serving registries
 * (transport, session or server records) that this transform marked: a read that also keys application state is
 * the store rewrite's or its markers' business, and a registry left to a kept HTTP+SSE endpoint (no outcome
 * here) is covered by that endpoint's marker.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { forEachDescendant, outermostWrapper, statementOf, stringValue, unwrap } from '../../analysis/ast.js';
import type { SessionFlow, SessionRead, SessionStore } from '../../analysis/session-flow.js';
import { classifyRead } from '../../analysis/session-read-verdicts.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { RULE_ID, type RuleId } from '../../rule-ids.js';
import type { StoreOutcome } from '../kit/plan.js';
import { andList } from '../kit/prose.js';

export interface HandedTransportId {
  /** The statement the marker goes above (one per statement, for every such read inside it). */
  statement: ts.Node;
  ruleId: RuleId;
  message: string;
}

/**
 * `outcomes`: each planned store's outcome; `markedAt`: the statement above which each outcome's marker stands (the
 * registries' markers are placed before this runs).
 */
export function handedTransportIds(
  sessions: SessionFlow,
  values: ValueAnalysis,
  outcomes: ReadonlyMap<SessionStore, StoreOutcome>,
  markedAt: ReadonlyMap<StoreOutcome, ts.Node>,
): HandedTransportId[] {
  const out: HandedTransportId[] = [];
  const seen = new Set<ts.Node>();
  const byReference = new Map<ts.Node, ts.CallExpression | null>();
  for (const read of sessions.reads) {
    if (read.origin !== 'transport') continue;
    const verdict = classifyRead(read, sessions);
    if (!verdict) continue;
    const callback = handingCall(read, values, byReference);
    if (!callback) continue;
    const registries = markedRegistries(read, sessions, outcomes, markedAt);
    if (!registries) continue;
    const statement = statementOf(read.node);
    if (seen.has(statement)) continue;
    seen.add(statement);
    out.push({
      statement,
      ruleId: verdict === 'telemetry' ? RULE_ID.sessionTelemetry : RULE_ID.sessionIdRead,
      message: advice(read, callback, registries, fallbackOf(read)),
    });
  }
  return out;
}

/**
 * The call whose argument is the function that gets the transport as a parameter, when the read's transport is such a
 * parameter, read directly (`t.sessionId`) or destructured (`const { sessionId } = t`): the function written inline
 * (`onTransport(async (t) => …)`) or passed by reference from the same file (`onTransport(handleTransport)` with
 * `function handleTransport(t) {…}` or `const handleTransport = async (t) => …`; `onTransport(this.register)` or
 * `this.register.bind(this)` with a method or an arrow-function property `register`).
 */
function handingCall(read: SessionRead, values: ValueAnalysis, byReference: Map<ts.Node, ts.CallExpression | null>): ts.CallExpression | undefined {
  const receiver = transportOf(read.node);
  if (!receiver || !ts.isIdentifier(receiver)) return undefined;
  const parameter = values.symbolOf(receiver)?.valueDeclaration;
  if (!parameter || !ts.isParameter(parameter)) return undefined;
  const fn = parameter.parent;
  if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) {
    const call = outermostWrapper(fn).parent;
    if (call && ts.isCallExpression(call) && call.arguments.some((a) => unwrap(a) === fn)) return call;
  }
  const name = nameOf(fn);
  if (!name) return undefined;
  let found = byReference.get(name);
  if (found === undefined) {
    found = callPassing(name, values) ?? null;
    byReference.set(name, found);
  }
  return found ?? undefined;
}

/** The name a function is passed by: its own (a function or method declaration), or the const or class property holding it. */
function nameOf(fn: ts.Node): ts.Identifier | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return undefined;
  const holder = outermostWrapper(fn).parent;
  if (holder && (ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder)) && holder.initializer && unwrap(holder.initializer) === fn && ts.isIdentifier(holder.name)) return holder.name;
  return undefined;
}

/**
 * The first call in `name`'s file with an argument that refers to what `name` declares: `name`, `x.name`, or either
 * bound (`x.name.bind(x)`). Names are compared first, so only same-named references are resolved.
 */
function callPassing(name: ts.Identifier, values: ValueAnalysis): ts.CallExpression | undefined {
  const symbol = values.symbolOf(name);
  if (!symbol) return undefined;
  let found: ts.CallExpression | undefined;
  forEachDescendant(name.getSourceFile(), (node) => {
    if (found || !ts.isCallExpression(node)) return;
    for (const arg of node.arguments) {
      const ref = referenceIn(arg);
      if (ref && ref.text === name.text && ref !== name && values.symbolOf(ref) === symbol) {
        found = node;
        return;
      }
    }
  });
  return found;
}

/** `f` in `f`, `x.f`, `f.bind(x)` or `x.f.bind(x)` (also parenthesized or cast). */
function referenceIn(arg: ts.Node): ts.Identifier | undefined {
  let inner = unwrap(arg);
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression) && inner.expression.name.text === 'bind') inner = unwrap(inner.expression.expression);
  if (ts.isIdentifier(inner)) return inner;
  if (ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.name)) return inner.name;
  return undefined;
}

/** `t` in `t.sessionId`, `t?.sessionId`, `t['sessionId']` or `const { sessionId } = t`. */
function transportOf(name: ts.Node): ts.Node | undefined {
  const parent = name.parent;
  if (!parent) return undefined;
  if ((ts.isPropertyAccessExpression(parent) && parent.name === name) || (ts.isElementAccessExpression(parent) && parent.argumentExpression === name)) return unwrap(parent.expression);
  if (ts.isBindingElement(parent) && ts.isObjectBindingPattern(parent.parent) && ts.isVariableDeclaration(parent.parent.parent)) {
    const init = parent.parent.parent.initializer;
    return init && unwrap(init);
  }
  return undefined;
}

interface MarkedRegistry {
  outcome: StoreOutcome;
  at: ts.Node;
}

/** The registries the read keys, each once; undefined unless it keys one and every store it keys is a registry marked here. */
function markedRegistries(read: SessionRead, sessions: SessionFlow, outcomes: ReadonlyMap<SessionStore, StoreOutcome>, markedAt: ReadonlyMap<StoreOutcome, ts.Node>): MarkedRegistry[] | undefined {
  const found: MarkedRegistry[] = [];
  for (const sink of read.sinks) {
    if (sink.kind !== 'store') continue;
    const store = sessions.storeOfSink(sink);
    if (!store || store.kind === 'state') return undefined;
    const outcome = outcomes.get(store);
    const at = outcome && markedAt.get(outcome);
    if (!outcome || outcome.status !== 'marked' || !at) return undefined;
    if (!found.some((r) => r.outcome === outcome)) found.push({ outcome, at });
  }
  return found.length > 0 ? found : undefined;
}

/** `'anonymous'` in `t.sessionId ?? 'anonymous'` (or `||`): what every transport is filed under once it has no id. */
function fallbackOf(read: SessionRead): string | undefined {
  const access = read.node.parent;
  if (!access || !(ts.isPropertyAccessExpression(access) || ts.isElementAccessExpression(access))) return undefined;
  const used = outermostWrapper(access);
  const parent = used.parent;
  if (!parent || !ts.isBinaryExpression(parent) || parent.left !== used) return undefined;
  const op = parent.operatorToken.kind;
  if (op !== ts.SyntaxKind.QuestionQuestionToken && op !== ts.SyntaxKind.BarBarToken) return undefined;
  const text = stringValue(parent.right);
  return text === undefined ? undefined : `'${text}'`;
}

function advice(read: SessionRead, call: ts.CallExpression, registries: readonly MarkedRegistry[], fallback: string | undefined): string {
  const here = read.node.getSourceFile();
  const callee = call.expression.getText().replace(/\s+/g, '');
  const named = registries.map(({ outcome, at }) => {
    const file = at.getSourceFile() === here ? '' : ` in ${path.basename(at.getSourceFile().fileName)}`;
    return `\`${outcome.store}\` (marked at its declaration${file})`;
  });
  const logs = [...new Set(read.sinks.filter((s) => s.kind === 'log').map((s) => s.description.replace(/^logged by /, '')))];
  const others = [...new Set(read.sinks.filter((s) => s.kind === 'other').map((s) => s.description))];
  const uses = [`files it in ${andList(named)}`, ...(logs.length ? [`is logged (${logs.join(', ')})`] : []), ...(others.length ? [`is ${others.join('; ')}`] : [])];
  const registry = registries.length === 1 ? 'that registry' : 'those registries';
  const lost = [...(logs.length ? [`every log line would carry ${fallback ?? 'undefined'}`] : []), ...(others.length ? [`what it is passed to would get ${fallback ?? 'undefined'}`] : [])];
  const filed = fallback ? `every transport would be filed under ${fallback} (one replacing another, and the first to close removing the other's entry)` : 'the registration has nothing to file it under';
  const todo = [
    `remove this registration and its cleanup together with ${registry} (keep open transports in a Set if shutdown must close them)`,
    ...(logs.length ? ['drop the session id from these log lines (a per-request transport serves one request, whose handler logs its request id)'] : []),
    ...(others.length ? ['give what it is passed to the key it needs without sessions (the request id, the caller from authInfo) or none'] : []),
  ];
  return (
    `\`${callee}(…)\` hands this callback a transport, and its session id ${andList(uses)}: the serving layer's own id, not application state, so no handle stands for it. ` +
    `It is real while the transport is sessionful (2025-era clients) and goes with ${registry}: a transport made per request has no session id, so ${andList([filed, ...lost])}. ` +
    `When serving becomes stateless, ${andList(todo)}.`
  );
}
