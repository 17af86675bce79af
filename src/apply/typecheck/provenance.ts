/**
 * Which transform wrote each line of a migrated file.
 *
 * Transforms run one after another on the in-memory texts, so the edits one transform planned are
 * offsets into the text the previous one left, not into the final text. Rather than replaying those
 * offsets, each step is recorded as the text before and after it: a line diff of the two is exactly
 * what the step changed, and carrying the owners of unchanged lines forward keeps the map right
 * however later steps shift the lines.
 */
import { diffLines } from 'diff';

export class LineProvenance {
  /** File → for each line of its current text (0-based), the steps that wrote it. */
  private readonly owners = new Map<string, ReadonlySet<string>[]>();
  /** File → every step that changed it, in order. */
  private readonly steps = new Map<string, string[]>();
  /** File → the lines each step removed or rewrote (an import it dropped, a declaration it renamed). */
  private readonly removed = new Map<string, { step: string; text: string }[]>();

  /**
   * Steps recorded and not yet diffed, per file in order. Only the type check reads the map, and only
   * when it finds an error; most runs (and every run whose dependencies are not installed) never do, so
   * the line diffs wait until a question is asked. Diffed in the order recorded, they give the same map.
   */
  private readonly pending = new Map<string, { step: string; before: string; after: string; relaid?: boolean }[]>();

  /** `step` turned `before` into `after` (`before` is '' for a file it created). */
  record(file: string, step: string, before: string, after: string): void {
    if (before === after) return;
    const pending = this.pending.get(file);
    if (pending) pending.push({ step, before, after });
    else this.pending.set(file, [{ step, before, after }]);
  }

  /**
   * A layout step (layout.ts) printed lines the transforms wrote again, over more lines: each new line
   * belongs to the steps that wrote the lines it replaced, so a type error on it is still theirs.
   */
  recordRelayout(file: string, before: string, after: string): void {
    if (before === after) return;
    const entry = { step: '', before, after, relaid: true };
    const pending = this.pending.get(file);
    if (pending) pending.push(entry);
    else this.pending.set(file, [entry]);
  }

  /** Diffs the steps of `file` recorded since it was last read. */
  private settle(file: string): void {
    const pending = this.pending.get(file);
    if (!pending) return;
    this.pending.delete(file);
    for (const { step, before, after, relaid } of pending) {
      if (relaid) this.relayout(file, before, after);
      else this.apply(file, step, before, after);
    }
  }

  private relayout(file: string, before: string, after: string): void {
    const previous = this.owners.get(file) ?? [];
    const next: ReadonlySet<string>[] = [];
    let oldLine = 0;
    // The owners of the lines a run of removed lines held, for the added lines that follow them.
    let replaced = new Set<string>();
    for (const part of diffLines(before, after)) {
      const count = part.count ?? lineCount(part.value);
      if (part.removed) {
        for (let i = 0; i < count; i++) for (const step of previous[oldLine + i] ?? EMPTY) replaced.add(step);
        oldLine += count;
      } else if (part.added) {
        const owners: ReadonlySet<string> = new Set(replaced);
        for (let i = 0; i < count; i++) next.push(owners);
      } else {
        replaced = new Set();
        for (let i = 0; i < count; i++) next.push(previous[oldLine + i] ?? EMPTY);
        oldLine += count;
      }
    }
    this.owners.set(file, next);
  }

  private apply(file: string, step: string, before: string, after: string): void {
    const previous = this.owners.get(file) ?? [];
    const next: ReadonlySet<string>[] = [];
    const own = new Set([step]);
    let oldLine = 0;
    // A line a step only re-indented (code moved into a new function) is not a line it wrote.
    for (const part of diffLines(before, after, { ignoreWhitespace: true })) {
      const count = part.count ?? lineCount(part.value);
      if (part.removed) {
        oldLine += count;
        this.removed.set(file, [...(this.removed.get(file) ?? []), { step, text: part.value }]);
      }
      else if (part.added) for (let i = 0; i < count; i++) next.push(own);
      else {
        for (let i = 0; i < count; i++) next.push(previous[oldLine + i] ?? EMPTY);
        oldLine += count;
      }
    }
    this.owners.set(file, next);
    const steps = this.steps.get(file) ?? [];
    if (!steps.includes(step)) steps.push(step);
    this.steps.set(file, steps);
  }

  /** The steps that wrote line `line` (1-based) of the file's final text; empty when the line is the user's. */
  ownersOfLine(file: string, line: number): string[] {
    this.settle(file);
    return [...(this.owners.get(file)?.[line - 1] ?? EMPTY)];
  }

  /**
   * The steps that took `name` out of the file: their removed or rewritten lines held it as a word.
   * For "Cannot find name" on a line the user wrote, this is the step that dropped its import.
   */
  stepsThatRemoved(file: string, name: string): string[] {
    this.settle(file);
    const word = new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w$])`);
    return [...new Set((this.removed.get(file) ?? []).filter((r) => word.test(r.text)).map((r) => r.step))];
  }

  /** Every step that changed the file. */
  stepsOf(file: string): string[] {
    this.settle(file);
    return [...(this.steps.get(file) ?? [])];
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}
