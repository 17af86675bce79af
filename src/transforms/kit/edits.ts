/**
 * Transforms produce text edits, not reprinted trees: only the changed characters move, so the
 * user's formatting and comments survive (recast's reprinting reformats every node it touches).
 */
export interface TextEdit {
  /** Absolute path of the file the offsets refer to. */
  file: string;
  start: number;
  end: number;
  text: string;
}

class EditConflictError extends Error {}

/** Applies edits made against `text`; identical duplicates count once, overlapping different edits throw. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const unique = new Map<string, TextEdit>();
  for (const edit of edits) unique.set(`${edit.start}:${edit.end}:${edit.text}`, edit);
  // Insertions at the same offset keep their order of creation.
  const ordered = [...unique.values()].map((edit, index) => ({ edit, index })).sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || a.index - b.index);
  let out = '';
  let cursor = 0;
  for (const { edit } of ordered) {
    if (edit.start < cursor) throw new EditConflictError(`overlapping edits at offset ${edit.start} of ${edit.file}`);
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}

