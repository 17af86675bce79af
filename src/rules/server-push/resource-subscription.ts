import { defineRule, featureVisitors, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'server-push/resource-subscription',
    category: 'server-push',
    severity: 'error',
    fix: 'manual',
    summary: '`resources/subscribe` / `resources/unsubscribe` handlers (subscriber bookkeeping)',
    messages: {
      handler: '`{{method}}` was replaced by `subscriptions/listen` in 2026-07-28: the serving entry answers it and its filter replaces subscriber bookkeeping. Publish with `handler.notify.resourceUpdated(uri)` (HTTP) or `server.server.sendResourceUpdated` under `serveStdio`.',
    },
    spec: specUrl('basic/patterns/subscriptions'),
  },
  create: (context) =>
    featureVisitors(context, 'resource-subscription'),
});
