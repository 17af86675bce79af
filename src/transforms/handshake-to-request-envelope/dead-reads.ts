/**
 * Handshake reads nothing uses any more: `const caps = server.server.getClientCapabilities() || {};
 * const canElicit = caps.elicitation !== undefined;` where no live code reads `caps` or `canElicit`
 * (their only reader was a registration another transform retired, or they were never read). The
 * `const`s are pure reads, so deleting them changes nothing but the finding; only `const`s local to a
 * function body are considered (a module-level one may be exported or read elsewhere).
 */
import { ts } from '../../typescript.js';
import type { Analysis } from '../../analysis/model.js';
import type { TextEdit } from '../kit/edits.js';

type Local = { statement: ts.VariableStatement; symbol: ts.Symbol };

/**
 * The deletions of the unread pure `const` holding `read` and of the unread `const`s connected to it, with
 * every call they hold; undefined when `read` is not in such a `const`.
 */
export function deadReadDeletion(analysis: Analysis, read: ts.CallExpression, pureRead: (node: ts.Node) => boolean): { edits: TextEdit[]; removedCalls: ts.CallExpression[] } | undefined {
  const locals = (block: ts.Block): Local[] =>
    block.statements.flatMap((statement) => {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const) || statement.declarationList.declarations.length !== 1) return [];
      const decl = statement.declarationList.declarations[0]!;
      const symbol = ts.isIdentifier(decl.name) ? analysis.values.symbolOf(decl.name) : undefined;
      return symbol && decl.initializer && pureRead(decl.initializer) ? [{ statement, symbol }] : [];
    });
  let holder: ts.Node = read;
  while (holder.parent && !ts.isVariableStatement(holder)) holder = holder.parent;
  if (!ts.isVariableStatement(holder) || !holder.parent || !ts.isBlock(holder.parent)) return undefined;
  const block = holder.parent;
  // The pure consts every reference of which lies in another such const, to a fixed point.
  const candidates = new Map<ts.Symbol, Local>(locals(block).map((l) => [l.symbol, l]));
  const start = [...candidates.values()].find((l) => l.statement === holder);
  if (!start) return undefined;
  const readers = new Map<ts.Symbol, Set<ts.Symbol | null>>();
  const holderOf = (node: ts.Node): ts.Symbol | null => {
    for (const local of candidates.values()) if (node.pos >= local.statement.pos && node.end <= local.statement.end) return local.symbol;
    return null;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const symbol = analysis.values.symbolOf(node);
      if (symbol && candidates.has(symbol) && !(ts.isVariableDeclaration(node.parent) && node.parent.name === node)) {
        const set = readers.get(symbol) ?? new Set();
        set.add(holderOf(node));
        readers.set(symbol, set);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(block);
  for (let changed = true; changed; ) {
    changed = false;
    for (const symbol of [...candidates.keys()]) {
      if ([...(readers.get(symbol) ?? [])].some((reader) => reader === null || !candidates.has(reader))) {
        candidates.delete(symbol);
        changed = true;
      }
    }
  }
  if (!candidates.has(start.symbol)) return undefined;
  // The unread consts connected to the one holding the read, through their references.
  const component = new Set<ts.Symbol>([start.symbol]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const symbol of candidates.keys()) {
      if (component.has(symbol)) continue;
      const linked = [...(readers.get(symbol) ?? [])].some((r) => r && component.has(r)) || [...component].some((c) => readers.get(c)?.has(symbol));
      if (linked) {
        component.add(symbol);
        grew = true;
      }
    }
  }
  const sf = block.getSourceFile();
  const text = sf.text;
  const edits: TextEdit[] = [];
  const removedCalls: ts.CallExpression[] = [];
  for (const symbol of component) {
    const { statement } = candidates.get(symbol)!;
    const leading = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
    const from = leading.length ? leading[0]!.pos : statement.getStart(sf);
    const start = text.lastIndexOf('\n', from - 1) + 1;
    const after = /^[ \t]*\r?\n(?:[ \t]*\r?\n)?/.exec(text.slice(statement.end));
    edits.push({ file: sf.fileName, start, end: statement.end + (after ? after[0].length : 0), text: '' });
    const collect = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) removedCalls.push(node);
      ts.forEachChild(node, collect);
    };
    collect(statement);
  }
  return { edits, removedCalls };
}
