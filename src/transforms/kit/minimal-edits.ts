/**
 * A rewrite made by another tool (a whole new text) turned into our kind of plan: the smallest text
 * edits against the text we analysed, so `apply`'s diff, dry run, check and atomic writes apply to
 * it like to any planner of ours.
 *
 * Lines are compared ignoring their leading whitespace: a line the other tool only re-indented
 * (ts-morph re-indents a node's text when it replaces it) keeps the user's indentation, and a line
 * it changed one-for-one keeps the user's indentation too. Within each changed region the common
 * prefix and suffix are trimmed, so an edit spans only the characters that differ.
 */
import { diffArrays } from 'diff';
import type { TextEdit } from './edits.js';

const LEADING = /^[ \t]*/;

function lines(text: string): string[] {
  return text.split(/(?<=\n)/);
}

/**
 * `after` with the re-indentation-only changes of `before` undone (see the module comment). A region
 * the other tool rewrote as a whole (lines added or removed) is shifted back by the re-indentation
 * seen on the unchanged line next to it, so the lines it kept stay where the user had them.
 */
export function keepIndentation(before: string, after: string): string {
  const oldLines = lines(before);
  const newLines = lines(after);
  const strip = (line: string): string => line.replace(LEADING, '');
  const indent = (line: string): string => LEADING.exec(line)![0];
  // A line of closing punctuation alone (`},`, `});`) says nothing of where it stands: it is the same line only at the
  // same depth. Otherwise a config object's closing brace could be matched with the one of the schema inside it, which
  // the codemod rewrote (`}` → `}),`), and take that depth (sweep 25 Y8).
  const punctuation = (line: string): boolean => /^[\s)\]}>;,]*$/.test(line);
  const parts = diffArrays(oldLines, newLines, { comparator: (a, b) => strip(a) === strip(b) && (!punctuation(a) || indent(a) === indent(b)) });
  // Where each part starts in the old and new line arrays.
  const starts: Array<{ old: number; new: number; count: number; kind: 'same' | 'removed' | 'added' }> = [];
  let o = 0;
  let n = 0;
  for (const part of parts) {
    const count = part.count ?? part.value.length;
    starts.push({ old: o, new: n, count, kind: part.added ? 'added' : part.removed ? 'removed' : 'same' });
    if (!part.added) o += count;
    if (!part.removed) n += count;
  }
  const delta = (oldLine: string, newLine: string): number => indent(newLine).length - indent(oldLine).length;
  const shift = (line: string, d: number): string => {
    const ws = indent(line);
    if (d > 0) return ws.length >= d && /^( *|\t*)$/.test(ws) ? line.slice(d) : line;
    if (d < 0) return (ws[0] ?? ' ').repeat(-d) + line;
    return line;
  };
  let out = '';
  for (let i = 0; i < starts.length; i++) {
    const part = starts[i]!;
    if (part.kind === 'same') {
      out += oldLines.slice(part.old, part.old + part.count).join('');
      continue;
    }
    // One changed region: a removed run, an added run, or a removed run then an added run.
    const removed = part.kind === 'removed' ? part : undefined;
    const added = part.kind === 'added' ? part : starts[i + 1]?.kind === 'added' ? starts[++i] : undefined;
    if (!added) continue;
    const newRun = newLines.slice(added.new, added.new + added.count);
    if (removed && removed.count === added.count) {
      // Lines changed one for one: each keeps the user's indentation.
      newRun.forEach((line, k) => (out += indent(oldLines[removed.old + k]!) + strip(line)));
      continue;
    }
    const prev = i - (removed ? 2 : 1) >= 0 ? starts[i - (removed ? 2 : 1)] : undefined;
    const next = starts[i + 1];
    const before_ = prev?.kind === 'same' ? delta(oldLines[prev.old + prev.count - 1]!, newLines[prev.new + prev.count - 1]!) : 0;
    const after_ = next?.kind === 'same' ? delta(oldLines[next.old]!, newLines[next.new]!) : 0;
    const d = before_ || after_;
    newRun.forEach((line, k) => {
      const firstKeepsPlace = k === 0 && removed && indent(oldLines[removed.old]!).length !== indent(line).length - d;
      out += d && !firstKeepsPlace ? shift(line, d) : line;
    });
  }
  return out;
}

/** The edits that turn `before` into `after`: one per changed region, trimmed to what differs. */
export function minimalEdits(file: string, before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const oldLines = lines(before);
  const newLines = lines(after);
  const parts = diffArrays(oldLines, newLines);
  const edits: TextEdit[] = [];
  let oldOffset = 0;
  let newIndex = 0;
  let oldIndex = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const count = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      oldOffset += oldLines.slice(oldIndex, oldIndex + count).join('').length;
      oldIndex += count;
      newIndex += count;
      continue;
    }
    // One changed region: the removed run and the added run that replaces it (either may be empty).
    let removed = '';
    let added = '';
    while (i < parts.length && (parts[i]!.added || parts[i]!.removed)) {
      const p = parts[i]!;
      const n = p.count ?? p.value.length;
      if (p.removed) {
        removed += oldLines.slice(oldIndex, oldIndex + n).join('');
        oldIndex += n;
      } else {
        added += newLines.slice(newIndex, newIndex + n).join('');
        newIndex += n;
      }
      i++;
    }
    i--;
    let prefix = 0;
    while (prefix < removed.length && prefix < added.length && removed[prefix] === added[prefix]) prefix++;
    let suffix = 0;
    while (suffix < removed.length - prefix && suffix < added.length - prefix && removed[removed.length - 1 - suffix] === added[added.length - 1 - suffix]) suffix++;
    edits.push({ file, start: oldOffset + prefix, end: oldOffset + removed.length - suffix, text: added.slice(prefix, added.length - suffix) });
    oldOffset += removed.length;
  }
  return edits;
}
