import { defineRule, featureVisitors, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'deprecated-feature/roots',
    category: 'deprecated-feature',
    severity: 'error',
    fix: 'assisted',
    summary: '`listRoots()`, raw `roots/list`, roots `list_changed` handlers, `roots/list` handlers on a server',
    messages: {
      call: '`listRoots()` is a server→client request, which throws on a 2026-07-28 request; Roots is deprecated. Take paths as tool arguments or config, or return `inputRequired.listRoots()` (MRTR).',
      raw: 'Raw `roots/list` request: allowed on 2026-07-28 only as an MRTR input request (`inputRequired.listRoots()`); Roots is deprecated.',
      handler: '`notifications/roots/list_changed` was removed in 2026-07-28; this handler only runs for legacy clients.',
      clientHandler: '`{{method}}` is a request a server sends to the client: no client sends it to a server, so this server-side handler never runs (on 2026-07-28 the request exists only as an input request a handler returns, `inputRequired.listRoots()`). Remove it; if it stands in for a client in tests, move it to a test client.',
    },
    spec: specUrl('client/roots'),
  },
  create: (context) =>
    featureVisitors(context, 'roots'),
});
