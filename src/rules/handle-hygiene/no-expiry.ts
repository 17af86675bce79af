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
    // What the code deletes from, clears or replaces is resolved only in `end()`, and only when the
    // program has handle-keyed stores: resolving every assignment's target makes the checker type its
    // expression, which cost 5% of a scan of a server without a single handle.
    const emptiedTargets: ts.Node[] = [];
    const assignments: ts.BinaryExpression[] = [];
    /** Collections something deletes from, clears, or replaces. */
    const emptiedCollections = (): Set<ts.Symbol> => {
      const emptied = new Set<ts.Symbol>();
      const mark = (target: ts.Node): void => {
        const inner = unwrap(target);
        const name = ts.isPropertyAccessExpression(inner) ? inner.name : ts.isIdentifier(inner) ? inner : undefined;
        const symbol = name && values.symbolOf(name);
        if (symbol) emptied.add(symbol);
      };
      for (const target of emptiedTargets) mark(target);
      for (const node of assignments) {
        // `sessions = new Map()` after start-up drops every entry at once (not the assignment that declares it).
        const left = unwrap(node.left);
        const symbol = values.symbolOf(ts.isPropertyAccessExpression(left) ? left.name : left);
        if (symbol && !symbol.declarations?.some((d) => d === left || d === node || (ts.isPropertyAccessExpression(d) && d.parent === node))) mark(left);
      }
      return emptied;
    };
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
          const { name, receiver } = calleeParts(node);
          if (receiver && (name === 'delete' || name === 'clear')) emptiedTargets.push(receiver);
        },
        [ts.SyntaxKind.DeleteExpression]: (node: ts.DeleteExpression) => {
          const target = unwrap(node.expression);
          if (ts.isElementAccessExpression(target)) emptiedTargets.push(target.expression);
        },
        [ts.SyntaxKind.BinaryExpression]: (node: ts.BinaryExpression) => {
          if (node.operatorToken.kind === ts.SyntaxKind.EqualsToken) assignments.push(node);
        },
      },
      end() {
        const families = context.analysis.handles;
        if (families.length === 0) return;
        const emptied = emptiedCollections();
        const reported = new Set<ts.Symbol>();
        for (const family of families) {
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
