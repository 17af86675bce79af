import { ts } from '../../typescript.js';
import { propertyNameText } from '../../analysis/ast.js';
import { HANDSHAKE_METHODS as METHODS, guardingInitializeComparison, isHandBuiltInitializeResult, rawForwarder } from '../../analysis/handshake-plumbing.js';
import { checksTransportInitialize, fallbackInitialize, inInitializeRegistration, plumbingInitialize } from '../../analysis/initialize-handling.js';
import { defineRule, handlerRegistration, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'handshake/initialize-handler',
    category: 'handshake',
    severity: 'error',
    fix: 'manual',
    summary: 'A custom `initialize` request or `notifications/initialized` handler',
    messages: {
      handler: 'Custom `{{method}}` handler: 2026-07-28 removed the handshake, so it only runs for legacy clients. Move capability/version logic to per-request `_meta` and implement `server/discover` semantics via the SDK.',
      plumbing:
        'Hand-written request plumbing handles `{{method}}` itself (answers, forwards or waits for it): 2026-07-28 clients never send the handshake, so this branch only runs for legacy clients and whatever it sets up is missing for the others. Read version, capabilities and client info from each request\'s `_meta`, and answer `server/discover` (or serve through the SDK\'s `createMcpHandler`).',
      forwarded:
        'Every client message, `initialize` included, is forwarded unchanged from this transport to something else (an upstream server, a child process): the upstream is set up by the handshake of whichever client reached it, and 2026-07-28 clients send none. The gateway has to initialize its upstream itself (or speak 2026-07-28 to it) and answer `server/discover` for its clients.',
      answered:
        'Builds an `InitializeResult` by hand (`protocolVersion`, `capabilities`, `serverInfo`): the code answers the handshake itself, which 2026-07-28 clients never send. Declare capabilities and server info on the `McpServer` (served by `server/discover` and per-response `_meta`) and keep this answer, if at all, for legacy clients only.',
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
            return;
          }
          // `isInitializeRequest(msg)` on a transport's message: plumbing that handles the handshake, not HTTP routing.
          if (checksTransportInitialize(context.analysis, node)) {
            context.report({ node: node.expression, messageId: 'plumbing', data: { method: 'initialize' } });
          }
        },
        [ts.SyntaxKind.BinaryExpression]: (node: ts.BinaryExpression) => {
          const at = rawForwarder(context.analysis.values, node);
          if (at) context.report({ node: at, messageId: 'forwarded' });
        },
        [ts.SyntaxKind.StringLiteral]: (node: ts.StringLiteral) => {
          const method = fallbackInitialize(context.analysis, node);
          if (method) {
            context.report({ node, messageId: 'handler', data: { method } });
            return;
          }
          const handled = plumbingInitialize(context.analysis, node);
          if (handled) context.report({ node, messageId: 'plumbing', data: { method: handled } });
        },
        [ts.SyntaxKind.ObjectLiteralExpression]: (node: ts.ObjectLiteralExpression) => {
          if (!isHandBuiltInitializeResult(node)) return;
          // One site: the `'initialize'` comparison guarding the answer, or the registration whose handler returns it.
          if (guardingInitializeComparison(node) || inInitializeRegistration(context.analysis, node)) return;
          const at = node.properties.find((p) => propertyNameText(p.name) === 'protocolVersion')!;
          context.report({ node: at.name!, messageId: 'answered' });
        },
      },
    };
  },
});
