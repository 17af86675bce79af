/**
 * Generated code in the file's own quotes. The transforms (and the official codemod `sdk-v2` composes)
 * write string literals with single quotes; in a file that uses double quotes throughout, every line
 * they add would stand out in review and fail the project's lint. After the last transform, the string
 * literals on lines the run added or changed take the quote the original file uses, when it has a
 * clear one. Lines the run did not touch are never changed, so a file of mixed quotes stays as it was.
 * Module specifiers (`from '…'`, `require('…')`, `import('…')`) follow the file's specifiers when they
 * have a clear quote of their own: a file may import with double quotes and write its strings with
 * single ones (example-remote-server), and its new imports should look like its old ones.
 */
import { diffLines } from 'diff';
import { ts } from '../typescript.js';
import { syntaxTreeOf } from '../analysis/parsed-files.js';
import { forEachDescendant } from '../analysis/ast.js';

type Quote = "'" | '"';

/** A file needs this many string literals, this share of them in one quote, to have a style. */
const MIN_LITERALS = 3;
const MIN_SHARE = 0.8;

/** `after` with the string literals of its added lines in `before`'s quote style (unchanged when `before` has none). */
export function matchQuoteStyle(file: string, before: string, after: string): string {
  if (before === after) return after;
  const { literals, specifiers } = quoteStyles(file, before);
  if (!literals && !specifiers) return after;
  const sf = parse(file, after);
  const requotable: Array<{ start: number; end: number; text: string }> = [];
  // Pre-order, as the judge's analysis then walks this tree too (shared by syntaxTreeOf): forEachDescendant keeps the list.
  forEachDescendant(sf, (node) => {
    if (ts.isStringLiteral(node) && !ts.isJsxAttribute(node.parent)) {
      const start = node.getStart(sf);
      const preferred = (isModuleSpecifier(node) && specifiers) || literals;
      if (preferred) {
        const requoted = requote(sf.text.slice(start, node.end), preferred);
        if (requoted !== undefined) requotable.push({ start, end: node.end, text: requoted });
      }
    }
  });
  // Only the literals not already in the file's quote can change, and only on the run's lines: the line diff (the
  // costly part) is made only when the file has such a literal at all.
  if (requotable.length === 0) return after;
  const added = writtenLines(before, after);
  const replacements = requotable.filter((r) => added.has(sf.getLineAndCharacterOfPosition(r.start).line));
  let out = after;
  for (const r of replacements.reverse()) out = out.slice(0, r.start) + r.text + out.slice(r.end);
  return out;
}

/** The quote most of the file's string literals use, when most of them clearly use one. */
export function preferredQuote(file: string, text: string): Quote | undefined {
  return quoteStyles(file, text).literals;
}

/**
 * The file's quote for string literals (all of them, specifiers included), and for module specifiers on
 * their own: each when most of its literals clearly use one.
 */
function quoteStyles(file: string, text: string): { literals?: Quote; specifiers?: Quote } {
  const sf = parse(file, text);
  const all = { single: 0, double: 0 };
  const specifiers = { single: 0, double: 0 };
  // The original's tree is the one the analyses walked (shared by syntaxTreeOf): its pre-order list is replayed.
  forEachDescendant(sf, (node) => {
    if (ts.isStringLiteral(node) && !ts.isJsxAttribute(node.parent)) {
      const raw = text.slice(node.getStart(sf), node.end);
      // A literal holding the other quote chose its quote for that reason: it says nothing of the style.
      if (!raw.slice(1, -1).includes(raw[0] === "'" ? '"' : "'")) {
        const key = raw[0] === "'" ? 'single' : 'double';
        all[key]++;
        if (isModuleSpecifier(node)) specifiers[key]++;
      }
    }
  });
  return { literals: styleOf(all), specifiers: styleOf(specifiers) };
}

function styleOf({ single, double }: { single: number; double: number }): Quote | undefined {
  const total = single + double;
  if (total < MIN_LITERALS) return undefined;
  if (single / total >= MIN_SHARE) return "'";
  if (double / total >= MIN_SHARE) return '"';
  return undefined;
}

/** `'x'` in `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import y = require('x')`, `require('x')`, `import('x')` or the type `import('x')`. */
function isModuleSpecifier(node: ts.StringLiteral): boolean {
  const parent = node.parent;
  if ((ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node) return true;
  if (ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent) && parent.parent.argument === parent) return true;
  if (ts.isCallExpression(parent) && parent.arguments[0] === node) {
    return parent.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(parent.expression) && parent.expression.text === 'require');
  }
  return false;
}

/**
 * A literal's source text in the other quote, or undefined when it already uses `quote` or holds the
 * new quote character (escaping it would make the line harder to read than the odd quote does).
 */
export function requote(raw: string, quote: Quote): string | undefined {
  const old = raw[0];
  if (old === quote || (old !== "'" && old !== '"')) return undefined;
  const body = raw.slice(1, -1);
  if (body.includes(quote)) return undefined;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\' && i + 1 < body.length) {
      const next = body[i + 1]!;
      // `\'` in a single-quoted literal is a plain `'` in a double-quoted one; every other escape stays.
      out += next === old ? next : ch + next;
      i++;
    } else {
      out += ch;
    }
  }
  return quote + out + quote;
}

/** 0-based line numbers of `after` that are not lines of `before` (added or changed; with `ignoreWhitespace`, not only re-indented). */
export function addedLines(before: string, after: string, options: { ignoreWhitespace?: boolean } = {}): Set<number> {
  const added = new Set<number>();
  let line = 0;
  for (const part of diffLines(before, after, options)) {
    const count = part.count ?? part.value.split('\n').length - (part.value.endsWith('\n') ? 1 : 0);
    if (part.removed) continue;
    if (part.added) for (let i = 0; i < count; i++) added.add(line + i);
    line += count;
  }
  return added;
}

/**
 * The lines of `after` (0-based) a run wrote: added lines, less those that are a removed line moved as it was (its text
 * the same but for indentation: code a transform moved into a factory). A moved line keeps the quotes its author
 * chose, as a line the run did not touch does (sweep 7 E13: a helper moved with its registrations was requoted).
 */
export function writtenLines(before: string, after: string): Set<number> {
  const written = new Set<number>();
  const removed = new Map<string, number>();
  const addedParts: Array<{ line: number; lines: string[] }> = [];
  let line = 0;
  for (const part of diffLines(before, after)) {
    const lines = part.value.split('\n');
    if (part.value.endsWith('\n')) lines.pop();
    if (part.removed) {
      for (const text of lines) removed.set(text.trim(), (removed.get(text.trim()) ?? 0) + 1);
      continue;
    }
    if (part.added) addedParts.push({ line, lines });
    line += lines.length;
  }
  for (const part of addedParts) {
    part.lines.forEach((text, i) => {
      const left = removed.get(text.trim()) ?? 0;
      if (left > 0 && text.trim() !== '') removed.set(text.trim(), left - 1);
      else written.add(part.line + i);
    });
  }
  return written;
}

function parse(file: string, text: string): ts.SourceFile {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return syntaxTreeOf(file, text, kind);
}
