import { ts } from '../../typescript.js';
import { describedFeature } from '../../analysis/sdk-features.js';
import { defineRule, featureVisitors, serverMethodCall, specUrl } from '../rule.js';

const { notifierMethods, errors } = describedFeature('elicitation');
const NOTIFIER = new Set(notifierMethods);
const ERRORS = new Set(errors);

export default defineRule({
  meta: {
    id: 'server-push/elicitation',
    category: 'server-push',
    severity: 'error',
    fix: 'assisted',
    summary: '`elicitInput()`, raw `elicitation/create`, `UrlElicitationRequiredError`, completion notifiers, `elicitation/create` handlers on a server',
    messages: {
      call: '`{{method}}()` sends a server→client request, which throws on a 2026-07-28 request. Return `inputRequired({ inputRequests: { k: inputRequired.elicit(...) } })` and read `acceptedContent(ctx.mcpReq.inputResponses, k, schema)` on the retry (MRTR).',
      raw: 'Raw `{{method}}`: on 2026-07-28 elicitation exists only as an MRTR input request (`inputRequired.elicit` / `elicitUrl`).',
      urlError: '`UrlElicitationRequiredError` (-32042) was removed in 2026-07-28; return `inputRequired.elicitUrl({ message, url })` instead.',
      notifier: '`createElicitationCompletionNotifier()` sends `notifications/elicitation/complete`, which 2026-07-28 removed (it rejects on a 2026 request); correlate URL elicitation retries with your own id in `requestState`.',
      clientHandler: '`{{method}}` is a request a server sends to the client: no client sends it to a server, so this server-side handler never runs (on 2026-07-28 the request exists only as an input request a handler returns, `inputRequired.elicit(...)`). Remove it; if it stands in for a client in tests, move it to a test client.',
    },
    spec: specUrl('client/elicitation'),
  },
  create(context) {
    const feature = featureVisitors(context, 'elicitation');
    return {
      visitors: {
        ...feature.visitors,
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          feature.visitors?.[ts.SyntaxKind.CallExpression]?.(node as never);
          const at = serverMethodCall(context.analysis, node, NOTIFIER);
          if (at) context.report({ node: at, messageId: 'notifier' });
        },
        [ts.SyntaxKind.NewExpression]: (node: ts.NewExpression) => {
          if (ERRORS.has(context.analysis.sdk.exportOf(node.expression)?.name ?? '')) {
            context.report({ node, messageId: 'urlError' });
          }
        },
      },
    };
  },
});
