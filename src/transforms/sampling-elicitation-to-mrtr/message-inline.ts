/**
 * A raw request whose message a handler builds in a `const` of its own and sends once
 * (`const request: CreateMessageRequest = { method: 'sampling/createMessage', params: {…} };
 * … await extra.sendRequest(request, CreateMessageResultSchema)`): once the send becomes
 * `inputRequired.createMessage(<params>)`, the message object has no reader left. Kept, it would
 * still be a `sampling/createMessage` message built by hand (and reported so); the maintainers of
 * `src/everything` dropped it. Its params move into the builder; the declaration, the comment
 * directly above it and a type import nothing else reads go.
 */
import { ts } from '../../typescript.js';
import { unwrap } from '../../analysis/ast.js';
import type { Analysis } from '../../analysis/model.js';
import type { InputRequestSite } from '../../analysis/sdk-features.js';
import type { TextEdit } from '../kit/edits.js';

/** The message declaration to drop and the site as it reads with the params inline; undefined when the message is read anywhere else. */
export function inlinedMessage(analysis: Analysis, site: InputRequestSite, before: readonly ts.Statement[]): { site: InputRequestSite; edits: TextEdit[] } | undefined {
  if (!site.raw || !site.paramsText || !site.params) return undefined;
  const argument = site.call.arguments[0] && unwrap(site.call.arguments[0]);
  if (!argument || !ts.isIdentifier(argument)) return undefined;
  const symbol = analysis.values.symbolOf(argument);
  const decl = symbol?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return undefined;
  const statement = decl.parent.parent;
  if (!ts.isVariableStatement(statement) || statement.declarationList.declarations.length !== 1 || !before.includes(statement)) return undefined;
  const sf = statement.getSourceFile();
  if (references(analysis, sf, symbol!).some((id) => id !== argument && id !== decl.name)) return undefined;
  const edits: TextEdit[] = [{ file: sf.fileName, ...linesOf(sf, statement), text: '' }];
  const type = decl.type && ts.isTypeReferenceNode(decl.type) && ts.isIdentifier(decl.type.typeName) ? decl.type.typeName : undefined;
  const typeSymbol = type && analysis.values.symbolOf(type);
  if (type && typeSymbol && references(analysis, sf, typeSymbol).every((id) => id === type || isImportName(id))) edits.push(...importRemoval(sf, type.text));
  return { site: { ...site, paramsText: undefined }, edits };
}

/**
 * Where a marker about a request goes: a raw message built in a `const` is where it is reported (its
 * `method`), so the marker goes above that declaration; any other request is marked at its call.
 */
export function markerAnchor(analysis: Analysis, site: InputRequestSite): ts.Node {
  const argument = site.raw && site.call.arguments[0] ? unwrap(site.call.arguments[0]) : undefined;
  const decl = argument && ts.isIdentifier(argument) ? analysis.values.symbolOf(argument)?.valueDeclaration : undefined;
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isObjectLiteralExpression(unwrap(decl.initializer)) && decl.getSourceFile() === site.call.getSourceFile()) return decl;
  return site.call;
}

/** The identifiers of the file bound to `symbol`. */
export function references(analysis: Analysis, sf: ts.SourceFile, symbol: ts.Symbol): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === symbol.name && analysis.values.symbolOf(node) === symbol) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function isImportName(id: ts.Identifier): boolean {
  return ts.isImportSpecifier(id.parent) || ts.isImportClause(id.parent);
}

/** The statement's whole lines, with the comment lines directly above it (they describe it) and one blank line after it when it sat between blank lines. */
export function linesOf(sf: ts.SourceFile, statement: ts.Statement): { start: number; end: number } {
  const text = sf.text;
  let start = text.lastIndexOf('\n', statement.getStart(sf) - 1) + 1;
  const comments = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
  if (comments.length) start = text.lastIndexOf('\n', comments[0]!.pos - 1) + 1;
  const lineEnd = /^[ \t]*\r?\n/.exec(text.slice(statement.end));
  let end = statement.end + (lineEnd ? lineEnd[0].length : 0);
  const blankAbove = /\n[ \t]*\r?\n$/.test(text.slice(0, start));
  const blankBelow = /^[ \t]*\r?\n/.exec(text.slice(end));
  if (blankAbove && blankBelow) end += blankBelow[0].length;
  return { start, end };
}

/** Removes `name` from the named import that brings it in (the whole declaration when it was the only name). */
export function importRemoval(sf: ts.SourceFile, name: string): TextEdit[] {
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.name) continue;
    const elements = bindings.elements;
    const index = elements.findIndex((e) => e.name.text === name);
    if (index < 0) continue;
    if (elements.length === 1) return [{ file: sf.fileName, ...linesOf(sf, statement), text: '' }];
    const element = elements[index]!;
    // The element with the separator after it (or, for the last one, before it).
    const next = elements[index + 1];
    if (next) return [{ file: sf.fileName, start: element.getStart(sf), end: next.getStart(sf), text: '' }];
    return [{ file: sf.fileName, start: elements[index - 1]!.end, end: element.end, text: '' }];
  }
  return [];
}
