/**
 * A session id destructured from a handler's context (`const { sessionId, requestId } = extra;`, or the
 * handler's own `{ sessionId }` parameter) whose every use is a log line becomes the request id, as
 * maintainers did by hand (nickytonline/mcp-typescript-template PR 93): a log object that already carries
 * the request id loses its `sessionId` field; elsewhere the binding is renamed to the request id.
 *
 * The request id is bound where the context has it: `requestId` on SDK 1.x (a v1 handler's
 * `RequestHandlerExtra`, or a helper's structural `{ sessionId?: string; requestId: unknown }`), and
 * `mcpReq: { id: requestId }` on SDK v2 (`ServerContext`, as the official codemod rewrites
 * `const { sessionId, requestId } = extra`). Only where the context's type is known to have it and every
 * reference of the binding is a value read: anything else returns undefined and the finding stays for a
 * person to decide.
 */
import { ts } from '../../typescript.js';
import { isFunctionLike } from '../../analysis/ast.js';
import type { SdkSymbols } from '../../analysis/sdk-symbols.js';
import type { TextEdit } from '../kit/edits.js';
import { CONTEXT_TYPES, handlerContextOf } from '../../analysis/sdk-modules.js';

/** Where the context has the request id: v1 `requestId`, v2 `mcpReq.id` (the description's path). */
const [V1_REQUEST_ID] = handlerContextOf(1).requestId as [string];
const [V2_REQUEST, V2_ID] = handlerContextOf(2).requestId as [string, string];
/** The name the request id is bound to, on either major: v1's member name, what `const { requestId } = extra` binds. */
const REQUEST_ID = V1_REQUEST_ID;
/** SDK context types of v2 (every context type but v1's `RequestHandlerExtra`), which carry the request id as `mcpReq.id`. */
const V2_CONTEXT_TYPES = new Set([...CONTEXT_TYPES].filter((type) => type !== handlerContextOf(1).type));

/**
 * `handlerContexts`: the context parameters of SDK tool handlers with their SDK major (a v1 `RequestHandlerExtra`
 * always has `requestId`, a v2 `ServerContext` always has `mcpReq.id`), for when the checker cannot type the
 * handler's parameter from the SDK's declarations. `sdk` resolves a helper's declared context type through
 * its imports, for a v2 package the project has not installed yet (apply runs before `npm install`).
 */
export function requestIdForDestructuredSessionId(
  name: ts.Node,
  checker: ts.TypeChecker,
  sdk: SdkSymbols,
  handlerContexts: ReadonlyMap<ts.Node, 1 | 2>,
): TextEdit[] | undefined {
  const element = name.parent;
  if (!ts.isIdentifier(name) || !element || !ts.isBindingElement(element) || element.name !== name) return undefined;
  // `{ sessionId: sid }`, `{ sessionId = 'stdio' }` and `...rest` keep their meaning only with the session id.
  if (element.propertyName || element.initializer || element.dotDotDotToken) return undefined;
  const pattern = element.parent;
  if (!ts.isObjectBindingPattern(pattern)) return undefined;
  const major = contextMajor(pattern, checker, sdk, handlerContexts);
  if (!major) return undefined;

  const scope = enclosingScope(pattern);
  const symbol = checker.getSymbolAtLocation(name);
  if (!scope || !symbol) return undefined;
  const sf = name.getSourceFile();

  const bound = requestIdBinding(pattern, major);
  if (bound === null) return undefined;
  const requestId = bound?.name.text ?? REQUEST_ID;
  // A new `requestId` binding must not shadow another `requestId` this function already sees or uses.
  if (!bound && mentions(scope, REQUEST_ID)) return undefined;

  const edits: TextEdit[] = [];
  let unsupported = false;
  const visit = (node: ts.Node): void => {
    if (unsupported) return;
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === name.text && checker.getShorthandAssignmentValueSymbol(node) === symbol) {
      const literal = node.parent;
      if (hasProperty(literal, REQUEST_ID) || hasProperty(literal, requestId)) edits.push(removeListItem(literal.properties, node, sf));
      else edits.push(replace(node.name, requestId, sf));
      return;
    }
    if (ts.isIdentifier(node) && node !== name && node.text === name.text && checker.getSymbolAtLocation(node) === symbol) {
      if (!isValueRead(node)) unsupported = true;
      else edits.push(replace(node, requestId, sf));
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(scope, visit);
  if (unsupported) return undefined;

  if (bound) edits.push(removeListItem(pattern.elements, element, sf));
  else edits.push(replace(name, major === 1 ? REQUEST_ID : `${V2_REQUEST}: { ${V2_ID}: ${REQUEST_ID} }`, sf));
  return edits;
}

/**
 * Which SDK major's context `pattern` destructures, when it is known to carry the request id: the checker's type
 * (`requestId`, or `mcpReq.id`), a tool handler's context parameter, or a declared type that names an SDK context
 * type through its imports (`extra: ServerContext` while `@modelcontextprotocol/server` is not installed yet).
 */
function contextMajor(pattern: ts.ObjectBindingPattern, checker: ts.TypeChecker, sdk: SdkSymbols, handlerContexts: ReadonlyMap<ts.Node, 1 | 2>): 1 | 2 | undefined {
  const handler = handlerContexts.get(pattern.parent);
  if (handler) return handler;
  const type = destructuredType(pattern, checker);
  if (type?.getProperty(V1_REQUEST_ID)) return 1;
  const mcpReq = type?.getProperty(V2_REQUEST);
  if (mcpReq && checker.getTypeOfSymbol(mcpReq).getProperty(V2_ID)) return 2;
  const declared = declaredContextType(pattern);
  const ref = declared && ts.isTypeReferenceNode(declared) ? sdk.exportOf(declared.typeName) : undefined;
  return ref && ref.version === 2 && V2_CONTEXT_TYPES.has(ref.name) ? 2 : undefined;
}

/** The type annotation of what `pattern` destructures: its parameter's, or that of the parameter it is initialised from. */
function declaredContextType(pattern: ts.ObjectBindingPattern): ts.TypeNode | undefined {
  const owner = pattern.parent;
  if (ts.isParameter(owner)) return owner.type;
  if (!ts.isVariableDeclaration(owner) || !owner.initializer || !ts.isIdentifier(owner.initializer)) return undefined;
  const fn = enclosingScope(pattern);
  const param = fn && isFunctionLike(fn) ? fn.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === (owner.initializer as ts.Identifier).text) : undefined;
  return param?.type;
}

/**
 * The request id the pattern already binds: `requestId` (v1) or `mcpReq: { id: <name> }` (v2); undefined when there
 * is none; null when the pattern binds `mcpReq` some other way (`mcpReq`, `mcpReq: { signal }`), where adding a
 * second `mcpReq` would not compile.
 */
function requestIdBinding(pattern: ts.ObjectBindingPattern, major: 1 | 2): { name: ts.Identifier } | null | undefined {
  const key = (e: ts.BindingElement): string | undefined => {
    const property = e.propertyName ?? e.name;
    return ts.isIdentifier(property) || ts.isStringLiteral(property) ? property.text : undefined;
  };
  if (major === 1) {
    const own = pattern.elements.find((e) => !e.propertyName && !e.dotDotDotToken && ts.isIdentifier(e.name) && e.name.text === V1_REQUEST_ID);
    return own ? { name: own.name as ts.Identifier } : undefined;
  }
  const mcpReq = pattern.elements.find((e) => !e.dotDotDotToken && key(e) === V2_REQUEST);
  if (!mcpReq) return undefined;
  if (!ts.isObjectBindingPattern(mcpReq.name)) return null;
  const id = mcpReq.name.elements.find((e) => !e.dotDotDotToken && !e.initializer && key(e) === V2_ID && ts.isIdentifier(e.name));
  return id ? { name: id.name as ts.Identifier } : null;
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
export function enclosingScope(pattern: ts.Node): ts.Node | undefined {
  let current: ts.Node | undefined = pattern.parent;
  while (current && !isFunctionLike(current)) current = current.parent;
  return current;
}

/** A variable named `text` declared or referenced in `scope` (property names such as `extra.requestId` are not variables). */
export function mentions(scope: ts.Node, text: string): boolean {
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

export function hasProperty(literal: ts.ObjectLiteralExpression, text: string): boolean {
  return literal.properties.some((p) => p.name !== undefined && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === text);
}

/** Read as a value, not assigned, incremented or deleted. */
export function isValueRead(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return false;
  if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) return false;
  return true;
}

export function replace(node: ts.Node, text: string, sf: ts.SourceFile): TextEdit {
  return { file: sf.fileName, start: node.getStart(sf), end: node.end, text };
}

/** Removes one item of a comma list with its separator, leaving the others' spacing as it was. */
export function removeListItem(list: ts.NodeArray<ts.Node>, item: ts.Node, sf: ts.SourceFile): TextEdit {
  const index = list.indexOf(item);
  const next = list[index + 1];
  if (next) return { file: sf.fileName, start: item.getStart(sf), end: next.getStart(sf), text: '' };
  const previous = list[index - 1];
  return { file: sf.fileName, start: previous ? previous.end : item.getStart(sf), end: item.end, text: '' };
}
