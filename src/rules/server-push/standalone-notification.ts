import { ts } from '../../typescript.js';
import { standaloneNotification } from '../../analysis/sdk-features.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'server-push/standalone-notification',
    category: 'server-push',
    severity: 'warning',
    fix: 'manual',
    summary: '`server.notification(…)` without `relatedRequestId`: progress, task status or custom notifications on the standalone stream',
    messages: {
      raw: '`{{method}}` is sent with `notification()` and no `relatedRequestId`, so it goes on the session\'s standalone stream, which 2026-07-28 removes. Send it on the request it is about (`ctx.mcpReq.notify(…)` inside the handler); work that outlives the request reports through the Tasks extension (`tasks/get`), not a push.',
      unknown: '`notification()` with no `relatedRequestId` sends this message on the session\'s standalone stream, which 2026-07-28 removes. Send request progress with `ctx.mcpReq.notify(…)` inside the handler; list changes through `handler.notify.*` (HTTP) or the instance\'s `send*ListChanged()` under `serveStdio`.',
    },
    spec: specUrl('basic/patterns/progress'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const sent = standaloneNotification(context.analysis, node);
          if (!sent) return;
          if (sent.methods.length) context.report({ node: sent.node, messageId: 'raw', data: { method: sent.methods.join('` / `') } });
          else context.report({ node: sent.node, messageId: 'unknown' });
        },
      },
    };
  },
});
