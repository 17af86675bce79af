/**
 * Which reads of the session id (`sessions.reads`) are findings, and of which rule: `read` for
 * `session-state/session-id-read`, `telemetry` for `session-state/session-telemetry` (one finding per read,
 * never both). The two rules report by this verdict, and the handles transform marks the reads they report.
 */
import { ts } from '../typescript.js';
import { calleeParts } from './ast.js';
import type { SessionRead, SessionFlow, Sink } from './session-flow.js';

export type ReadVerdict = 'read' | 'telemetry' | undefined;

/** Which of the two rules reports this read, if either (see the module comment). */
export function classifyRead(read: SessionRead, sessions: SessionFlow): ReadVerdict {
  // Header reads are session-header findings and the `onsessioninitialized` argument belongs to
  // session-lifecycle; the stores they key are still reported by keyed-store.
  if (read.origin === 'header' || read.origin === 'callback' || read.origin === 'query') return undefined;
  if (read.guard) return undefined;
  // `kv.get(\`cart:${extra.sessionId}\`)`: keyed-store reports the key expression, which is this read;
  // one expression gets one finding.
  if (read.sinks.length > 0 && read.sinks.every((sink) => isKvKeyContaining(sink, read, sessions))) return undefined;
  const meaningful = read.sinks.filter((sink) => isStateOrLog(sink, sessions));
  // A handler reading the id the project carried into `_meta` by hand is a read like `extra.sessionId`.
  const handlerRead = read.origin === 'context' || read.origin === 'injected';
  if (!handlerRead && meaningful.length === 0) return undefined; // routing code: registry rules cover it
  const sinks = handlerRead ? read.sinks : meaningful;
  if (sinks.length > 0 && sinks.every((s) => s.kind === 'log')) return 'telemetry';
  return 'read';
}

/** A keyed-store `kv` finding (a client store, reported at each key) whose key expression contains the read. */
function isKvKeyContaining(sink: Sink, read: SessionRead, sessions: SessionFlow): boolean {
  if (sink.kind !== 'store' || !sink.key) return false;
  const store = sessions.storeOfSink(sink);
  if (store?.kind !== 'state' || store.declaration) return false;
  const key = sink.key;
  return key.getSourceFile() === read.node.getSourceFile() && key.getStart() <= read.node.getStart() && read.node.getEnd() <= key.getEnd();
}

/**
 * For a transport's id: state, logs, or the id handed to other code (an ACL check, a
 * constructor). Not a transport/server registry, and not the id put in an object that
 * routing code passes around (`return { stream, sessionId: transport.sessionId }`).
 */
function isStateOrLog(sink: Sink, sessions: SessionFlow): boolean {
  if (sink.kind === 'other') return ts.isCallExpression(sink.node) || ts.isNewExpression(sink.node);
  if (sink.kind !== 'store') return true;
  const store = sessions.storeOfSink(sink);
  if (store?.kind === 'state') return true;
  // A lookup in a registry whose records also keep state code reads back (`getSession(sid).apiToken`): what the id
  // selects there is that state, not only a route to a transport.
  return !!store?.heldState?.length && isLookup(sink);
}

/** `registry.get(id)` or `registry[id]` read (not a write, a delete or a membership test). */
function isLookup(sink: Sink): boolean {
  if (sink.written) return false;
  const node = sink.node;
  if (ts.isCallExpression(node)) return calleeParts(node).name === 'get';
  return ts.isElementAccessExpression(node) && !ts.isDeleteExpression(node.parent);
}
