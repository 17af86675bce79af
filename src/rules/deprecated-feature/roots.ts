import { defineRule, featureVisitors, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'deprecated-feature/roots',
    category: 'deprecated-feature',
    severity: 'error',
    fix: 'assisted',
    summary: '`listRoots()`, raw `roots/list`, roots `list_changed` handlers',
    messages: {
      call: '`listRoots()` is a server→client request, which throws on a 2026-07-28 request; Roots is deprecated. Take paths as tool arguments or config, or return `inputRequired.listRoots()` (MRTR).',
      raw: 'Raw `roots/list` request: allowed on 2026-07-28 only as an MRTR input request (`inputRequired.listRoots()`); Roots is deprecated.',
      handler: '`notifications/roots/list_changed` was removed in 2026-07-28; this handler only runs for legacy clients.',
    },
    spec: specUrl('client/roots'),
  },
  create: (context) =>
    featureVisitors(context, 'roots'),
});
