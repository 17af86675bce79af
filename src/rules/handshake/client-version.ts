import { ts } from '../../typescript.js';
import { calleeParts, statementOf } from '../../analysis/ast.js';
import { serverMethodsOf } from '../../analysis/sdk-features.js';
import { initializeParamsRead, initializeParse, reportedAt } from '../../analysis/initialize-params.js';
import { inInitializeRegistration, inPlumbingInitializeBranch } from '../../analysis/initialize-handling.js';
import { isEnvelopeFallback } from '../../analysis/envelope-fallback.js';
import { defineRule, serverMethodCall, specUrl } from '../rule.js';

const METHODS = serverMethodsOf('client-version');

export default defineRule({
  meta: {
    id: 'handshake/client-version',
    category: 'handshake',
    severity: 'warning',
    fix: 'assisted',
    summary: '`getClientVersion()` / `getNegotiatedProtocolVersion()`, or client info parsed from the `initialize` request by hand',
    messages: {
      call: '`{{method}}()` reads what `initialize` negotiated; on 2026-07-28 client info and protocol version arrive with every request in `_meta` (`ctx.mcpReq.envelope`), and may be undefined outside a handler.',
      initializeBody: 'Client info, capabilities or protocol version taken from the `initialize` request by hand; 2026-07-28 clients send no `initialize`: read them from each request\'s `_meta` (`ctx.mcpReq.envelope`) where they are needed instead of keeping them from the handshake.',
    },
    spec: specUrl('basic/versioning'),
  },
  create(context) {
    const { analysis } = context;
    const reported = new Set<ts.Node>();
    const report = (read: ts.Node): void => {
      // Inside a handler or branch handshake/initialize-handler reports already: one site.
      if (inInitializeRegistration(analysis, read) || inPlumbingInitializeBranch(analysis, read)) return;
      for (const node of reportedAt(analysis, read)) {
        const statement = statementOf(node);
        if (reported.has(statement)) continue;
        reported.add(statement);
        context.report({ node, messageId: 'initializeBody' });
      }
    };
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const at = serverMethodCall(analysis, node, METHODS);
          if (at) {
            // `ctx.mcpReq.envelope?.[CLIENT_INFO_META_KEY] ?? …`: only the 2025-era fallback.
            if (!isEnvelopeFallback(analysis, node)) context.report({ node: at, messageId: 'call', data: { method: calleeParts(node).name! } });
          } else if (initializeParse(analysis, node)) report(node);
        },
        [ts.SyntaxKind.PropertyAccessExpression]: (node: ts.PropertyAccessExpression) => {
          if (initializeParamsRead(analysis, node)) report(node);
        },
      },
    };
  },
});
