/**
 * Shared by `session-id-read` and `session-telemetry`: each reports the reads of the session id the
 * analysis gives it (`analysis/session-read-verdicts.ts`), and session-telemetry the tagging calls.
 */
import { ts } from '../../typescript.js';
import { calleeParts } from '../../analysis/ast.js';
import type { SessionRead } from '../../analysis/session-flow.js';
import { classifyRead, type ReadVerdict } from '../../analysis/session-read-verdicts.js';
import type { RuleContext } from '../rule.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import { SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';

/** "keys `carts`; logged by console.error()" */
function describeSinks(read: SessionRead): string {
  // A comparison is named even beside other sinks: it is why a log-only read is not telemetry (review 42 S42-3).
  const parts = [...new Set(read.sinks.filter((s) => s.kind !== 'other' || read.sinks.length === 1 || s.description.startsWith('compared with')).map((s) => s.description))];
  return parts.length ? parts.join('; ') : 'read';
}

/**
 * The `end()` of session-id-read and session-telemetry: report each read the verdict gives to the rule. `sseMessageId`:
 * the message for the id of an HTTP+SSE transport (a 2025-era connection, whose id is real for as long as that endpoint
 * is served), when the rule words it apart.
 */
export function reportReads(context: RuleContext, verdict: Exclude<ReadVerdict, undefined>, sseMessageId?: string): void {
  const { sessions, values } = context.analysis;
  for (const read of sessions.reads) {
    if (classifyRead(read, sessions) !== verdict) continue;
    const messageId = sseMessageId && isSseTransportId(read, values) ? sseMessageId : verdict;
    context.report({ node: read.node, messageId, data: { use: describeSinks(read) }, hops: read.hops });
  }
}

/** `transport.sessionId` of an SDK HTTP+SSE transport (`new SSEServerTransport(…)`, or a binding typed as one). */
function isSseTransportId(read: SessionRead, values: ValueAnalysis): boolean {
  if (read.origin !== 'transport') return false;
  const access = read.node.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.name !== read.node) return false;
  const value = values.valueOf(access.expression);
  return value?.kind === 'transport' && value.cls !== undefined && SSE_TRANSPORTS.has(value.cls);
}

/**
 * Methods that attach a value to every later log line, span or error report of their receiver
 * (`logger.setAttribute('sessionId', sid)`, `span.setAttributes({ … })`, `logger.child({ sid })`, `scope.setTag`).
 */
const ATTRIBUTE_METHODS = new Set(['setAttribute', 'setAttributes', 'setTag', 'setTags', 'setContext', 'setExtra', 'child']);

/**
 * The serving code's own ids (the `Mcp-Session-Id` header, the `onsessioninitialized` argument, the `?sessionId=` of an
 * SSE post) are not reads of these rules: a log message naming them goes away with the session layer. Tagging a
 * logger or a span with one is different: the id leaves the process as telemetry on everything logged or traced
 * after it, and a dashboard or alert that groups by it loses its key. One finding per tagging call.
 */
export function reportTelemetryAttributes(context: RuleContext, messageId: string): void {
  const reported = new Set<ts.Node>();
  for (const read of context.analysis.sessions.reads) {
    if (read.origin !== 'header' && read.origin !== 'callback' && read.origin !== 'query') continue;
    for (const sink of read.sinks) {
      if (sink.kind !== 'log' || !ts.isCallExpression(sink.node) || reported.has(sink.node)) continue;
      const { name, nameNode } = calleeParts(sink.node);
      if (!name || !nameNode || !ATTRIBUTE_METHODS.has(name)) continue;
      reported.add(sink.node);
      context.report({ node: nameNode, messageId, data: { call: `${name}()` }, hops: sink.hops });
    }
  }
}

/**
 * The serving code's own id (the header, or the id it mints) put in a request-context store for the code that serves
 * the request (`requestContext.run({ sessionId }, …)`, read back with `getStore()` in a tool handler) and logged there
 * (sweep 31 AE3): unlike a log line of the serving code, it leaves the session layer, into the application's own
 * records (an audit table), which lose their key. One finding per property put in the store.
 */
export function reportContextStoreTelemetry(context: RuleContext, messageId: string): void {
  const reported = new Set<ts.Node>();
  for (const read of context.analysis.sessions.reads) {
    if (read.origin !== 'header' && read.origin !== 'callback' && read.origin !== 'query') continue;
    for (const sink of read.sinks) {
      if (sink.kind !== 'log') continue;
      const hop = sink.hops.find((h) => h.via === 'context-store');
      if (!hop || reported.has(hop.node)) continue;
      reported.add(hop.node);
      context.report({ node: hop.node, messageId, data: { use: sink.description }, hops: sink.hops });
    }
  }
}
