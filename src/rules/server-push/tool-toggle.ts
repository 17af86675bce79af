import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, unwrap } from '../../analysis/ast.js';
import { pathHops } from '../../analysis/reach.js';
import { isServerKind, type ValueAnalysis } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';

const TOGGLES = new Set(['enable', 'disable', 'remove', 'update']);
const REGISTRATIONS = new Set(['tool', 'registerTool', 'prompt', 'registerPrompt', 'resource', 'registerResource']);
/** Globals that run a callback later, while the server is serving. */
const TIMERS = new Set(['setInterval', 'setTimeout']);

export default defineRule({
  meta: {
    id: 'server-push/tool-toggle',
    category: 'server-push',
    severity: 'error',
    fix: 'manual',
    summary: '`enable()`/`disable()`/`remove()`/`update()` on a registered tool, prompt or resource; a registration made inside a tool call',
    messages: {
      toggle: '`{{method}}()` changes the list as a side effect of a call; on 2026-07-28 lists must not vary per connection or change as a side effect, and a per-request server forgets it anyway. Register the item unconditionally and make it require a handle (e.g. `connection_id`) that errors until the minting tool was called.',
      registeredInCall:
        '`{{method}}()` runs inside tool {{tools}}: the list changes as a side effect of a call; on 2026-07-28 lists must not vary per connection or change as a side effect, and a per-request server forgets it anyway. Register the item unconditionally (a resource template over what the tool creates, a tool that takes a handle) instead.',
      registeredOnTimer:
        '`{{method}}()` runs from a `{{timer}}` callback: the list changes while clients are connected, announced by an unsolicited `list_changed`. On 2026-07-28 a per-request server is built anew for each request and never sees the timer: register the items in the factory (a resource template over the changing set) and publish changes with `handler.notify.*`.',
    },
    spec: specUrl('server/tools'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const { name, nameNode, receiver } = calleeParts(node);
          if (!name || !receiver || !(TOGGLES.has(name) || REGISTRATIONS.has(name))) return;
          if (TOGGLES.has(name) && context.analysis.values.valueOf(receiver)?.kind === 'registered') {
            context.report({ node: nameNode, messageId: 'toggle', data: { method: name } });
            return;
          }
          // `server.registerResource(…)` reached from a tool handler (directly or through helpers): registered by a call.
          if (REGISTRATIONS.has(name) && isServerKind(context.analysis.values.valueOf(receiver))) {
            const paths = context.analysis.reach.toolsReaching(node);
            if (paths.length === 0) {
              const timer = timerRunning(context.analysis.values, node, 3);
              if (timer) context.report({ node: nameNode, messageId: 'registeredOnTimer', data: { method: name, timer } });
              return;
            }
            const tools = [...new Set(paths.map((p) => `'${p.tool.name}'`))].join(', ');
            context.report({ node: nameNode, messageId: 'registeredInCall', data: { method: name, tools }, hops: pathHops(paths[0]!) });
          }
        },
      },
    };
  },
});

/**
 * The timer (`setInterval`, `setTimeout`) whose callback runs `node`, directly or through up to `depth`
 * helper calls (`setInterval(() => addResource(…))` with the registration inside `addResource`).
 */
function timerRunning(values: ValueAnalysis, node: ts.Node, depth: number, seen = new Set<ts.Node>()): string | undefined {
  const fn = enclosingFunction(node);
  if (!fn || seen.has(fn)) return undefined;
  seen.add(fn);
  const outer = fn.parent && ts.isParenthesizedExpression(fn.parent) ? fn.parent : fn;
  const call = outer.parent;
  if (call && ts.isCallExpression(call) && call.arguments[0] === outer) {
    const callee = unwrap(call.expression);
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) && /^(globalThis|window|global)$/.test(callee.expression.getText()) ? callee.name.text : undefined;
    // A project function of the same name is not the timer.
    if (name && TIMERS.has(name) && !values.functionOfCall(call)) return name;
  }
  if (depth === 0) return undefined;
  for (const caller of values.callsOf(fn)) {
    const timer = timerRunning(values, caller, depth - 1, seen);
    if (timer) return timer;
  }
  return undefined;
}
