import { ts } from '../../typescript.js';
import { unwrap } from '../../analysis/ast.js';
import { defineRule, specUrl } from '../rule.js';
import { SDK_AUTH_EXPORTS, consultsCaller, isCallerRead } from './caller-binding.js';

export default defineRule({
  meta: {
    id: 'handle-hygiene/unbound-handle',
    category: 'handle-hygiene',
    severity: 'warning',
    fix: 'manual',
    summary: 'A handle lookup that never checks the authenticated caller, on a server that has one',
    messages: {
      unbound: '`{{tool}}` looks up `{{argument}}` without checking who is calling: this server authenticates its callers, yet any of them who holds (or guesses) another\'s `{{argument}}` gets that object. Store the owner (from `authInfo`) when minting and compare it on every lookup; answer a foreign handle like an unknown one.',
    },
    spec: specUrl('basic/authorization'),
  },
  create: (context) => {
    const { values, sdk } = context.analysis;
    let authenticates = false;
    return {
      visitors: {
        [ts.SyntaxKind.PropertyAccessExpression]: (node: ts.PropertyAccessExpression) => {
          if (!authenticates && node.name.text === 'authInfo') authenticates = isCallerRead(values, node);
        },
        [ts.SyntaxKind.BindingElement]: (node: ts.BindingElement) => {
          if (!authenticates) authenticates = isCallerRead(values, node);
        },
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          if (!authenticates && ts.isIdentifier(unwrap(node.expression))) authenticates = SDK_AUTH_EXPORTS.has(sdk.exportOf(unwrap(node.expression))?.name ?? '');
        },
      },
      end() {
        if (!authenticates) return;
        for (const family of context.analysis.handles) {
          for (const consumer of family.consumers) {
            const lookup = consumer.accesses.find((a) => a.operation === 'lookup' || a.operation === 'read');
            if (!lookup || consultsCaller(values, consumer)) continue;
            context.report({ node: lookup.node, messageId: 'unbound', data: { tool: consumer.tool.name, argument: family.argument } });
          }
        }
      },
    };
  },
});
