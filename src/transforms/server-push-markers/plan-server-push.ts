/**
 * `server-push-markers`: the server→client traffic 2026-07-28 removed or moved, which no rewrite
 * can carry over safely — each site found by the scan rule that knows it gets a marker and the
 * report a note with the replacement:
 * - `resources/subscribe` handlers and `sendResourceUpdated`: `subscriptions/listen` (answered by
 *   the serving entry) and `handler.notify.resourceUpdated(uri)`;
 * - list-changed notifications sent as a side effect: `handler.notify.*`, lists that do not change per call;
 * - per-connection tool toggles (`enable()`/`disable()`): unconditional tools that take a handle;
 * - `ping()`: removal (transport keep-alives).
 * `SSEServerTransport` is serving: `stateless-serving` keeps it (server-legacy) while 2025-era clients
 * are served and marks it otherwise, so it is not marked here a second time with other advice.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { ReportDescriptor, Rule, RuleContext } from '../../rules/rule.js';
import changeNotification from '../../rules/server-push/change-notification.js';
import ping from '../../rules/server-push/ping.js';
import resourceSubscription from '../../rules/server-push/resource-subscription.js';
import toolToggle from '../../rules/server-push/tool-toggle.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { emptyPlan } from '../kit/plan.js';
import { addMarker } from '../kit/handler-sites.js';

const REPLACEMENT: Record<string, { marker: string; note: string }> = {
  'server-push/resource-subscription': {
    marker: 'resources/subscribe is legacy-only on 2026-07-28: clients open subscriptions/listen (answered by createMcpHandler/serveStdio) and its filter replaces this bookkeeping. Publish updates with handler.notify.resourceUpdated(uri) (HTTP; share a ServerEventBus across instances) or server.server.sendResourceUpdated under serveStdio.',
    note: 'subscriptions: resources/subscribe bookkeeping → subscriptions/listen (the serving entry answers it) and handler.notify.resourceUpdated(uri) (HTTP; a shared ServerEventBus across instances) / server.server.sendResourceUpdated under serveStdio',
  },
  'server-push/change-notification': {
    marker: 'unsolicited notification: on 2026-07-28 it reaches only subscriptions/listen streams, and a per-request server has none. Publish with handler.notify.toolsChanged()/resourcesChanged()/promptsChanged()/resourceUpdated(uri) from the createMcpHandler handle (shared ServerEventBus across instances), and never change a list as a side effect of a call.',
    note: 'notifications: list-changed / resource-updated sends → handler.notify.* from the createMcpHandler handle (a shared ServerEventBus across instances); lists must not change as a side effect of a call',
  },
  'server-push/tool-toggle': {
    marker: 'per-connection tool toggle: 2026-07-28 lists must not change per connection or as a side effect of a call, and a per-request server forgets the change. Register the tool unconditionally and make it take a handle argument (e.g. connection_id from the tool that enabled it) that errors until that tool was called.',
    note: 'tool toggles: enable()/disable() per connection → unconditional tools that take a handle argument and error until the minting tool was called',
  },
  'server-push/ping': {
    marker: 'ping was removed in both directions in 2026-07-28 and throws on a 2026-era instance: remove it and rely on transport keep-alives.',
    note: 'ping: removed in 2026-07-28 → delete the call (transport keep-alives)',
  },
};

const RULES: readonly Rule[] = [resourceSubscription, changeNotification, toolToggle, ping];

export function planServerPush(result: AnalysisResult, _options: TransformOptions): TransformPlan {
  const plan = emptyPlan();
  plan.notes = [];
  const found = new Map<string, Array<ReportDescriptor>>();
  for (const rule of RULES) {
    const reports: ReportDescriptor[] = [];
    const context: RuleContext = { analysis: result.analysis, report: (d) => reports.push(d) };
    const listener = rule.create(context);
    const visitors = Object.entries(listener.visitors ?? {}).map(([kind, visit]) => [Number(kind), visit as (node: ts.Node) => void] as const);
    for (const sf of result.sourceFiles) {
      forEachDescendant(sf, (node) => {
        for (const [kind, visit] of visitors) if (node.kind === kind) visit(node);
      });
    }
    listener.end?.();
    found.set(rule.meta.id, reports);
  }
  let pings = 0;
  for (const [ruleId, reports] of found) {
    const replacement = REPLACEMENT[ruleId]!;
    const seen = new Set<string>();
    for (const report of reports) {
      // `await server.server.ping();` as a statement of its own: removed (2026-07-28 has no ping).
      const removable = ruleId === 'server-push/ping' && report.messageId === 'call' ? pingStatement(report.node) : undefined;
      if (removable) {
        const sf = removable.getSourceFile();
        const lineStart = sf.text.lastIndexOf('\n', removable.getStart(sf) - 1) + 1;
        const onlyStatement = sf.text.slice(lineStart, removable.getStart(sf)).trim() === '' && /^[ \t]*(\r?\n|$)/.test(sf.text.slice(removable.end));
        const end = onlyStatement ? removable.end + /^[ \t]*(\r?\n)?/.exec(sf.text.slice(removable.end))![0].length : removable.end;
        plan.edits.push({ file: sf.fileName, start: onlyStatement ? lineStart : removable.getStart(sf), end, text: '' });
        pings++;
        continue;
      }
      const sf = report.node.getSourceFile();
      const key = `${sf.fileName}:${sf.getLineAndCharacterOfPosition(report.node.getStart(sf)).line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      addMarker(plan, report.node, ruleId, replacement.marker);
    }
    if (seen.size) plan.notes.push(`${replacement.note} (${seen.size} site${seen.size === 1 ? '' : 's'} marked)`);
  }
  if (pings) plan.notes.push(`ping: ${pings} ping() statement${pings === 1 ? '' : 's'} removed (2026-07-28 has no ping; rely on transport keep-alives)`);
  return plan;
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
