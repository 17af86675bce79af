/**
 * Blank lines the SDK move adds to a file's head (its directives and the imports or `require`s below them) that the
 * file did not have. The official codemod prints the imports it rewrites as a block of their own, with a blank line
 * before and after; in an ES module with imports our layout passes keep the file's own spacing, but a CommonJS file
 * makes the round trip through imports (official.ts), and a file given the McpServer bridge has an import the file
 * never had: `'use strict';` followed by requires gained a blank line above and below them (review 39 R3), and a tool
 * module the codemod left alone came out with one more blank line, reported as changed.
 */
import { diffArrays } from 'diff';

/** A line of the head: blank, a comment, a directive, an import or a `require`. */
const HEAD_LINE = /^\s*(?:$|\/\/|\/\*|\*|['"]use [a-z ]+['"];?\s*$|import\b|export\s+\{[^}]*\}\s+from\b|(?:const|let|var)\s[^=]+=\s*require\(|require\()/;

/** `after` without the blank lines it added in its head, where `before` had none. */
export function withoutAddedHeadBlankLines(before: string, after: string): string {
  if (before === after) return after;
  const eol = after.includes('\r\n') ? '\r\n' : '\n';
  const was = before.split(/\r?\n/);
  const now = after.split(/\r?\n/);
  let head = 0;
  while (head < now.length && HEAD_LINE.test(now[head]!)) head++;
  const blank = (line: string): boolean => line.trim() === '';
  const out: string[] = [];
  const parts = diffArrays(was, now);
  let at = 0;
  for (const [i, part] of parts.entries()) {
    if (part.removed) continue;
    if (!part.added) {
      out.push(...part.value);
      at += part.value.length;
      continue;
    }
    // Added lines, alone or in place of removed ones: a blank line at either end of the added run, within the head,
    // stays only when the lines it replaces had one there too.
    const removed = parts[i - 1]?.removed ? parts[i - 1]!.value : [];
    let lines = part.value;
    const start = at;
    at += lines.length;
    if (start >= head) {
      out.push(...lines);
      continue;
    }
    if (lines.every(blank)) lines = removed.length ? lines.slice(0, removed.filter(blank).length) : [];
    else {
      // Code inserted right after a blank line (`'use strict';`, blank, then the zod `require` above the code): the
      // blank line below it keeps the code apart as the blank line above did; likewise before a blank line.
      const afterBlank = out.length > 0 && blank(out.at(-1)!);
      const next = now[at];
      const beforeBlank = next !== undefined && blank(next);
      while (lines.length && blank(lines[0]!) && !(removed.length && blank(removed[0]!)) && !beforeBlank) lines = lines.slice(1);
      while (lines.length && blank(lines.at(-1)!) && !(removed.length && blank(removed.at(-1)!)) && !afterBlank) lines = lines.slice(0, -1);
    }
    out.push(...lines);
  }
  return out.join(eol);
}
