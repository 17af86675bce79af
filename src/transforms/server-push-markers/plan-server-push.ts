/**
 * `server-push-markers`: the server→client traffic 2026-07-28 removed or moved. List-changed and
 * resource-updated sends on a resolved SDK v2 server are rewritten onto the project's change-event bus
 * (publish-events.ts); ping statements are removed; every other site found by the scan rule that knows
 * it gets a marker and the report a note with the replacement:
 * - `resources/subscribe` handlers and `sendResourceUpdated`: `subscriptions/listen` (answered by
 *   the serving entry) and `handler.notify.resourceUpdated(uri)`;
 * - list-changed notifications sent as a side effect: `handler.notify.*`, lists that do not change per call;
 * - per-connection tool toggles (`enable()`/`disable()`): unconditional tools that take a handle;
 * - `ping()`: removal (transport keep-alives).
 * `SSEServerTransport` is serving: `stateless-serving` keeps it (server-legacy) while 2025-era clients
 * are served and marks it otherwise, so it is not marked here a second time with other advice.
 */
import { ts } from '../../typescript.js';
import { statementEnd } from '../kit/removal-range.js';
import { forEachDescendant } from '../../analysis/ast.js';
import { STDIO_TRANSPORTS } from '../../analysis/sdk-modules.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { STANDALONE_NOTIFICATION_RULE, mayHoldStandaloneNotification, ruleOfFeature, standaloneNotification, type FeatureId, type FeatureUse } from '../../analysis/sdk-features.js';
import { RULE_ID, type RuleId } from '../../rule-ids.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { emptyPlan } from '../kit/plan.js';
import { addMarker, isMarked, markFrameworkSites } from '../kit/handler-sites.js';
import { isConnectionNudge, publishChangeEvents, sentPerSession } from './publish-events.js';

/**
 * Framework sites of other rules this transform marks (declared in the catalog's `marks`): a framework's
 * session kept beyond its request, and — when the handshake or MRTR transform has not marked them already
 * (run alone, or through its jscodeshift entry) — the session's client capabilities and sampling.
 */
export const FRAMEWORK_SESSION_RULES: readonly RuleId[] = [ruleOfFeature('client-capabilities'), ruleOfFeature('sampling'), RULE_ID.perSessionServer];

/** A change sent to each 2025-era session that asked for it, in a loop over the session registry (sweep 25 Y5). */
const PER_SESSION_CHANGE =
  'sent to each 2025-era session of the registry this loop walks (those that subscribed): only they receive it. 2026-07-28 clients listen on subscriptions/listen, which no session holds: publish the change once, outside the loop (handler.notify.resourceUpdated(uri) / toolsChanged() from the createMcpHandler handle, a shared ServerEventBus across instances), and keep this loop only while 2025-era sessions are served.';

/** The features this transform marks, in the order it marks them, with the marker and the report's note. */
const REPLACEMENT: Partial<Record<FeatureId, { marker: string; note: string }>> = {
  'resource-subscription': {
    marker: 'resources/subscribe is legacy-only on 2026-07-28: clients open subscriptions/listen (answered by createMcpHandler/serveStdio) and its filter replaces this bookkeeping. Publish updates with handler.notify.resourceUpdated(uri) (HTTP; share a ServerEventBus across instances) or server.server.sendResourceUpdated under serveStdio.',
    note: 'subscriptions: resources/subscribe bookkeeping → subscriptions/listen (the serving entry answers it) and handler.notify.resourceUpdated(uri) (HTTP; a shared ServerEventBus across instances) / server.server.sendResourceUpdated under serveStdio',
  },
  'change-notification': {
    marker: 'unsolicited notification: on 2026-07-28 it reaches only subscriptions/listen streams, and a per-request server has none. Publish with handler.notify.toolsChanged()/resourcesChanged()/promptsChanged()/resourceUpdated(uri) from the createMcpHandler handle (shared ServerEventBus across instances), and never change a list as a side effect of a call.',
    note: 'notifications: list-changed / resource-updated sends → handler.notify.* from the createMcpHandler handle (a shared ServerEventBus across instances); lists must not change as a side effect of a call',
  },
  'tool-toggle': {
    marker: 'per-connection tool toggle: 2026-07-28 lists must not change per connection or as a side effect of a call, and a per-request server forgets the change. Register the tool unconditionally and make it take a handle argument (e.g. connection_id from the tool that enabled it) that errors until that tool was called.',
    note: 'tool toggles: enable()/disable() per connection → unconditional tools that take a handle argument and error until the minting tool was called',
  },
  ping: {
    marker: 'ping was removed in both directions in 2026-07-28 and throws on a 2026-era instance: remove it and rely on transport keep-alives.',
    note: 'ping: removed in 2026-07-28 → delete the call (transport keep-alives)',
  },
};

/** A ping whose result the code uses (a heartbeat racing it against a timeout, a liveness check): not deleted. */
const PING_IN_EXPRESSION =
  'ping was removed in both directions in 2026-07-28 and throws on a 2026-era instance, and this code uses its result (a heartbeat or liveness check): delete the check with it rather than the ping alone. Dead connections show up as closed transports (keep-alives on HTTP, the process ending on stdio).';

/** A list change sent to a client as it connects (publish-events.ts `isConnectionNudge`). */
const CONNECTION_NUDGE =
  "sent to a client as it connects (right after connect, or for its initialize): a nudge to that connection, not a change of the list. 2026-07-28 has no connection to nudge (clients list tools per request, and subscriptions/listen announces real changes), and publishing it would tell every listener of a change that did not happen. It serves 2025-era clients only: remove it when they go.";

/**
 * A list change of a stdio-only server left on SDK 1.x (`--target stateless-v1`, or the fallback of a held-back move):
 * its stdio connection still carries the notification to the 2025-era client; there is no HTTP handler to publish
 * from (sweep 22 V4).
 */
const STDIO_V1_CHANGE =
  'unsolicited notification on a stdio connection of SDK 1.x: it still reaches the 2025-era client connected there, so it stays while the server is on SDK 1.x. Once it moves to SDK v2 and serves with serveStdio, keep the send on the server it builds (server.server.sendToolListChanged()/sendResourceListChanged()/sendPromptListChanged()/sendResourceUpdated(…)), which reaches the subscriptions/listen stream of 2026-07-28 clients, and never change a list as a side effect of a call.';

/** The program serves over stdio only: it creates stdio transports and no HTTP one (Streamable HTTP or HTTP+SSE). */
function servesStdioOnly(result: AnalysisResult): boolean {
  let stdio = false;
  let http = false;
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    forEachDescendant(sf, (node) => {
      if (!ts.isNewExpression(node)) return;
      const value = result.analysis.values.valueOf(node);
      if (value?.kind !== 'transport' || !value.cls) return;
      if (STDIO_TRANSPORTS.has(value.cls)) stdio = true;
      else http = true;
    });
  }
  return stdio && !http;
}

export function planServerPush(result: AnalysisResult, options: TransformOptions): TransformPlan {
  let stdioOnly: boolean | undefined;
  const plan = emptyPlan();
  plan.notes = [];
  let pings = 0;
  for (const [feature, replacement] of Object.entries(REPLACEMENT) as Array<[FeatureId, { marker: string; note: string }]>) {
    const ruleId = ruleOfFeature(feature);
    const seen = new Set<string>();
    let reports = result.analysis.features.uses(feature);
    // List-changed / resource-updated sends on a resolved server → the project's change-event bus (2026-07-28).
    if (feature === 'change-notification') {
      const published = publishChangeEvents(result, options, plan, reports);
      reports = reports.filter((r) => !published.has(r.node));
    }
    // Sends bound into one object of closures (`{ notifyToolListChanged: () => server.sendToolListChanged(), … }`)
    // are one construct, the object a person replaces: one marker above it, not one per property.
    const perObject = new Map<ts.ObjectLiteralExpression, number>();
    for (const report of reports) {
      const object = closureObjectOf(report.node);
      if (object) perObject.set(object, (perObject.get(object) ?? 0) + 1);
    }
    for (const report of reports) {
      // `await server.server.ping();` as a statement of its own: removed (2026-07-28 has no ping).
      const removable = feature === 'ping' && report.messageId === 'call' ? pingStatement(report.node) : undefined;
      if (removable) {
        const sf = removable.getSourceFile();
        const lineStart = sf.text.lastIndexOf('\n', removable.getStart(sf) - 1) + 1;
        // The next line's `;` guard (`;[…]` in code written without semicolons) is not the ping's to take.
        const own = statementEnd(sf, removable);
        const onlyStatement = sf.text.slice(lineStart, removable.getStart(sf)).trim() === '' && /^[ \t]*(\r?\n|$)/.test(sf.text.slice(own));
        const end = onlyStatement ? own + /^[ \t]*(\r?\n)?/.exec(sf.text.slice(own))![0].length : own;
        plan.edits.push({ file: sf.fileName, start: onlyStatement ? lineStart : removable.getStart(sf), end, text: '' });
        pings++;
        continue;
      }
      const object = closureObjectOf(report.node);
      const anchor = object && perObject.get(object)! > 1 ? object : report.node;
      const sf = anchor.getSourceFile();
      const key = `${sf.fileName}:${sf.getLineAndCharacterOfPosition(anchor.getStart(sf)).line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const message =
        feature === 'ping' && report.messageId === 'call'
          ? PING_IN_EXPRESSION
          : feature === 'change-notification' && isConnectionNudge(result, report.node)
          ? CONNECTION_NUDGE
          : feature === 'change-notification' && options.target === 'stateless-v1' && (stdioOnly ??= servesStdioOnly(result))
          ? STDIO_V1_CHANGE
          : feature === 'change-notification' && options.target === '2026-07-28' && sentPerSession(result, report.node)
          ? PER_SESSION_CHANGE
          : markerFor(feature, replacement.marker, report);
      addMarker(plan, anchor, ruleId, anchor === object ? `the ${perObject.get(object)} senders of this object (one marker for all): ${message}` : message);
    }
    if (seen.size) plan.notes.push(`${replacement.note} (${seen.size} site${seen.size === 1 ? '' : 's'} marked)`);
  }
  const standalone = markStandaloneNotifications(result, plan);
  if (standalone) plan.notes.push(`standalone notifications: ${standalone} server.notification() send${standalone === 1 ? '' : 's'} outside a request marked (2026-07-28 has no standalone stream: progress goes on the request, long work through Tasks)`);
  const framework = markFrameworkSites(result, plan, (Object.keys(REPLACEMENT) as FeatureId[]).map(ruleOfFeature));
  if (framework) plan.notes.push(`server push: ${framework} framework site${framework === 1 ? '' : 's'} marked with the framework's advice`);
  // A framework's session used beyond what a rewrite reaches (a FastMCPSession stored in a field for later
  // calls, its requestSampling() and clientCapabilities, Cloudflare's per-session McpAgent): the framework
  // decides how a request reaches the server, so each site gets the framework description's advice. A site
  // the handshake or MRTR transform marked earlier in the run already has its marker and is skipped.
  const sessions = markFrameworkSites(result, plan, FRAMEWORK_SESSION_RULES);
  if (sessions) plan.notes.push(`framework sessions: ${sessions} use${sessions === 1 ? '' : 's'} of a framework's session (sampling, client capabilities, a session kept for later calls) marked with the framework's advice`);
  if (pings) plan.notes.push(`ping: ${pings} ping() statement${pings === 1 ? '' : 's'} removed (2026-07-28 has no ping; rely on transport keep-alives)`);
  return plan;
}

/**
 * The marker as it fits the site: a handler of `resources/unsubscribe` is told about that method, not about
 * `resources/subscribe` (the description's text names the first method of the feature).
 */
function markerFor(feature: FeatureId, marker: string, report: FeatureUse): string {
  // A list kept in step by a timer, or changed inside a tool call: no connection toggles it (sweep 18 R4).
  if (feature === 'tool-toggle' && report.messageId === 'registeredOnTimer') return ON_TIMER.replace('%method', report.data?.method ?? '').replace('%timer', report.data?.timer ?? 'timer');
  if (feature === 'tool-toggle' && report.messageId === 'onHandshake') return ON_HANDSHAKE.replace('%method', report.data?.method ?? '').replace('%hook', report.data?.hook ?? 'oninitialized');
  if (feature === 'tool-toggle' && report.messageId === 'registeredInCall') return IN_CALL.replace('%method', report.data?.method ?? '').replace('%tools', report.data?.tools ?? '');
  const method = report.messageId === 'handler' ? report.data?.method : undefined;
  return feature === 'resource-subscription' && method && method !== SUBSCRIBE ? marker.replace(SUBSCRIBE, method) : marker;
}
const SUBSCRIBE = 'resources/subscribe';
const ON_TIMER =
  '`%method()` runs from a `%timer` callback: the list changes while clients are connected, not per connection or per call. On 2026-07-28 a per-request server is built anew for each request and never sees that callback: register the items in the server factory (a resource template over the changing set) and publish the changes with handler.notify.* (HTTP; a shared ServerEventBus across instances) or the instance\'s send*ListChanged under serveStdio.';
const ON_HANDSHAKE =
  '`%method()` runs from the `%hook` hook, when a client completes the handshake: it configures the item per connection, from what the client said or offered then (its roots, its name). 2026-07-28 has no handshake, so this never runs for a 2026-07-28 client (and a per-request server would not keep it): take the configuration from where it is needed, the server\'s own settings, an argument of the tool, or inputRequired.listRoots() inside the tool call, and register the item configured (or have its handler read the configuration per call).';
const IN_CALL =
  '`%method()` runs inside tool %tools: the list changes as a side effect of a call, which 2026-07-28 lists must not do, and a per-request server forgets it anyway. Register the item unconditionally (a resource template over what the tool creates, or a tool that takes a handle the creating tool returns) instead.';

/**
 * The object literal a send is bound into as a property's closure (`notify: () => server.sendX()`,
 * `notify() { … }`), when the send is directly in that closure; undefined elsewhere.
 */
function closureObjectOf(node: ts.Node): ts.ObjectLiteralExpression | undefined {
  for (let current = node.parent; current && !ts.isSourceFile(current); current = current.parent) {
    if (ts.isMethodDeclaration(current) || ts.isArrowFunction(current) || ts.isFunctionExpression(current)) {
      const holder = ts.isMethodDeclaration(current) ? current : current.parent;
      return holder && (ts.isPropertyAssignment(holder) || ts.isMethodDeclaration(holder)) && ts.isObjectLiteralExpression(holder.parent) ? holder.parent : undefined;
    }
    if (ts.isFunctionLike(current) || ts.isClassLike(current)) return undefined;
  }
  return undefined;
}

/** The `[await|void] x.ping();` statement a ping report points into, when the call is the whole statement. */
function pingStatement(node: ts.Node): ts.ExpressionStatement | undefined {
  let call: ts.Node | undefined = node;
  while (call && !ts.isCallExpression(call)) call = call.parent;
  if (!call) return undefined;
  let outer: ts.Node = call;
  while (outer.parent && (ts.isAwaitExpression(outer.parent) || ts.isVoidExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent))) outer = outer.parent;
  return outer.parent && ts.isExpressionStatement(outer.parent) && (ts.isBlock(outer.parent.parent) || ts.isSourceFile(outer.parent.parent)) ? outer.parent : undefined;
}

const STANDALONE_MARKER =
  'this notification goes on the session\'s standalone stream (no relatedRequestId), which 2026-07-28 removes: send progress on the request it is about (ctx.mcpReq.notify inside the handler), report work that outlives the request through the Tasks extension (tasks/get), and list changes through handler.notify.* (HTTP) or the instance\'s send*ListChanged() under serveStdio. It still reaches 2025-era clients while they are served.';

/**
 * `server.notification(…)` with no `relatedRequestId` that the logging transform did not move onto a request
 * (it rewrites progress a handler sends): outside a handler nothing can take its place mechanically.
 */
function markStandaloneNotifications(result: AnalysisResult, plan: TransformPlan): number {
  let marked = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const sent = standaloneNotification(result.analysis, node);
      if (sent && !isMarked(plan, sent.node)) {
        addMarker(plan, sent.node, STANDALONE_NOTIFICATION_RULE, STANDALONE_MARKER);
        marked++;
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const sf of result.sourceFiles) if (!sf.isDeclarationFile && mayHoldStandaloneNotification(sf.text)) visit(sf);
  return marked;
}
