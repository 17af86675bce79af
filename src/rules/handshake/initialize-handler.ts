import { ts } from '../../typescript.js';
import { enclosingFunction, memberAccess, unwrap } from '../../analysis/ast.js';
import { isServerKind } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';
import { handlerRegistration } from '../../analysis/handler-registration.js';
import type { Analysis } from '../../analysis/model.js';

const METHODS = new Set(['initialize', 'notifications/initialized']);

/**
 * `server.fallbackRequestHandler = async (request) => { if (request.method === 'initialize') return {…} }`: a
 * catch-all handler on an SDK server that answers the handshake itself. Returns the method string compared against.
 */
function fallbackInitialize(analysis: Analysis, literal: ts.StringLiteralLike): string | undefined {
  if (!METHODS.has(literal.text)) return undefined;
  const parent = literal.parent;
  const compared =
    (ts.isBinaryExpression(parent) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(parent.operatorToken.kind)) ||
    (ts.isCaseClause(parent) && parent.expression === literal);
  if (!compared) return undefined;
  for (let fn = enclosingFunction(literal); fn; fn = enclosingFunction(fn)) {
    let holder: ts.Node = fn;
    while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
    const assignment = holder.parent;
    if (!assignment || !ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken || unwrap(assignment.right) !== fn) continue;
    const target = memberAccess(assignment.left);
    if (target?.name === 'fallbackRequestHandler' && isServerKind(analysis.values.valueOf(target.object))) return literal.text;
  }
  return undefined;
}

export default defineRule({
  meta: {
    id: 'handshake/initialize-handler',
    category: 'handshake',
    severity: 'error',
    fix: 'manual',
    summary: 'A custom `initialize` request or `notifications/initialized` handler',
    messages: {
      handler: 'Custom `{{method}}` handler: 2026-07-28 removed the handshake, so it only runs for legacy clients. Move capability/version logic to per-request `_meta` and implement `server/discover` semantics via the SDK.',
    },
    spec: specUrl('server/discover'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const registration = handlerRegistration(context.analysis, node);
          if (registration && METHODS.has(registration.method)) {
            context.report({ node: registration.argument, messageId: 'handler', data: { method: registration.method } });
          }
        },
        [ts.SyntaxKind.StringLiteral]: (node: ts.StringLiteral) => {
          const method = fallbackInitialize(context.analysis, node);
          if (method) context.report({ node, messageId: 'handler', data: { method } });
        },
      },
    };
  },
});
