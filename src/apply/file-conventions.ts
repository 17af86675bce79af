/**
 * What a rewritten file keeps of its original that a transform can lose on the way: the comment
 * block at its top (a licence, `@fileoverview`) and its line endings. Both run on the final text of
 * each changed file, after every transform, so no transform has to get them right on its own.
 */
import { diffArrays } from 'diff';
import { ts } from '../typescript.js';
import { knownTreeOf } from '../analysis/parsed-files.js';

/**
 * Comments about the statement below them, not about the file: when that statement goes, they
 * go with it (an `eslint-disable-next-line` above a removed import must not land on another line).
 */
const STATEMENT_DIRECTIVE = /^(?:\/\/|\/\*+)\s*(?:eslint-disable-next-line|@ts-ignore|@ts-expect-error|prettier-ignore|biome-ignore|istanbul ignore|c8 ignore|@mcp-migrate-todo|mcp-migrate-disable-next-line|@mcp-codemod-error)/;

interface TopComment {
  text: string;
  /** Where it starts and ends in its file. */
  pos: number;
  end: number;
}

/**
 * `after` with the original's top-of-file comments that it lost put back where they were.
 *
 * The official codemod removes an import declaration with ts-morph's `remove()`, which takes the
 * comments attached above it: when that import is the file's first statement, the licence or
 * `@fileoverview` header goes too (its `schema-params` step does this to
 * `import { EmptyResultSchema } …`). A header comment that `after` still has anywhere is left where
 * it is; comments are never duplicated.
 */
export function keepFileHeader(before: string, after: string): string {
  const header = topComments(before);
  const cut = header.findIndex((c) => STATEMENT_DIRECTIVE.test(c.text));
  if (cut >= 0) header.length = cut;
  if (header.length === 0) return after;
  const kept = topComments(after);
  // Compared with their line endings left out: a transform may have written a comment back with others (the codemod's
  // LF in a CRLF file) and it is still the same comment (review 39b S3: a JSDoc put back twice).
  const flat = (text: string): string => text.replace(/\r\n/g, '\n');
  const afterFlat = flat(after);
  let cursor = kept.length > 0 ? kept[0]!.pos : firstTokenAt(after, 0);
  let next = 0; // the first of `kept` not matched yet
  let inserted = '';
  const insertions: Array<{ at: number; text: string }> = [];
  // The comments above `after`'s statements, read once, and only when a header comment is not found as it was.
  let moved: TopComment[] | undefined;
  header.forEach((comment, i) => {
    const match = kept.findIndex((k, j) => j >= next && flat(k.text) === flat(comment.text));
    if (match >= 0) {
      if (inserted) insertions.push({ at: cursor, text: inserted });
      inserted = '';
      next = match + 1;
      cursor = firstTokenAt(after, kept[match]!.end);
      return;
    }
    if (afterFlat.includes(flat(comment.text))) return; // moved further down by a transform: not ours to move back
    if (kept.some((k, j) => j >= next && resembles(k.text, comment.text))) return; // edited by a transform (a renamed {@link}): keep its edit
    // Moved down and edited (a statement's JSDoc below an import the codemod added, its `import()` type moved to v2: sweep 33 AG3).
    if ((moved ??= statementComments(after)).some((c) => resembles(c.text, comment.text))) return;
    // With the blank lines that followed it, up to what followed it (the next comment or the code).
    const following = header[i + 1]?.pos ?? firstTokenAt(before, comment.end);
    inserted += comment.text + before.slice(comment.end, following);
  });
  if (inserted) insertions.push({ at: cursor, text: inserted });
  let out = after;
  for (const { at, text } of insertions.reverse()) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

/** Two versions of one comment: as many lines, at least half of them the same. */
function resembles(a: string, b: string): boolean {
  const left = a.split('\n').map((l) => l.trim());
  const right = b.split('\n').map((l) => l.trim());
  return left.length === right.length && left.filter((line, i) => line === right[i]).length * 2 >= left.length;
}

/** The comments above the file's top-level statements. */
function statementComments(text: string): TopComment[] {
  // The tree of this text the run already parsed, if it has one (the migrated text is parsed for its checks).
  const sf = knownTreeOf(text) ?? ts.createSourceFile('comments.ts', text, ts.ScriptTarget.Latest, false);
  return sf.statements.flatMap((statement) => (ts.getLeadingCommentRanges(text, statement.pos) ?? []).map((r) => ({ text: text.slice(r.pos, r.end), pos: r.pos, end: r.end })));
}

/** The comments before the first token of the file (after a shebang line, which TypeScript skips). */
function topComments(text: string): TopComment[] {
  return (ts.getLeadingCommentRanges(text, 0) ?? []).map((r) => ({ text: text.slice(r.pos, r.end), pos: r.pos, end: r.end }));
}

/** The position after `from` and the whitespace that follows it (and after a shebang line at the start). */
function firstTokenAt(text: string, from: number): number {
  let at = from;
  if (at === 0) at = /^#![^\n]*\n?/.exec(text)?.[0].length ?? 0;
  return at + /^\s*/.exec(text.slice(at))![0].length;
}

/**
 * `after` with CRLF line breaks when the original used CRLF throughout: transforms insert `\n`.
 * (Inside a template literal this changes nothing either: JavaScript reads a CRLF there as `\n`.)
 * A file that mixes both keeps each of its lines' own ending, and the lines the run wrote take the ending most of the
 * file has (review 40 R40-14: the official codemod's printer made every line CRLF, half the diff line-ending noise).
 */
export function keepLineEndings(before: string, after: string): string {
  const breaks = count(before, '\n');
  if (breaks === 0) return after;
  const crlf = count(before, '\r\n');
  if (crlf === breaks) return after.replace(/\r?\n/g, '\r\n');
  if (crlf === 0) return after.includes('\r\n') ? after.replace(/\r\n/g, '\n') : after;
  return withEachLinesEnding(before, after, crlf * 2 > breaks);
}

/** `after` where each line that is one of `before`'s keeps that line's ending; the others end as `crlf` says. */
function withEachLinesEnding(before: string, after: string, crlf: boolean): string {
  const original = before.split('\n');
  const plain = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
  const written = after.split('\n').map(plain);
  const out: Array<{ text: string; kept: boolean }> = [];
  let at = 0;
  for (const part of diffArrays(original.map(plain), written)) {
    if (part.removed) {
      at += part.value.length;
      continue;
    }
    for (const line of part.value) out.push(part.added ? { text: line, kept: false } : { text: original[at++]!, kept: true });
  }
  // Every piece but the last ends with a line break: a written line gets its carriage return there.
  return out.map(({ text, kept }, i) => (!kept && crlf && i < out.length - 1 ? `${text}\r` : text)).join('\n');
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
