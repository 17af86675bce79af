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

/** `after` with the re-indentation-only changes of `before` undone (see the module comment). */
export function keepIndentation(before: string, after: string): string {
  const oldLines = lines(before);
  const newLines = lines(after);
  const strip = (line: string): string => line.replace(LEADING, '');
  const parts = diffArrays(oldLines, newLines, { comparator: (a, b) => strip(a) === strip(b) });
  let out = '';
  let oldIndex = 0;
  let newIndex = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const count = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      out += oldLines.slice(oldIndex, oldIndex + count).join('');
      oldIndex += count;
      newIndex += count;
      continue;
    }
    // A removed run followed by an added run of the same length: lines changed one for one.
    const next = parts[i + 1];
    if (part.removed && next?.added && (next.count ?? next.value.length) === count) {
      for (let k = 0; k < count; k++) {
        const oldLine = oldLines[oldIndex + k]!;
        const newLine = newLines[newIndex + k]!;
        out += LEADING.exec(oldLine)![0] + strip(newLine);
      }
      oldIndex += count;
      newIndex += count;
      i++;
      continue;
    }
    if (part.removed) oldIndex += count;
    else {
      out += newLines.slice(newIndex, newIndex + count).join('');
      newIndex += count;
    }
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
