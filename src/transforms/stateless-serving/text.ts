/**
 * Text helpers for the serving transform: whole-statement ranges (with the comments that belong to
 * them), references by name, the names a piece of code declares, uses or only logs with, and
 * re-indenting moved code.
 */
import { ts } from '../../typescript.js';
import type { TextEdit } from '../kit/edits.js';
import { isFunctionLike } from '../../analysis/ast.js';
import { indentAt, stringLineStarts } from '../kit/source-style.js';
import { removalRange, withBlankLineAbove } from '../kit/removal-range.js';

export { removalRange };

/** Identifiers in `root` (or the file) that refer to a binding named `name` (not property names). */
export function referencesByName(root: ts.Node, name: string): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  // A whole file that cannot spell the name has no identifier of that name: the walk is spared.
  if (ts.isSourceFile(root) && !maySpell(root.text, name)) return out;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name && isReference(node)) out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return out;
}

/**
 * Whether source `text` can hold an identifier named `name`: an identifier's name is its text with unicode escapes
 * read (`cleanup\u0053ession` is `cleanupSession`), so a text that neither contains the name nor any `\u` has none.
 */
export function maySpell(text: string, name: string): boolean {
  return text.includes(name) || text.includes('\\u');
}

/** An identifier that reads or writes a binding (not `x.name`, not `{ name: … }`'s key, not a declaration's own name). */
export function isReference(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === id) return false;
  if (ts.isBindingElement(parent) && (parent.propertyName === id || parent.name === id)) return false;
  if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent) || ts.isExportSpecifier(parent)) return false;
  if (ts.isQualifiedName(parent) && parent.right === id) return false;
  if ((ts.isVariableDeclaration(parent) || ts.isFunctionDeclaration(parent) || ts.isClassDeclaration(parent) || ts.isParameter(parent)) && parent.name === id) return false;
  if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return false;
  return true;
}

export function within(node: ts.Node, range: { start: number; end: number }): boolean {
  return node.pos >= range.start && node.end <= range.end;
}

/** Names declared directly inside `fn` (parameters, variables, functions, catch bindings), not in nested functions' bodies. */
export function localNames(fn: ts.Node): Set<string> {
  const out = new Set<string>();
  const addBinding = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) out.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isBindingElement(node)) addBinding(node.name);
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) out.add(node.name.text);
    if (ts.isCatchClause(node) && node.variableDeclaration) addBinding(node.variableDeclaration.name);
    ts.forEachChild(node, visit);
  };
  visit(fn);
  return out;
}

/** Free identifiers `root` uses: references not declared inside it (nor inside `skip`, whose subtrees are not read). */
export function freeNames(root: ts.Node, skip: readonly ts.Node[] = []): Map<string, ts.Identifier> {
  const locals = localNames(root);
  const out = new Map<string, ts.Identifier>();
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return; // types are not behaviour
    if (skip.includes(node)) return;
    if (ts.isIdentifier(node) && isReference(node) && !locals.has(node.text) && !out.has(node.text)) out.set(node.text, node);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return out;
}

// `warning`, `notice`, `critical`: the syslog levels some project loggers name their methods after (example-remote-server).
export const LOG_LEVELS = new Set(['log', 'info', 'warn', 'warning', 'notice', 'error', 'critical', 'debug', 'trace', 'fatal', 'verbose']);

/**
 * Free names `root` uses only as a logger: every reference is `name.<level>(…)` as a statement of its own
 * (`logger.info({ sessionId }, 'MCP session closed')`). Such statements describe the plumbing around them and
 * go with it; the logger itself is no custom logic.
 */
export function loggerNames(root: ts.Node): Set<string> {
  const out = new Set<string>();
  const rejected = new Set<string>();
  const locals = localNames(root);
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) && !ts.isExpressionWithTypeArguments(node)) return;
    if (ts.isIdentifier(node) && isReference(node) && !locals.has(node.text)) {
      const access = node.parent;
      const call = access?.parent;
      const logs = ts.isPropertyAccessExpression(access) && access.expression === node && LOG_LEVELS.has(access.name.text) && ts.isCallExpression(call) && call.expression === access && ts.isExpressionStatement(call.parent);
      (logs ? out : rejected).add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  for (const name of rejected) out.delete(name);
  return out;
}

/**
 * `text` with every line re-indented from `from` to `to` (lines that do not start with `from` keep theirs, plus the
 * difference). A line that starts inside a template literal or a string continued with `\` is part of the string's
 * value: it is kept exactly as it is (a prompt's indented list, a code fence, SQL), or the string would change.
 */
export function reindent(text: string, from: string, to: string): string {
  const inString = stringLineStarts(text);
  let offset = 0;
  return text
    .split('\n')
    .map((line) => {
      const start = offset;
      offset += line.length + 1;
      if (inString.has(start)) return line;
      return line.trim() === '' ? '' : line.startsWith(from) ? to + line.slice(from.length) : to + line.trimStart();
    })
    .join('\n');
}


export function isAsync(fn: ts.Node): boolean {
  return isFunctionLike(fn) && !!ts.getModifiers(fn as ts.FunctionLikeDeclaration & ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
}

/**
 * Removals with only whitespace between them become one: each removal keeps one blank line of its
 * own, so three statements removed in a row (a shared session handler and its GET and DELETE
 * routes) would otherwise leave a run of blank lines behind.
 */
export function mergeAdjacentRemovals(text: string, edits: readonly TextEdit[]): TextEdit[] {
  const removals = edits.filter((e) => e.text === '' && e.end > e.start).sort((a, b) => a.start - b.start);
  const others = edits.filter((e) => !removals.includes(e));
  const merged: Array<TextEdit & { joined?: boolean }> = [];
  for (const edit of removals) {
    const last = merged[merged.length - 1];
    // The same statement removed twice (two registries declared in one statement): once is enough.
    if (last && last.file === edit.file && edit.start >= last.start && edit.end <= last.end) continue;
    if (last && last.file === edit.file && edit.start >= last.end && /^\s*$/.test(text.slice(last.end, edit.start))) {
      merged[merged.length - 1] = { ...last, end: Math.max(last.end, edit.end), joined: true };
      continue;
    }
    merged.push({ ...edit });
  }
  // A joined run with a blank line on both sides takes the one above with it, as a single removal does;
  // one that opened its block takes the blank line below (no block starts with a blank line).
  const out: TextEdit[] = merged.map(({ joined, ...edit }) => {
    if (!joined) return edit;
    const blankBelow = /^[ \t]*\n/.exec(text.slice(edit.end));
    if (blankBelow && /\{[ \t]*\n$/.test(text.slice(0, edit.start))) return { ...edit, end: edit.end + blankBelow[0].length };
    return { ...edit, start: withBlankLineAbove(text, edit.start, edit.end) };
  });
  return [...others, ...out];
}

/**
 * The edit putting `code` in place of the statement `node`: from the start of its line with the comments directly above
 * it (they were about it), to the end of its line, at its indentation.
 */
export function replacementOf(sf: ts.SourceFile, node: ts.Node, code: string): { start: number; end: number; text: string } {
  const start = node.getStart(sf);
  const range = removalRange(sf, node, true, false);
  const lead = range.start < start ? indentAt(sf.text, start) : '';
  const tail = sf.text[range.end - 1] === '\n' && range.end > node.end ? '\n' : '';
  return { start: range.start, end: range.end, text: `${lead}${code}${tail}` };
}

/** Where code written after the statement `node` goes: the end of its line, past a trailing comment on it. */
export function afterLineOf(sf: ts.SourceFile, node: ts.Node): number {
  const lineEnd = sf.text.indexOf('\n', node.end);
  const rest = sf.text.slice(node.end, lineEnd < 0 ? sf.text.length : lineEnd);
  return /^\s*(?:\/\/.*|\/\*.*\*\/\s*)?$/.test(rest) ? node.end + rest.length : node.end;
}
