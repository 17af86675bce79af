import { ts } from '../../typescript.js';
import { handBuiltMessage } from '../../analysis/json-rpc-literals.js';
import { describedFeature } from '../../analysis/sdk-features.js';
import { defineRule, featureVisitors, specUrl } from '../rule.js';

/** The raw request methods of sampling, from the SDK description. */
const RAW_METHODS = new Set(Object.keys(describedFeature('sampling').messages ?? {}));

export default defineRule({
  meta: {
    id: 'deprecated-feature/sampling',
    category: 'deprecated-feature',
    severity: 'error',
    fix: 'assisted',
    summary: '`createMessage()`, `requestSampling()`, raw `sampling/createMessage`',
    messages: {
      call: '`{{method}}()` sends a server→client sampling request, which throws on a 2026-07-28 request; Sampling is deprecated. Call the LLM provider directly, or return `inputRequired.createMessage(...)` and read `inputResponse(...)` on retry (MRTR).',
      raw: 'Raw `sampling/createMessage` request: allowed on 2026-07-28 only as an MRTR input request; Sampling is deprecated.',
    },
    spec: specUrl('client/sampling'),
  },
  create(context) {
    const feature = featureVisitors(context, 'sampling');
    return {
      visitors: {
        ...feature.visitors,
        // A request built by hand and returned or queued rather than passed to a sender we can see.
        [ts.SyntaxKind.ObjectLiteralExpression]: (node: ts.ObjectLiteralExpression) => {
          const literal = handBuiltMessage(context.analysis.values, node, (method) => RAW_METHODS.has(method));
          if (literal) context.report({ node: literal, messageId: 'raw' });
        },
      },
    };
  },
});
