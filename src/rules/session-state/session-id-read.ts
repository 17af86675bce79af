import { ts } from '../../typescript.js';
import { calleeParts } from '../../analysis/ast.js';
import { defineRule, specUrl } from '../rule.js';
import { reportReads } from './session-reads.js';

export default defineRule({
  meta: {
    id: 'session-state/session-id-read',
    category: 'session-state',
    severity: 'error',
    fix: 'assisted',
    summary: 'Reads the MCP session id (`extra.sessionId`, `ctx.sessionId`, `transport.sessionId`, or a `_meta` field the project fills with it) for state, auth or identity',
    messages: {
      read:
        'The MCP session id is undefined on 2026-07-28 requests ({{use}}). State that spans calls must travel as an explicit handle argument the model passes back; identity must come from `authInfo`.',
      injected:
        '`{{call}}` copies the session id by hand into `_meta.{{field}}` of the request, where handlers read it back as the session id. On 2026-07-28 there is no session id to copy: state the handlers key by it must travel as an explicit handle argument the model passes back, and identity must come from `authInfo`.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return {
      end: () => {
        reportReads(context, 'read');
        for (const injection of context.analysis.sessions.injections) {
          const call = injection.node;
          const at = ts.isCallExpression(call) ? (calleeParts(call).nameNode ?? call) : call;
          const text = ts.isCallExpression(call) ? `${calleeParts(call).name ?? call.expression.getText()}(…)` : call.getText().replace(/\s+/g, ' ').slice(0, 60);
          context.report({ node: at, messageId: 'injected', data: { call: text, field: injection.field } });
        }
      },
    };
  },
});
