import { ts } from '../../analysis/typescript.js';
import { defineRule, handlerRegistration, specUrl } from '../rule.js';

const METHODS = new Set(['initialize', 'notifications/initialized']);

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
      },
    };
  },
});
