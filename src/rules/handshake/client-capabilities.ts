import { ts } from '../../typescript.js';
import { serverMethodsOf } from '../../analysis/sdk-features.js';
import { isEnvelopeFallback } from '../../analysis/envelope-fallback.js';
import { defineRule, serverMethodCall, specUrl } from '../rule.js';

const METHODS = serverMethodsOf('client-capabilities');

export default defineRule({
  meta: {
    id: 'handshake/client-capabilities',
    category: 'handshake',
    severity: 'error',
    fix: 'assisted',
    summary: '`getClientCapabilities()` (connection-level capabilities)',
    messages: {
      call: '`getClientCapabilities()` reads capabilities negotiated once in `initialize`; on 2026-07-28 each request declares its own in `_meta` (read `ctx.mcpReq.envelope`), and servers must not infer them from earlier requests. Register tools unconditionally.',
    },
    spec: specUrl('basic/index'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const at = serverMethodCall(context.analysis, node, METHODS);
          // `ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? …`: only the 2025-era fallback.
          if (at && !isEnvelopeFallback(context.analysis, node)) context.report({ node: at, messageId: 'call' });
        },
      },
    };
  },
});
