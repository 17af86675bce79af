import { defineRule, featureVisitors, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'deprecated-feature/sampling',
    category: 'deprecated-feature',
    severity: 'error',
    fix: 'assisted',
    summary: '`createMessage()`, `requestSampling()`, raw `sampling/createMessage`, `sampling/createMessage` handlers on a server',
    messages: {
      call: '`{{method}}()` sends a server→client sampling request, which throws on a 2026-07-28 request; Sampling is deprecated. Call the LLM provider directly, or return `inputRequired.createMessage(...)` and read `inputResponse(...)` on retry (MRTR).',
      raw: 'Raw `sampling/createMessage` request: allowed on 2026-07-28 only as an MRTR input request; Sampling is deprecated.',
      clientHandler: '`{{method}}` is a request a server sends to the client: no client sends it to a server, so this server-side handler never runs (on 2026-07-28 the request exists only as an input request a handler returns, `inputRequired.createMessage(...)`). Remove it; if it stands in for a client in tests, move it to a test client.',
    },
    spec: specUrl('client/sampling'),
  },
  create(context) {
    // Calls, detached senders and requests built by hand (featureVisitors reports all three).
    return featureVisitors(context, 'sampling');
  },
});
