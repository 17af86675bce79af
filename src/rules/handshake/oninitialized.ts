import { ts } from '../../analysis/typescript.js';
import { isServerKind } from '../../analysis/values.js';
import { defineRule, specUrl } from '../rule.js';

export default defineRule({
  meta: {
    id: 'handshake/oninitialized',
    category: 'handshake',
    severity: 'error',
    fix: 'manual',
    summary: 'Work hung on `oninitialized`, which never fires on 2026-07-28',
    messages: {
      hook: '`oninitialized` never fires on a 2026-07-28 request: there is no `initialize` handshake. Do the work in the server factory, or lazily per request from `ctx.mcpReq.envelope`.',
    },
    spec: specUrl('basic/lifecycle'),
  },
  create(context) {
    return {
      visitors: {
        [ts.SyntaxKind.BinaryExpression]: (node: ts.BinaryExpression) => {
          if (node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
          const { values } = context.analysis;
          const left = node.left;
          if (ts.isPropertyAccessExpression(left)) {
            if (left.name.text === 'oninitialized' && isServerKind(values.valueOf(left.expression))) context.report({ node: left.name, messageId: 'hook' });
            return;
          }
          // `server['oninitialized'] = …`, ``server[`on${event}`] = …`` over a list of events, `target[name] = fn` in a helper.
          if (!ts.isElementAccessExpression(left)) return;
          if (!values.possibleStrings(left.argumentExpression)?.includes('oninitialized')) return;
          if (isServerKind(values.valueOf(left.expression))) context.report({ node: left.argumentExpression, messageId: 'hook' });
        },
      },
    };
  },
});
