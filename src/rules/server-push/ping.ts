import { defineRule, featureVisitors, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'server-push/ping',
    category: 'server-push',
    severity: 'error',
    fix: 'auto',
    summary: '`ping()` or a raw `ping` request',
    messages: {
      call: '`ping()` was removed in both directions in 2026-07-28 and throws on a 2026-era instance; rely on transport keep-alives (SSE comment lines).',
      raw: 'Raw `ping` request: removed in 2026-07-28.',
      handler: '`ping` handler: removed in 2026-07-28.',
    },
    spec: specUrl('changelog'),
  },
  create: (context) =>
    featureVisitors(context, 'ping'),
});
