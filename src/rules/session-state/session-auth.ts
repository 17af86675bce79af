import { calleeParts } from '../../analysis/ast.js';
import { sessionAuthBindings } from '../../analysis/session-auth.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-state/session-auth',
    category: 'session-state',
    severity: 'error',
    fix: 'manual',
    summary: "The caller's identity bound to the MCP session id: session ownership checked against it, or auth data recorded per session",
    messages: {
      check:
        '`{{call}}` checks the caller ({{identity}}) against the identity recorded for the MCP session id: the session, not the request, carries who may act. On 2026-07-28 there is no session id; authenticate every request on its own (`authInfo`) and bind state to the principal through explicit handles checked against the caller on every call.',
      record:
        '`{{call}}` records the caller\'s identity ({{identity}}) under the MCP session id, for later requests of the session to rely on. On 2026-07-28 there is no session id and each request carries its own credentials: read identity from each request\'s `authInfo`, and bind what must outlive the request to the principal or to an explicit handle checked against it.',
    },
    spec: specUrl('basic/authorization'),
  },
  create(context) {
    return {
      end() {
        for (const binding of sessionAuthBindings(context.analysis.values, context.analysis.sessions)) {
          const { name, nameNode } = calleeParts(binding.call);
          context.report({
            node: nameNode ?? binding.call,
            messageId: binding.kind,
            data: { call: `${name ?? binding.call.expression.getText()}(…)`, identity: `\`${clip(binding.identity.getText())}\`` },
          });
        }
      },
    };
  },
});

/** One line, at most 40 characters. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}
