import { ts } from '../../typescript.js';
import { calleeParts, declarationName, unwrap } from '../../analysis/ast.js';
import { defineRule, specUrl } from '../rule.js';

/** Caches that evict on their own (size or age). */
const SELF_EVICTING = new Set(['LRUCache', 'LRU', 'TTLCache', 'NodeCache', 'QuickLRU']);

export default defineRule({
  meta: {
    id: 'handle-hygiene/no-expiry',
    category: 'handle-hygiene',
    severity: 'warning',
    fix: 'manual',
    summary: 'A handle-keyed store that nothing ever removes entries from (no TTL, sweep or delete path)',
    messages: {
      noExpiry: '`{{store}}` is keyed by `{{argument}}` handles but nothing ever deletes from it: every handle a model mints lives (and holds memory) for the life of the process. Expire entries after an idle time (a sweep, or a TTL cache) and state that lifetime in the minting tool\'s description.',
    },
    spec: specUrl('basic/security_best_practices'),
  },
  create: (context) => {
    const { values } = context.analysis;
    /** Collections something deletes from, clears, or replaces. */
    const emptied = new Set<ts.Symbol>();
    const mark = (target: ts.Node): void => {
      const inner = unwrap(target);
      const name = ts.isPropertyAccessExpression(inner) ? inner.name : ts.isIdentifier(inner) ? inner : undefined;
      const symbol = name && values.symbolOf(name);
      if (symbol) emptied.add(symbol);
    };
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const { name, receiver } = calleeParts(node);
          if (receiver && (name === 'delete' || name === 'clear')) mark(receiver);
        },
        [ts.SyntaxKind.DeleteExpression]: (node: ts.DeleteExpression) => {
          const target = unwrap(node.expression);
          if (ts.isElementAccessExpression(target)) mark(target.expression);
        },
        [ts.SyntaxKind.BinaryExpression]: (node: ts.BinaryExpression) => {
          // `sessions = new Map()` after start-up drops every entry at once (not the assignment that declares it).
          if (node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
          const left = unwrap(node.left);
          const symbol = values.symbolOf(ts.isPropertyAccessExpression(left) ? left.name : left);
          if (symbol && !symbol.declarations?.some((d) => d === left || d === node || (ts.isPropertyAccessExpression(d) && d.parent === node))) mark(left);
        },
      },
      end() {
        const reported = new Set<ts.Symbol>();
        for (const family of context.analysis.handles) {
          for (const store of family.stores) {
            if (emptied.has(store.symbol) || reported.has(store.symbol) || selfEvicting(store.declaration)) continue;
            reported.add(store.symbol);
            context.report({ node: declarationName(store.declaration), messageId: 'noExpiry', data: { store: store.name, argument: family.argument } });
          }
        }
      },
    };
  },
});

function selfEvicting(declaration: ts.Node): boolean {
  const init = (declaration as { initializer?: ts.Expression }).initializer ?? (ts.isPropertyAccessExpression(declaration) && ts.isBinaryExpression(declaration.parent) ? declaration.parent.right : undefined);
  const inner = init && unwrap(init);
  if (!inner || !ts.isNewExpression(inner)) return false;
  const ctor = unwrap(inner.expression);
  return SELF_EVICTING.has(ts.isIdentifier(ctor) ? ctor.text : ts.isPropertyAccessExpression(ctor) ? ctor.name.text : '');
}
