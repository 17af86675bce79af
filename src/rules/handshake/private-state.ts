import { ts } from '../../typescript.js';
import { isUndefined, memberAccess, outermostWrapper } from '../../analysis/ast.js';
import { isServerKind } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';

const FIELDS = new Set(['_clientCapabilities', '_clientVersion', '_initialized']);

/**
 * `typeof x._initialized`, `x._initialized !== undefined`: a check of the field in front of its real use (a write or
 * a read that decides something), not a site of its own (as a bare guard of a session-id read is not).
 */
function isPresenceCheck(node: ts.Node): boolean {
  const outer = outermostWrapper(node);
  const parent = outer.parent;
  if (parent && ts.isTypeOfExpression(parent)) return true;
  if (!parent || !ts.isBinaryExpression(parent)) return false;
  const op = parent.operatorToken.kind;
  const equality = op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
  const other = parent.left === outer ? parent.right : parent.left;
  return equality && isUndefined(other);
}

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
      const access = memberAccess(node);
      if (!access || !FIELDS.has(access.name) || isPresenceCheck(node)) return;
      const owner = context.analysis.values.valueOf(access.object);
      // `_initialized` lives on the Streamable HTTP transport (the "already initialized" guard), the others on Server.
      if (isServerKind(owner) || (access.name === '_initialized' && owner?.kind === 'transport')) {
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
