import { defineRule, specUrl } from '../rule.js';
import { reportReads } from './session-reads.js';

export default defineRule({
  meta: {
    id: 'session-state/session-id-read',
    category: 'session-state',
    severity: 'error',
    fix: 'assisted',
    summary: 'Reads the MCP session id (`extra.sessionId`, `ctx.sessionId`, `transport.sessionId`) for state, auth or identity',
    messages: {
      read:
        'The MCP session id is undefined on 2026-07-28 requests ({{use}}). State that spans calls must travel as an explicit handle argument the model passes back; identity must come from `authInfo`.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return { end: () => reportReads(context, 'read') };
  },
});
