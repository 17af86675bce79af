import { ts } from '../../typescript.js';
import { calleeParts } from '../../analysis/ast.js';
import { defineRule, specUrl, SESSION_ENDPOINT } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-transport/initialize-routing',
    category: 'session-transport',
    severity: 'error',
    fix: 'auto',
    summary: '`isInitializeRequest(...)` decides when to open a session',
    messages: {
      routing:
        'Routing on `isInitializeRequest` opens a session per `initialize`; 2026-07-28 has no `initialize`, every request stands alone. Replace the routing block with `createMcpHandler`.',
    },
    spec: specUrl('basic/lifecycle'),
    markerStandsFor: SESSION_ENDPOINT,
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const ref = context.analysis.sdk.exportOf(node.expression);
          if (ref?.name === 'isInitializeRequest') context.report({ node: calleeParts(node).nameNode, messageId: 'routing' });
        },
      },
    };
  },
});
