import { ts } from '../../analysis/typescript.js';
import { defineRule, featureVisitors, specUrl } from '../rule.js';

const USES = {
  serverMethods: new Set(['elicitInput', 'createElicitationCompletionNotifier']),
  contextMethods: new Set(['elicitInput']),
  rawMethods: (m: string) => m === 'elicitation/create' || m === 'notifications/elicitation/complete',
};

export default defineRule({
  meta: {
    id: 'server-push/elicitation',
    category: 'server-push',
    severity: 'error',
    fix: 'assisted',
    summary: '`elicitInput()`, raw `elicitation/create`, `UrlElicitationRequiredError`, completion notifiers',
    messages: {
      call: '`{{method}}()` sends a server→client request, which throws on a 2026-07-28 request. Return `inputRequired({ inputRequests: { k: inputRequired.elicit(...) } })` and read `acceptedContent(ctx.mcpReq.inputResponses, k, schema)` on the retry (MRTR).',
      raw: 'Raw `{{method}}`: on 2026-07-28 elicitation exists only as an MRTR input request (`inputRequired.elicit` / `elicitUrl`).',
      urlError: '`UrlElicitationRequiredError` (-32042) was removed in 2026-07-28; return `inputRequired.elicitUrl({ message, url })` instead.',
    },
    spec: specUrl('client/elicitation'),
  },
  create(context) {
    const feature = featureVisitors(context, USES);
    return {
      visitors: {
        ...feature.visitors,
        [ts.SyntaxKind.NewExpression]: (node: ts.NewExpression) => {
          if (context.analysis.sdk.exportOf(node.expression)?.name === 'UrlElicitationRequiredError') {
            context.report({ node, messageId: 'urlError' });
          }
        },
      },
    };
  },
});
