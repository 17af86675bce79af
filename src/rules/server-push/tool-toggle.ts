import { ts } from '../../analysis/typescript.js';
import { calleeParts } from '../../analysis/ast.js';
import { defineRule, specUrl } from '../rule.js';

const TOGGLES = new Set(['enable', 'disable', 'remove', 'update']);

export default defineRule({
  meta: {
    id: 'server-push/tool-toggle',
    category: 'server-push',
    severity: 'error',
    fix: 'manual',
    summary: '`enable()`/`disable()`/`remove()`/`update()` on a registered tool, prompt or resource',
    messages: {
      toggle: '`{{method}}()` changes the list as a side effect of a call; on 2026-07-28 lists must not vary per connection or change as a side effect, and a per-request server forgets it anyway. Register the item unconditionally and make it require a handle (e.g. `connection_id`) that errors until the minting tool was called.',
    },
    spec: specUrl('server/tools'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const { name, nameNode, receiver } = calleeParts(node);
          if (!name || !receiver || !TOGGLES.has(name)) return;
          if (context.analysis.values.valueOf(receiver)?.kind === 'registered') {
            context.report({ node: nameNode, messageId: 'toggle', data: { method: name } });
          }
        },
      },
    };
  },
});
