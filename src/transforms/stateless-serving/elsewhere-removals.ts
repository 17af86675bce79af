/**
 * Statements of other files that serving rewrites remove (the routes mounting an exported HTTP+SSE handler there), kept
 * per plan and written once every file is planned: two endpoints whose routes share a middleware in one router module
 * leave it unused only when both are gone, and removals side by side merge into one edit instead of overlapping.
 */
import { ts } from '../../typescript.js';
import type { ValueQueries } from '../../analysis/value.js';
import type { TransformPlan } from '../kit/plan.js';
import { deadAfterIn } from './dead-declarations.js';
import { mergeAdjacentRemovals, removalRange } from './text.js';

interface Removal {
  node: ts.Node;
  /** The text the statement becomes (an `if` whose branch called a handler becomes its `else`); undefined: it goes. */
  text?: string;
}

const pending = new WeakMap<TransformPlan, { values: ValueQueries; removals: Removal[] }>();

/** Records statements of other files to remove (or replace) when the plan is finished. */
export function removeElsewhere(plan: TransformPlan, values: ValueQueries, removals: readonly Removal[]): void {
  const entry = pending.get(plan) ?? { values, removals: [] };
  entry.removals.push(...removals.filter((r) => !entry.removals.some((o) => o.node === r.node)));
  pending.set(plan, entry);
}

/** Writes what `removeElsewhere` recorded, per file, with the declarations only the removed statements used. */
export function finishElsewhereRemovals(plan: TransformPlan): void {
  const entry = pending.get(plan);
  if (!entry) return;
  pending.delete(plan);
  const files = new Set(entry.removals.map((r) => r.node.getSourceFile()));
  for (const sf of files) {
    const mine = entry.removals.filter((r) => r.node.getSourceFile() === sf);
    const going = mine.filter((r) => r.text === undefined).map((r) => r.node);
    const dead = deadAfterIn(sf, entry.values, new Set(going), new Set());
    const removals = [...going, ...dead].map((node) => ({ file: sf.fileName, ...removalRange(sf, node), text: '' }));
    plan.edits.push(...mergeAdjacentRemovals(sf.text, removals));
    for (const r of mine) if (r.text !== undefined) plan.edits.push({ file: sf.fileName, start: r.node.getStart(sf), end: r.node.end, text: r.text });
  }
}
