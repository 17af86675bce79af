/**
 * The idle reaper of the helper-registry shape (session-registry.ts): a timer sweeping expired sessions out of
 * the registry has nothing left to sweep once the registry goes, so it goes with it, with the variable holding
 * the timer and what configured it (its TTL). The public options that set that TTL stay, marked
 * (reaper-ttl-options.ts).
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, isFunctionLike, isInside, outermostWrapper, unwrap, statementOf } from '../../analysis/ast.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { referencesByName } from './text.js';
import { customLogic, PLUMBING_GLOBALS } from './custom-logic.js';
import { optionCallers, publicOption } from './reaper-ttl-options.js';
import type { ServingSite } from './serving-site-view.js';
import { identifiers, makesCalls, placeOf, soleStatement } from './syntax-queries.js';
import { TIMER_CLEARS, timerStarted } from '../../analysis/timers.js';


interface Reaper {
  removed: ts.Node[];
  /** The names of the timers. */
  timers: string[];
  /** Variables that configured the reaper (its TTL), removed with it. */
  configured: ts.Node[];
  /** Options of a public function that set the TTL: left in place, marked. */
  options: Array<{ node: ts.Node; message: string }>;
}

/**
 * `setInterval`/`setTimeout` calls whose callback reads a registry (idle reapers), with the variable that
 * holds the timer (its `unref()`, `clearInterval`, `if (timer)` go too), the `if` that only started it, and
 * the variables that only configured it (the TTL). A TTL read from a parameter of an exported function stays
 * in that function's options (its callers, a CLI flag, set it), marked as having no effect now.
 */
export function reapers(site: ServingSite, registries: readonly SessionStore[], alreadyRemoved: ReadonlySet<ts.Node>): Reaper | string {
  const values = site.result.analysis.values;
  const out: Reaper = { removed: [], timers: [], configured: [], options: [] };
  const timerCalls: ts.CallExpression[] = [];
  forEachDescendant(site.sf, (node) => {
    if (!ts.isCallExpression(node) || !timerStarted(node, values)) return;
    const callback = node.arguments[0] && unwrap(node.arguments[0]);
    if (!callback || !isFunctionLike(callback)) return;
    if (registries.some((r) => referencesByName(callback, r.name).some((ref) => values.symbolOf(ref)?.valueDeclaration === r.declaration))) timerCalls.push(node);
  });
  const removed = new Set<ts.Node>();
  const isRegistry = (id: ts.Identifier) => registries.some((r) => values.symbolOf(id)?.valueDeclaration === r.declaration);
  const allowed = new Set([...PLUMBING_GLOBALS, ...site.sdkNames]);
  for (const call of timerCalls) {
    // A timer that does more than sweep the sessions (flushes metrics, polls a backend) is the application's: it stays.
    const callback = unwrap(call.arguments[0]!) as ts.FunctionLikeDeclaration;
    const scope = enclosingFunction(call) ?? site.sf;
    const issue = customLogic(site, callback.body!, allowed, new Set(), 'the idle reaper', isRegistry, scope);
    if (issue) return issue;
    const statement = statementOf(call);
    const holder = outermostWrapper(call).parent;
    let timer: ts.Identifier | undefined;
    if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) timer = holder.name;
    else if (ts.isBinaryExpression(holder) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(holder.left)) timer = holder.left;
    else if (!(ts.isExpressionStatement(holder) && holder === statement)) return `the idle reaper ${placeOf(call)} is not kept in a variable or run as a statement of its own.`;
    removed.add(statement);
    out.timers.push(timer?.text ?? call.expression.getText(site.sf));
    if (!timer) continue;
    const symbol = values.symbolOf(timer);
    for (const ref of referencesByName(site.sf, timer.text)) {
      if (values.symbolOf(ref) !== symbol || isInside(ref, statement)) continue;
      const use = timerUse(ref);
      if (!use) return `the idle reaper's timer \`${timer.text}\` is also used ${placeOf(ref)}.`;
      removed.add(use);
    }
  }
  if (removed.size === 0) return out;
  // An `if` whose every statement goes (`if (ttl > 0) { timer = setInterval(…); timer.unref(); }`) goes whole.
  for (let grew = true; grew; ) {
    grew = false;
    for (const node of [...removed]) {
      const block = node.parent;
      if (!block || !ts.isBlock(block) || !ts.isIfStatement(block.parent) || block.parent.elseStatement || removed.has(block.parent)) continue;
      if (!block.statements.every((s) => [...removed].some((r) => isInside(s, r))) || makesCalls(block.parent.expression)) continue;
      removed.add(block.parent);
      grew = true;
    }
  }
  // Variables only the reaper read (its TTL, its period) configured it: they go too.
  const isRemoved = (n: ts.Node) => [...removed, ...alreadyRemoved].some((r) => isInside(n, r));
  for (let grew = true; grew; ) {
    grew = false;
    for (const node of [...removed]) {
      for (const id of identifiers(node)) {
        const found = values.symbolOf(id)?.valueDeclaration;
        const decl = found && ts.isVariableDeclaration(found) ? found : undefined;
        const declStatement = decl && soleStatement(decl);
        if (!decl || !declStatement || isRemoved(decl) || ts.getModifiers(declStatement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
        const symbol = values.symbolOf(decl.name);
        const refs = referencesByName(site.sf, id.text).filter((r) => values.symbolOf(r) === symbol);
        if (!refs.every(isRemoved)) continue;
        removed.add(declStatement);
        out.configured.push(declStatement);
        const option = publicOption(site, decl);
        if (option) out.options.push(option, ...optionCallers(site, option));
        grew = true;
      }
    }
  }
  out.removed = [...removed];
  return out;
}

/** The statement a use of a timer variable is, when it only manages the timer (`unref()`, `clearInterval`, `if (timer)`, its declaration). */
function timerUse(ref: ts.Identifier): ts.Node | undefined {
  const parent = ref.parent;
  if (ts.isVariableDeclaration(parent) && parent.name === ref) return soleStatement(parent);
  if (ts.isPropertyAccessExpression(parent) && ['unref', 'ref'].includes(parent.name.text) && ts.isCallExpression(parent.parent) && ts.isExpressionStatement(parent.parent.parent)) return parent.parent.parent;
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && TIMER_CLEARS.has(parent.expression.text) && ts.isExpressionStatement(parent.parent)) {
    // `if (timer) clearInterval(timer)`: the `if` goes whole.
    const statement = parent.parent;
    const owner = statement.parent && ts.isBlock(statement.parent) && statement.parent.statements.length === 1 ? statement.parent.parent : statement.parent;
    if (owner && ts.isIfStatement(owner) && !owner.elseStatement && !makesCalls(owner.expression) && referencesByName(owner.expression, ref.text).length > 0) return owner;
    return statement;
  }
  if (ts.isBinaryExpression(parent) && parent.left === ref && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isExpressionStatement(parent.parent)) {
    const value = unwrap(parent.right);
    if (value.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(value) && value.text === 'undefined')) return parent.parent;
  }
  // `if (timer) { clearInterval(timer); }` read from its condition.
  for (let current: ts.Node = parent; current; current = current.parent) {
    if (ts.isIfStatement(current)) {
      if (isInside(ref, current.expression) && !current.elseStatement && !makesCalls(current.expression)) {
        const then = current.thenStatement;
        const body = ts.isBlock(then) ? [...then.statements] : [then];
        if (body.every((s) => ts.isExpressionStatement(s) && ts.isCallExpression(s.expression) && ts.isIdentifier(s.expression.expression) && TIMER_CLEARS.has(s.expression.expression.text))) return current;
      }
      return undefined;
    }
    if (ts.isBlock(current) || isFunctionLike(current)) return undefined;
  }
  return undefined;
}
