/**
 * A session id destructured from a handler's context (`const { sessionId, requestId } = extra;`, or the
 * handler's own `{ sessionId }` parameter) whose every use is a log line becomes the request id, as
 * maintainers did by hand (nickytonline/mcp-typescript-template PR 93): a log object that already carries
 * `requestId` loses its `sessionId` field; elsewhere the binding is renamed to `requestId`.
 *
 * Only where the context's type declares `requestId` (a v1 handler's `RequestHandlerExtra`, or a helper's structural
 * `{ sessionId?: string; requestId: unknown }`) and every reference of the binding is a value read: anything
 * else returns undefined and the finding stays for a person to decide.
 */
import { ts } from '../../typescript.js';
import { isFunctionLike } from '../../analysis/ast.js';
import type { TextEdit } from '../kit/edits.js';

const REQUEST_ID = 'requestId';

/**
 * `v1ContextParameters`: the context parameters of SDK 1.x tool handlers (their `RequestHandlerExtra` always has
 * `requestId`), for when the checker cannot type the handler's parameter from the SDK's declarations.
 */
export function requestIdForDestructuredSessionId(
  name: ts.Node,
  checker: ts.TypeChecker,
  v1ContextParameters: ReadonlySet<ts.Node>,
): TextEdit[] | undefined {
  const element = name.parent;
  if (!ts.isIdentifier(name) || !element || !ts.isBindingElement(element) || element.name !== name) return undefined;
  // `{ sessionId: sid }`, `{ sessionId = 'stdio' }` and `...rest` keep their meaning only with the session id.
  if (element.propertyName || element.initializer || element.dotDotDotToken) return undefined;
  const pattern = element.parent;
  if (!ts.isObjectBindingPattern(pattern)) return undefined;
  if (!v1ContextParameters.has(pattern.parent) && !destructuredType(pattern, checker)?.getProperty(REQUEST_ID)) return undefined;

  const scope = enclosingScope(pattern);
  const symbol = checker.getSymbolAtLocation(name);
  if (!scope || !symbol) return undefined;
  const sf = name.getSourceFile();

  const existing = pattern.elements.find((e) => !e.propertyName && !e.dotDotDotToken && ts.isIdentifier(e.name) && e.name.text === REQUEST_ID);
  // A new `requestId` binding must not shadow another `requestId` this function already sees or uses.
  if (!existing && mentions(scope, REQUEST_ID)) return undefined;

  const edits: TextEdit[] = [];
  let unsupported = false;
  const visit = (node: ts.Node): void => {
    if (unsupported) return;
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === name.text && checker.getShorthandAssignmentValueSymbol(node) === symbol) {
      const literal = node.parent;
      if (hasProperty(literal, REQUEST_ID)) edits.push(removeListItem(literal.properties, node, sf));
      else edits.push(replace(node.name, REQUEST_ID, sf));
      return;
    }
    if (ts.isIdentifier(node) && node !== name && node.text === name.text && checker.getSymbolAtLocation(node) === symbol) {
      if (!isValueRead(node)) unsupported = true;
      else edits.push(replace(node, REQUEST_ID, sf));
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(scope, visit);
  if (unsupported) return undefined;

  edits.push(existing ? removeListItem(pattern.elements, element, sf) : replace(name, REQUEST_ID, sf));
  return edits;
}

/**
 * The type of the object being destructured: the parameter's (contextual) type, or the initializer's. Not the
 * pattern's own type, which TypeScript builds from the names the pattern lists.
 */
function destructuredType(pattern: ts.ObjectBindingPattern, checker: ts.TypeChecker): ts.Type | undefined {
  const owner = pattern.parent;
  if (ts.isParameter(owner)) return checker.getTypeAtLocation(owner);
  if (ts.isVariableDeclaration(owner) && owner.initializer) return checker.getTypeAtLocation(owner.initializer);
  return undefined;
}

/** The function whose body holds the binding (a parameter's function, or the function around a declaration). */
function enclosingScope(pattern: ts.ObjectBindingPattern): ts.Node | undefined {
  let current: ts.Node | undefined = pattern.parent;
  while (current && !isFunctionLike(current)) current = current.parent;
  return current;
}

/** A variable named `text` declared or referenced in `scope` (property names such as `extra.requestId` are not variables). */
function mentions(scope: ts.Node, text: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node) && node.text === text && !isPropertyName(node)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(scope);
  return found;
}

function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  if (ts.isQualifiedName(parent)) return parent.right === node;
  if (ts.isBindingElement(parent)) return parent.propertyName === node;
  return (ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isMethodSignature(parent)) && parent.name === node;
}

function hasProperty(literal: ts.ObjectLiteralExpression, text: string): boolean {
  return literal.properties.some((p) => p.name !== undefined && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === text);
}

/** Read as a value, not assigned, incremented or deleted. */
function isValueRead(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return false;
  if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) return false;
  return true;
}

function replace(node: ts.Node, text: string, sf: ts.SourceFile): TextEdit {
  return { file: sf.fileName, start: node.getStart(sf), end: node.end, text };
}

/** Removes one item of a comma list with its separator, leaving the others' spacing as it was. */
function removeListItem(list: ts.NodeArray<ts.Node>, item: ts.Node, sf: ts.SourceFile): TextEdit {
  const index = list.indexOf(item);
  const next = list[index + 1];
  if (next) return { file: sf.fileName, start: item.getStart(sf), end: next.getStart(sf), text: '' };
  const previous = list[index - 1];
  return { file: sf.fileName, start: previous ? previous.end : item.getStart(sf), end: item.end, text: '' };
}
