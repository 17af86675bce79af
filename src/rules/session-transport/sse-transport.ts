import { ts } from '../../analysis/typescript.js';
import { SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'session-transport/sse-transport',
    category: 'session-transport',
    severity: 'error',
    fix: 'assisted',
    summary: 'The deprecated HTTP+SSE transport (`SSEServerTransport`)',
    messages: {
      sse: '`SSEServerTransport` is the deprecated HTTP+SSE transport: each client gets a session-bound stream. It survives only in `@modelcontextprotocol/server-legacy` for 2025 clients; serve 2026-07-28 with `createMcpHandler`.',
    },
    spec: specUrl('basic/transports'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.NewExpression]: (node: ts.NewExpression) => {
          const ref = context.analysis.sdk.exportOf(node.expression);
          if (ref && SSE_TRANSPORTS.has(ref.name)) context.report({ node, messageId: 'sse' });
        },
      },
    };
  },
});
