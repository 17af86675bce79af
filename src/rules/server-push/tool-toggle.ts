import { ts } from '../../analysis/typescript.js';
import { calleeParts } from '../../analysis/ast.js';
import { pathHops } from '../../analysis/reach.js';
import { isServerKind } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';

const TOGGLES = new Set(['enable', 'disable', 'remove', 'update']);
const REGISTRATIONS = new Set(['tool', 'registerTool', 'prompt', 'registerPrompt', 'resource', 'registerResource']);

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
            if (paths.length === 0) return;
            const tools = [...new Set(paths.map((p) => `'${p.tool.name}'`))].join(', ');
            context.report({ node: nameNode, messageId: 'registeredInCall', data: { method: name, tools }, hops: pathHops(paths[0]!) });
          }
        },
      },
    };
  },
});
