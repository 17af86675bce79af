import { ts } from '../../typescript.js';
import { calleeParts } from '../../analysis/ast.js';
import { defineRule, serverMethodCall, specUrl } from '../rule.js';

const METHODS = new Set(['getClientVersion', 'getNegotiatedProtocolVersion']);

export default defineRule({
  meta: {
    id: 'handshake/client-version',
    category: 'handshake',
    severity: 'warning',
    fix: 'assisted',
    summary: '`getClientVersion()` / `getNegotiatedProtocolVersion()`',
    messages: {
      call: '`{{method}}()` reads what `initialize` negotiated; on 2026-07-28 client info and protocol version arrive with every request in `_meta` (`ctx.mcpReq.envelope`), and may be undefined outside a handler.',
    },
    spec: specUrl('basic/versioning'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const at = serverMethodCall(context.analysis, node, METHODS);
          if (at) context.report({ node: at, messageId: 'call', data: { method: calleeParts(node).name! } });
        },
      },
    };
  },
});
