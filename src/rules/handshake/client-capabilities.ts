import { ts } from '../../typescript.js';
import { defineRule, serverMethodCall, specUrl } from '../rule.js';

const METHODS = new Set(['getClientCapabilities']);

export default defineRule({
  meta: {
    id: 'handshake/client-capabilities',
    category: 'handshake',
    severity: 'error',
    fix: 'assisted',
    summary: '`getClientCapabilities()` (connection-level capabilities)',
    messages: {
      call: '`getClientCapabilities()` reads capabilities negotiated once in `initialize`; on 2026-07-28 each request declares its own in `_meta` (read `ctx.mcpReq.envelope`), and servers must not infer them from earlier requests. Register tools unconditionally.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const at = serverMethodCall(context.analysis, node, METHODS);
          if (at) context.report({ node: at, messageId: 'call' });
        },
      },
    };
  },
});
