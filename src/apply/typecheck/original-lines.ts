/**
 * Where a line of a migration's text was in the file as it is on disk. The SDK v2 move held back is reported with the
 * errors it was predicted to cause; nothing of its text is written, so each error must point at the user's own line:
 * a line the move left as it was maps to its place in the original, a line the move wrote to where the lines it
 * replaced begin (or, inserted, to the line it was inserted before) (sweep 22 V3: `:15` was reported for a handler at
 * `:22`, after an import of seven lines had become one), and then to where that line is in the file this run writes.
 */
import { diffLines } from 'diff';
import type { NewTypeError } from './check.js';

/** `line` (1-based) of `after` → the 1-based line of `before` it stands for. */
export function originalLine(before: string, after: string, line: number): number {
  let oldLine = 1;
  let newLine = 1;
  let replacedFrom: number | undefined;
  for (const part of diffLines(before, after)) {
    const count = part.count ?? 0;
    if (part.removed) {
      replacedFrom ??= oldLine;
      oldLine += count;
      continue;
    }
    if (line < newLine + count) return part.added ? (replacedFrom ?? oldLine) : oldLine + (line - newLine);
    newLine += count;
    if (!part.added) {
      oldLine += count;
      replacedFrom = undefined;
    }
  }
  return Math.max(1, oldLine - 1);
}

/**
 * The errors with their lines in the files as this run leaves them, given each file's text before the migration, after
 * the migration the errors were predicted for, and as written (`written`, when this run writes the file): a line the
 * move held back would have written maps to the user's line it stands for, and that line to where it is once this
 * run's own edits (its markers above it) are written (sweep 23 W7: `:22` was reported for a call written at `:24`).
 */
export function onOriginalLines(errors: readonly NewTypeError[], texts: ReadonlyMap<string, { before: string; after: string; written?: string }>): NewTypeError[] {
  return errors.map((error) => {
    const text = texts.get(error.file);
    if (!text) return error;
    const line = originalLine(text.before, text.after, error.line);
    return { ...error, line: text.written === undefined ? line : originalLine(text.written, text.before, line) };
  });
}
