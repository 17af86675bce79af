import { defineRule, featureVisitors, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'server-push/change-notification',
    category: 'server-push',
    severity: 'warning',
    fix: 'auto',
    summary: '`sendResourceUpdated()`, `send*ListChanged()`, raw list-changed / resource-updated notifications',
    messages: {
      call: '`{{method}}()` pushes an unsolicited notification; on 2026-07-28 it reaches only clients listening on `subscriptions/listen`, and a per-request server has no stream. Publish through `handler.notify.*` (HTTP, shared `ServerEventBus` across processes) or the instance under `serveStdio`; lists must not change as a side effect of a call.',
      raw: 'Raw `{{method}}` notification: on 2026-07-28 it is delivered only on a `subscriptions/listen` stream that asked for it.',
    },
    spec: specUrl('basic/patterns/subscriptions'),
  },
  // Under `serveStdio` alone the instance's own send* calls are the 2026-07-28 publish path: the
  // description says so (`unlessServedOnlyOverStdio`) and `analysis.features` applies it.
  create: (context) => featureVisitors(context, 'change-notification'),
});
