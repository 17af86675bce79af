import { ts } from '../../typescript.js';
import { calleeParts } from '../../analysis/ast.js';
import { isHandWrittenInitializeTest, isTransportMessage } from '../../analysis/handshake-plumbing.js';
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
      handWritten:
        'This test of the request body for an `initialize` message (a hand-written `isInitializeRequest`) decides when to open a session; 2026-07-28 has no `initialize`, every request stands alone. Replace the routing block with `createMcpHandler`.',
    },
    spec: specUrl('basic/lifecycle'),
    markerStandsFor: SESSION_ENDPOINT,
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const ref = context.analysis.sdk.exportOf(node.expression);
          // On a transport's own message it is handshake plumbing (handshake/initialize-handler), not HTTP routing.
          if (ref?.name === 'isInitializeRequest' && !(node.arguments[0] && isTransportMessage(context.analysis.values, node.arguments[0]))) context.report({ node: calleeParts(node).nameNode, messageId: 'routing' });
          else if (!ref && isHandWrittenInitializeTest(context.analysis.values, node)) context.report({ node: calleeParts(node).nameNode, messageId: 'handWritten' });
        },
      },
    };
  },
});
