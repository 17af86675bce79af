import { ts } from '../../typescript.js';
import { privateHandshakeField } from '../../analysis/handshake-plumbing.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'handshake/private-state',
    category: 'handshake',
    severity: 'error',
    fix: 'manual',
    summary: 'Private SDK handshake fields (`_clientCapabilities`, `_clientVersion` on a server, `_initialized` on a server or transport)',
    messages: {
      field: '`{{field}}` is private handshake state that is never set on 2026-07-28 requests; read the per-request envelope (`ctx.mcpReq.envelope`) instead.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    const check = (node: ts.PropertyAccessExpression | ts.ElementAccessExpression): void => {
      const field = privateHandshakeField(context.analysis.values, node);
      if (field) context.report({ node: field.nameNode, messageId: 'field', data: { field: field.name } });
    };
    return {
      visitors: {
        [ts.SyntaxKind.PropertyAccessExpression]: check,
        [ts.SyntaxKind.ElementAccessExpression]: check,
      },
    };
  },
});
