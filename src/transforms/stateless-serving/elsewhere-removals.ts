/**
 * Statements of other files that serving rewrites remove (the routes mounting an exported HTTP+SSE handler there), kept
 * per plan and written once every file is planned: two endpoints whose routes share a middleware in one router module
 * leave it unused only when both are gone, and removals side by side merge into one edit instead of overlapping.
 */
import { ts } from '../../typescript.js';
import type { ValueQueries } from '../../analysis/value.js';
import type { TransformPlan } from '../kit/plan.js';
import type { TextEdit } from '../kit/edits.js';
import { deadAfterIn } from './dead-declarations.js';
import { afterLineOf, mergeAdjacentRemovals, removalRange, replacementOf } from './text.js';
import { besideEntry } from './entry-code.js';
import { indentAt } from '../kit/source-style.js';

interface Removal {
  node: ts.Node;
  /** The text the statement becomes (an `if` whose branch called a handler becomes its `else`); undefined: it goes. */
  text?: string;
  /** Other edits of the same file that come with it (the imports of the 2026-07-28 entry written in its place). */
  edits?: readonly TextEdit[];
  /** `text` is the 2026-07-28 entry: it takes the statement's place with the comments above it (they were about the statement). */
  entry?: boolean;
  /** `text` is the 2026-07-28 entry written after the statement, which stays (beside the routes of a kept endpoint). */
  after?: boolean;
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
    for (const r of mine) {
      if (r.text === undefined) continue;
      plan.edits.push(r.after ? entryAfter(sf, r.node, r.text) : r.entry ? entryEdit(sf, r.node, r.text) : { file: sf.fileName, start: r.node.getStart(sf), end: r.node.end, text: r.text });
    }
    for (const r of mine) plan.edits.push(...(r.edits ?? []));
  }
}

/** The entry's `code` in place of the statement `node` and the comments above it, as ServingSite.writeEntry writes it. */
function entryEdit(sf: ts.SourceFile, node: ts.Node, code: string): TextEdit {
  return { file: sf.fileName, ...replacementOf(sf, node, code) };
}

/** The entry's `code` after the statement `node` and the rest of its line, as ServingSite.writeEntry writes it beside kept routes. */
function entryAfter(sf: ts.SourceFile, node: ts.Node, code: string): TextEdit {
  const offset = afterLineOf(sf, node);
  return { file: sf.fileName, start: offset, end: offset, text: besideEntry(code, indentAt(sf.text, node.getStart(sf))) };
}
