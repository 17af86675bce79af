/**
 * A header read by name from the request's headers. v1's `extra.requestInfo.headers` is a plain record
 * (`headers['user-agent']`); the official codemod maps `requestInfo` to v2's `ctx.http?.req`, a web `Request`,
 * whose `headers` is a `Headers`: indexing it reads nothing (undefined at run time; TS7052 under `strict`), so a
 * server reading its User-Agent so (neondatabase/mcp-server-neon) silently stops seeing it. Such a read, on a
 * context parameter (typed as v2's context, or a registration callback's own), becomes `headers.get(name)`, with
 * `?? undefined` keeping v1's "absent is undefined" (`get` answers null).
 */
import type { ElementAccessExpression, SourceFile } from 'ts-morph';
import { handlerContextOf, REGISTRATION_METHODS } from '../../analysis/sdk-modules.js';
import { loadTsMorph, ts } from '../../typescript.js';
import { declarationsAt, importBindings, isMcpSpecifier } from './bindings.js';
import { descendantsOfKind } from './compiler-walk.js';

const V2_CONTEXT = handlerContextOf(2);
const HEADERS_PATH = V2_CONTEXT.requestHeaders!;
const CONTEXT_TYPES = new Set([V2_CONTEXT.type, V2_CONTEXT.clientType]);

/** `<id>.http?.req?.headers` (any optional chaining, a `!` anywhere): the identifier it starts from. */
function headersReceiver(node: ts.Expression): ts.Identifier | undefined {
  let current: ts.Expression = node;
  for (const name of [...HEADERS_PATH].reverse()) {
    while (ts.isNonNullExpression(current)) current = current.expression;
    if (!ts.isPropertyAccessExpression(current) || current.name.text !== name) return undefined;
    current = current.expression;
  }
  while (ts.isNonNullExpression(current)) current = current.expression;
  return ts.isIdentifier(current) ? current : undefined;
}

/** The names the file knows v2's context types by (`ServerContext`, or its alias: `ServerContext as McpServerContext`). */
function contextTypeNames(sf: SourceFile): Set<string> {
  return new Set(importBindings(sf, isMcpSpecifier).filter((b) => CONTEXT_TYPES.has(b.imported)).map((b) => b.local));
}

/** A parameter that is a handler context: typed as v2's context, or the last parameter of a registration callback. */
function isContextParameter(param: ts.ParameterDeclaration, contextTypes: ReadonlySet<string>): boolean {
  const type = param.type;
  if (type) return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && contextTypes.has(type.typeName.text);
  const callback = param.parent;
  if (!(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)) || callback.parameters[callback.parameters.length - 1] !== param) return false;
  const call = callback.parent;
  return ts.isCallExpression(call) && call.arguments.includes(callback) && ts.isPropertyAccessExpression(call.expression) && REGISTRATION_METHODS.has(call.expression.name.text);
}

/** Parents in which `a ?? b` needs no parentheses of its own. */
function standsAlone(parent: ts.Node, node: ts.Node): boolean {
  return (
    ts.isParenthesizedExpression(parent) ||
    (ts.isVariableDeclaration(parent) && parent.initializer === node) ||
    (ts.isReturnStatement(parent) && parent.expression === node) ||
    (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
    (ts.isArrowFunction(parent) && parent.body === node)
  );
}

/** Rewrites each such read (by a name written in place or computed); returns how many. */
export function readHeadersByName(sf: SourceFile): number {
  const { SyntaxKind } = loadTsMorph();
  const file = sf.compilerNode;
  const reads = descendantsOfKind<ElementAccessExpression>(sf, SyntaxKind.ElementAccessExpression, (node) => {
    const access = node as ts.ElementAccessExpression;
    return !ts.isNumericLiteral(access.argumentExpression) && headersReceiver(access.expression) !== undefined;
  });
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const contextTypes = reads.length ? contextTypeNames(sf) : new Set<string>();
  for (const read of reads) {
    const access = read.compilerNode;
    const parent = access.parent;
    // A write (`headers['x'] = …`, `delete headers['x']`) is not a read: left as it is.
    if ((ts.isBinaryExpression(parent) && parent.left === access && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment) || ts.isDeleteExpression(parent)) continue;
    const receiver = headersReceiver(access.expression)!;
    const param = declarationsAt(sf, receiver).find((d): d is ts.ParameterDeclaration => ts.isParameter(d));
    if (!param || !isContextParameter(param, contextTypes)) continue;
    const get = `${access.expression.getText(file)}${access.questionDotToken ? '?.' : '.'}get(${access.argumentExpression.getText(file)})`;
    // `headers['x'] ?? fallback` already turns null into its fallback.
    const defaulted = ts.isBinaryExpression(parent) && parent.left === access && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken;
    const text = defaulted ? get : standsAlone(parent, access) ? `${get} ?? undefined` : `(${get} ?? undefined)`;
    edits.push({ start: access.getStart(file), end: access.getEnd(), text });
  }
  for (const edit of edits.sort((a, b) => b.start - a.start)) sf.replaceText([edit.start, edit.end], edit.text);
  return edits.length;
}
