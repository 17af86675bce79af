import { ts } from 'ts-morph';
import { memberAccess } from '../../analysis/ast.js';
import { isServerKind } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';

const FIELDS = new Set(['_clientCapabilities', '_clientVersion', '_initialized']);

export default defineRule({
  meta: {
    id: 'handshake/private-state',
    category: 'handshake',
    severity: 'error',
    fix: 'manual',
    summary: 'Private SDK handshake fields (`_clientCapabilities`, `_clientVersion`, `_initialized`)',
    messages: {
      field: '`{{field}}` is private handshake state that is never set on 2026-07-28 requests; read the per-request envelope (`ctx.mcpReq.envelope`) instead.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    const check = (node: ts.PropertyAccessExpression | ts.ElementAccessExpression): void => {
      const access = memberAccess(node);
      if (!access || !FIELDS.has(access.name)) return;
      if (isServerKind(context.analysis.values.valueOf(access.object))) {
        context.report({ node: access.nameNode, messageId: 'field', data: { field: access.name } });
      }
    };
    return {
      visitors: {
        [ts.SyntaxKind.PropertyAccessExpression]: check,
        [ts.SyntaxKind.ElementAccessExpression]: check,
      },
    };
  },
});
