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
      forced:
        "Forces the SDK's private `_initialized` flag so a rebuilt session's transport skips the initialize check; 2026-07-28 has neither sessions nor initialize, so there is nothing to rebuild: serve each request with a fresh server (`createMcpHandler`) and delete this reconstruction.",
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    const check = (node: ts.PropertyAccessExpression | ts.ElementAccessExpression): void => {
      const field = privateHandshakeField(context.analysis.values, node);
      if (!field) return;
      // A write of `_initialized` (`transport._initialized = true`) forces the flag: there is no envelope to read instead (sweep 38 AL7).
      const forced = field.name === '_initialized' && !!node.parent && ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
      context.report({ node: field.nameNode, messageId: forced ? 'forced' : 'field', data: { field: field.name } });
    };
    return {
      visitors: {
        [ts.SyntaxKind.PropertyAccessExpression]: check,
        [ts.SyntaxKind.ElementAccessExpression]: check,
      },
    };
  },
});
