/**
 * What a session registry that goes leaves in code that stays, and what becomes of it. Used by every rewrite that
 * removes a registry (the Streamable HTTP endpoints, through eligibility.ts, and the HTTP+SSE endpoint
 * `--modern-only` removes):
 *
 * - counts of its sessions (`transports.size`, `Object.keys(transports).length`) in a health field or a metrics
 *   line: there is nothing left to count, so each becomes `0` under one marker, and whether to drop the field is
 *   the owner's call;
 * - shutdown loops closing its transports: they go, or close the handler that replaced them.
 */
import { ts } from '../../typescript.js';
import { calleeParts, isFunctionLike, isInside, unwrap } from '../../analysis/ast.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { RULE_ID } from '../../rule-ids.js';

/** A count of a registry's sessions outside the replaced code, and the registry it counts. */
export interface SessionCount {
  count: ts.Expression;
  registry: SessionStore;
}

/** What rewriting a count needs of the file's plan (a ServingFile, or the ServingSite view of one). */
export interface CountEditor {
  readonly sf: ts.SourceFile;
  edit(start: number, end: number, text: string): void;
  marker(node: ts.Node, ruleId: string, message: string): void;
}

/** `ref.size`, or `Object.keys(ref).length` (`values`, `entries`): the number of sessions in the registry `ref`. */
export function sessionCountAt(ref: ts.Node): ts.Expression | undefined {
  const parent = ref.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === ref && parent.name.text === 'size') return parent;
  if (!ts.isCallExpression(parent) || parent.arguments.length !== 1 || parent.arguments[0] !== ref) return undefined;
  const callee = parent.expression;
  const objectListing = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Object' && ['keys', 'values', 'entries'].includes(callee.name.text);
  const length = parent.parent;
  return objectListing && ts.isPropertyAccessExpression(length) && length.expression === parent && length.name.text === 'length' ? length : undefined;
}

/**
 * Each count of a registry that goes becomes `0`, with a marker: the number it reported (open sessions) no
 * longer exists, and whether to drop it from the endpoint or count something else is the owner's call. A
 * registry that stays (shared with the kept HTTP+SSE routes) still counts its sessions, so its counts stay.
 * `removedBy` says what removed the registry, for the marker.
 */
export function rewriteSessionCounts(file: CountEditor, counts: readonly SessionCount[], staying: readonly SessionStore[], removedBy = 'the session registry that stateless serving removed: 2026-07-28 has no sessions'): void {
  for (const { count, registry } of counts) {
    if (staying.includes(registry)) continue;
    const { start, end } = countRange(file.sf.text, count);
    file.edit(start, end, '0');
    file.marker(
      count,
      RULE_ID.transportRegistry,
      `\`${count.getText(file.sf)}\` counted the sessions in \`${registry.name}\`, ${removedBy}, so it is 0 now. Drop it from what this code reports, or count something that still exists (requests in flight).`,
    );
  }
}

/** The count's text, with `${` `}` around it when it is a whole template substitution (`${transports.size}` → `0`). */
function countRange(text: string, count: ts.Expression): { start: number; end: number } {
  const start = count.getStart();
  if (!ts.isTemplateSpan(count.parent) || count.parent.expression !== count) return { start, end: count.end };
  const open = /\$\{\s*$/.exec(text.slice(0, start));
  const close = /^\s*\}/.exec(text.slice(count.end));
  return open && close ? { start: open.index, end: count.end + close[0].length } : { start, end: count.end };
}

/**
 * A loop over a registry (`for (const sid in transports)`, `for (… of Object.keys(transports))`, `transports.forEach(…)`)
 * around `ref`: shutdown bookkeeping. `refs` are all the registry's references (the loop iterates one of them).
 */
export function shutdownLoop(ref: ts.Node, refs: readonly ts.Node[]): ts.Node | undefined {
  const iterates = (over: ts.Node) => refs.some((r) => isInside(r, over));
  for (let current: ts.Node | undefined = ref.parent; current && !isFunctionLike(current); current = current.parent) {
    if ((ts.isForInStatement(current) || ts.isForOfStatement(current)) && iterates(current.expression)) return current;
    if (ts.isExpressionStatement(current)) {
      const call = unwrap(current.expression);
      if (ts.isCallExpression(call) && calleeParts(call).name === 'forEach' && iterates(call.expression)) return current;
    }
  }
  return undefined;
}
