/**
 * Generated code in the file's own semicolon style. The transforms (and the official codemod `sdk-v2` composes)
 * end the statements they write with `;`; in a file written without semicolons (the `standard` style, common in
 * hono and Bun projects) every such line stands out in review and fails the project's lint. After the last transform,
 * a statement the run wrote that ends with `;` loses it, when the original file clearly omits them. Kept where the
 * next code starts with a token that would continue the statement without it (`(`, `[`, a template, `+`, `-`, `/`):
 * code written without semicolons guards those lines with a leading `;`, which is the user's to write. Lines the run
 * did not write never change, so a file of mixed style stays as it was.
 */
import { ts } from '../typescript.js';
import { syntaxTreeOf } from '../analysis/parsed-files.js';
import { forEachDescendant } from '../analysis/ast.js';
import { writtenLines } from './quote-style.js';

/** A file needs this many statements, this share of them without `;`, to be written without semicolons. */
const MIN_STATEMENTS = 5;
const MIN_SHARE = 0.9;

/** `after` with the trailing `;` of the statements the run wrote taken out, when `before` is written without them. */
export function matchSemicolonStyle(file: string, before: string, after: string): string {
  if (before === after || !after.includes(';') || !omitsSemicolons(file, before)) return after;
  const sf = syntaxTreeOf(file, after);
  const ends: number[] = [];
  // Pre-order, as the judge's analysis then walks this tree too (shared by syntaxTreeOf).
  forEachDescendant(sf, (node) => {
    if (isTerminated(node) && sf.text[node.end - 1] === ';' && endsItsLine(sf.text, node.end) && !continuesWithoutSemicolon(sf.text, node.end)) ends.push(node.end - 1);
  });
  if (ends.length === 0) return after;
  const written = writtenLines(before, after);
  let out = after;
  // Last first, by offset: the walk is pre-order, so a statement holding others (a factory's one-line arrow body)
  // comes before the statements it holds but ends after them (sweep 30 AD1: taken in walk order, the removals
  // landed on the wrong characters).
  const removals = [...new Set(ends)].filter((end) => written.has(sf.getLineAndCharacterOfPosition(end).line)).sort((a, b) => b - a);
  for (const at of removals) out = out.slice(0, at) + out.slice(at + 1);
  return out;
}

/**
 * The `;` at `end` ends its line (a comment may follow), or a block closes right after it (`{ once() }`): only there does
 * code written without semicolons leave it out. Between two statements on one line (`const { server } = create(); let
 * cleaned = false`) it is what separates them.
 */
function endsItsLine(text: string, end: number): boolean {
  return /^[ \t]*(?:\/\/[^\n]*|\/\*.*?\*\/[ \t]*)?(?:\r?\n|$|\})/.test(text.slice(end, end + 400));
}

/** Most of the file's statements end without `;`. */
function omitsSemicolons(file: string, text: string): boolean {
  const sf = syntaxTreeOf(file, text);
  let withSemicolon = 0;
  let without = 0;
  forEachDescendant(sf, (node) => {
    if (!isTerminated(node)) return;
    if (text[node.end - 1] === ';') withSemicolon++;
    else without++;
  });
  return withSemicolon + without >= MIN_STATEMENTS && without >= (withSemicolon + without) * MIN_SHARE;
}

/** The statements a semicolon ends (or, written without one, ASI does). */
export function isTerminated(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.ExpressionStatement:
    case ts.SyntaxKind.VariableStatement:
    case ts.SyntaxKind.ReturnStatement:
    case ts.SyntaxKind.ThrowStatement:
    case ts.SyntaxKind.ImportDeclaration:
    case ts.SyntaxKind.ExportDeclaration:
    case ts.SyntaxKind.ExportAssignment:
    case ts.SyntaxKind.BreakStatement:
    case ts.SyntaxKind.ContinueStatement:
      return true;
    default:
      return false;
  }
}

/** The code after `end` (comments and blank space skipped) starts with a token that would join the statement before it. */
function continuesWithoutSemicolon(text: string, end: number): boolean {
  const rest = text.slice(end).replace(/^(?:\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/, '');
  return /^[([`+\-/]/.test(rest);
}
