/**
 * Whole-statement removal ranges, with the comments that belong to the statement: shared by the transforms that delete
 * code (the serving transform's session plumbing, the handshake transform's dead initialize branches).
 */
import { ts } from '../../typescript.js';

/**
 * The range a statement occupies when it is removed: from the start of the line of the first comment
 * directly above it (no blank line between: the comment describes it) to the end of its last line.
 */
/** Comments that act on the line below them. */
const NEXT_LINE_DIRECTIVE = /eslint-disable-next-line|@ts-(?:ignore|expect-error|nocheck)|prettier-ignore|(?:istanbul|c8|v8) ignore next|biome-ignore|deno-lint-ignore/;

export function removalRange(sf: ts.SourceFile, statement: ts.Node, withComments = true, swallowBlank = true): { start: number; end: number } {
  const text = sf.text;
  let start = text.lastIndexOf('\n', statement.getStart(sf) - 1) + 1;
  // Only whitespace before the statement on its line: the line goes; otherwise just the statement.
  if (text.slice(start, statement.getStart(sf)).trim() !== '') start = statement.getStart(sf);
  else if (withComments) {
    for (;;) {
      if (start === 0) break;
      const prevStart = text.lastIndexOf('\n', start - 2) + 1;
      const line = text.slice(prevStart, start - 1).trim();
      if (line === '' || !(line.startsWith('//') || line.startsWith('/*') || line.startsWith('*'))) break;
      start = prevStart;
    }
  }
  let end = statementEnd(sf, statement);
  const lineEnd = text.indexOf('\n', end);
  // The rest of the line, or a comment on it (`router.get('/sse', h); // legacy clients`, `/* by session id */`), goes
  // with the statement; a directive for the next line (`// eslint-disable-next-line …`) stays for that line.
  const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim();
  const ownLine = text.slice(text.lastIndexOf('\n', statement.getStart(sf) - 1) + 1, statement.getStart(sf)).trim() === '';
  const comment = /^(\/\/.*|\/\*(?:(?!\*\/).)*\*\/)$/.test(rest) && !NEXT_LINE_DIRECTIVE.test(rest);
  if (rest === '' || (comment && ownLine)) end = lineEnd < 0 ? text.length : lineEnd + 1;
  if (swallowBlank && withComments) start = withBlankLineAbove(text, start, end);
  return { start, end };
}

/**
 * Where a statement's own code ends: before a `;` that starts a later line. In code written without semicolons a line
 * that starts with `(` or `[` is guarded `;(…)` / `;[…]`, and the parser takes that `;` as the end of the statement
 * above; removed with it, the next line would join the code before (review 39c T3: `seen.push(1)\n[1, 2].forEach(…)`).
 */
export function statementEnd(sf: ts.SourceFile, statement: ts.Node): number {
  const text = sf.text;
  if (text[statement.end - 1] !== ';') return statement.end;
  const children = statement.getChildren(sf);
  const last = children.at(-1);
  const before = children.at(-2);
  if (!last || last.kind !== ts.SyntaxKind.SemicolonToken || !before) return statement.end;
  return text.slice(before.end, statement.end - 1).includes('\n') ? before.end : statement.end;
}

/**
 * Whether a statement sits in a list of statements (a block, a file, a `case`), so that removing it leaves the code
 * around it meaning what it meant: the body of a brace-less `if`/`else`/loop is not (removed, the next statement
 * would become the body).
 */
export function inStatementList(statement: ts.Node): boolean {
  const parent = statement.parent;
  return !!parent && (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isModuleBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent));
}

/**
 * The start of a removal of whole lines [start, end) that also takes the blank line above it when there is
 * a blank line below too, so the code around does not drift apart.
 */
export function withBlankLineAbove(text: string, start: number, end: number): number {
  if (start === 0 || text[start - 1] !== '\n' || !/^[ \t]*(\n|$)/.test(text.slice(end))) return start;
  const above = /\n([ \t]*\n)$/.exec(text.slice(0, start));
  return above ? start - above[1]!.length : start;
}

