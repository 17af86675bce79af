import { defineRule, featureVisitors, specUrl, type RuleContext } from '../rule.js';

const CHANGE_NOTIFICATION = /^notifications\/((tools|resources|prompts)\/list_changed|resources\/updated)$/;

export default defineRule({
  meta: {
    id: 'server-push/change-notification',
    category: 'server-push',
    severity: 'warning',
    fix: 'manual',
    summary: '`sendResourceUpdated()`, `send*ListChanged()`, raw list-changed / resource-updated notifications',
    messages: {
      call: '`{{method}}()` pushes an unsolicited notification; on 2026-07-28 it reaches only clients listening on `subscriptions/listen`, and a per-request server has no stream. Publish through `handler.notify.*` (HTTP, shared `ServerEventBus` across processes) or the instance under `serveStdio`; lists must not change as a side effect of a call.',
      raw: 'Raw `{{method}}` notification: on 2026-07-28 it is delivered only on a `subscriptions/listen` stream that asked for it.',
    },
    spec: specUrl('basic/patterns/subscriptions'),
  },
  create(context) {
    // Under `serveStdio` the instance's own send* calls are the 2026-07-28 publish path (the serving
    // entry routes them to `subscriptions/listen`); only HTTP servers need `handler.notify.*`.
    let stdioOnly: boolean | undefined;
    const servesOnlyOverStdio = (): boolean =>
      (stdioOnly ??= context.analysis.values.callsSdkFunction('serveStdio') && !context.analysis.values.callsSdkFunction('createMcpHandler'));
    const gated: RuleContext = {
      analysis: context.analysis,
      report: (descriptor) => {
        if (!servesOnlyOverStdio()) context.report(descriptor);
      },
    };
    return featureVisitors(gated, {
      serverMethods: new Set(['sendResourceUpdated', 'sendToolListChanged', 'sendResourceListChanged', 'sendPromptListChanged']),
      rawMethods: (m) => CHANGE_NOTIFICATION.test(m),
    });
  },
});
