/**
 * The official codemod flags object literals that look like a hand-built v1 handler context (a
 * test's `handler(args, { sendRequest, requestId })`) with "This object looks like a v1
 * handler-context mock". It counts keys only, so an ordinary log record with two of the generic
 * keys, `logger.info({ requestId, sessionId })`, is flagged too (24 times in one real server).
 *
 * Its comment is kept only where the object can be a handler context: it has one of the keys only
 * a context has (the codemod's own "distinctive" set: sendRequest, authInfo, …), or a type that
 * names a context, or it reaches a handler's context position: the second or later argument of
 * a call whose first argument is not a message (a handler is called `(args, ctx)` or
 * `(request, extra)`), directly or through the variable it initialises.
 */
import type { Diagnostic } from '@modelcontextprotocol/codemod';
import type { Node as TsMorphNode, ObjectLiteralExpression, SourceFile } from 'ts-morph';
import { loadTsMorph, ts } from '../../typescript.js';
import { compilerDescendantsOfKind, wrapped } from './compiler-walk.js';
import { HANDLER_CONTEXT_TYPES, handlerContextOf } from '../../analysis/sdk-modules.js';

const MOCK_MESSAGE = 'This object looks like a v1 handler-context mock';
/** v1 context keys nothing but a handler context has (the codemod's DISTINCTIVE_CONTEXT_KEYS). */
const CONTEXT_ONLY_KEYS = handlerContextOf(1).distinctiveMembers;
/** The types of a concrete handler context, v1 or v2, server or client side. */
const CONTEXT_TYPES = HANDLER_CONTEXT_TYPES;

export function isContextMockDiagnostic(d: Diagnostic): boolean {
  return d.message.startsWith(MOCK_MESSAGE);
}

/** Whether the mock diagnostic at `line` (resolved, in `sf`) is about an object that can be a handler context. */
export function mockIsHandlerContext(sf: SourceFile, line: number): boolean {
  const literal = firstLiteralOnLine(sf).get(line);
  if (!literal) return true; // cannot tell: keep what the codemod says
  return hasContextOnlyKey(literal) || typedAsContext(literal) || reachesContextPosition(literal);
}

/** The first object literal starting on each line: one walk per state of a file (ts-morph replaces the compiler node on every edit), not one per diagnostic. */
const literalsByLine = new WeakMap<object, Map<number, ObjectLiteralExpression>>();

function firstLiteralOnLine(sf: SourceFile): Map<number, ObjectLiteralExpression> {
  let byLine = literalsByLine.get(sf.compilerNode);
  if (!byLine) {
    byLine = new Map();
    // Compiler nodes in document order, so their starts only grow: the line is counted on from the last one
    // (ts-morph's getStartLineNumber counts the `\n`s from the top of the file each time), and only the first
    // literal of a line is wrapped in a ts-morph node.
    const file = sf.compilerNode;
    const text = file.text;
    let line = 1;
    let counted = 0;
    for (const literal of compilerDescendantsOfKind(file, ts.SyntaxKind.ObjectLiteralExpression)) {
      const start = literal.getStart(file);
      for (let i = text.indexOf('\n', counted); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) line++;
      counted = start;
      if (!byLine.has(line)) byLine.set(line, wrapped<ObjectLiteralExpression>(sf, literal));
    }
    literalsByLine.set(sf.compilerNode, byLine);
  }
  return byLine;
}

function hasContextOnlyKey(literal: ObjectLiteralExpression): boolean {
  const { Node } = loadTsMorph();
  return literal.getProperties().some((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) || Node.isMethodDeclaration(p)) && CONTEXT_ONLY_KEYS.has(p.getName()));
}

/** The literal itself, past `as` / `satisfies` / parentheses. */
function outermost(literal: TsMorphNode): TsMorphNode {
  const { Node } = loadTsMorph();
  let expr = literal;
  for (let parent = expr.getParent(); parent && (Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent) || Node.isParenthesizedExpression(parent)); parent = parent.getParent()) expr = parent;
  return expr;
}

function typedAsContext(literal: ObjectLiteralExpression): boolean {
  const { Node } = loadTsMorph();
  const types: TsMorphNode[] = [];
  const top = outermost(literal);
  for (let node: TsMorphNode | undefined = literal.getParent(); node && node !== top.getParent(); node = node.getParent()) {
    if (Node.isAsExpression(node) || Node.isSatisfiesExpression(node)) types.push(node.getTypeNodeOrThrow());
  }
  const parent = top.getParent();
  if (parent && Node.isVariableDeclaration(parent) && parent.getTypeNode()) types.push(parent.getTypeNode()!);
  return types.some(namesContextType);
}

/** Whether a type refers to the SDK's handler context type (by its import from an MCP package, under any local name). */
export function namesContextType(type: TsMorphNode): boolean {
  const { Node, SyntaxKind } = loadTsMorph();
  const sf = type.getSourceFile();
  const contextLocals = new Set(
    sf
      .getImportDeclarations()
      .filter((d) => d.getModuleSpecifierValue().startsWith('@modelcontextprotocol/'))
      .flatMap((d) => d.getNamedImports())
      .filter((n) => CONTEXT_TYPES.has(n.getName()))
      .map((n) => n.getAliasNode()?.getText() ?? n.getName()),
  );
  const references = [type, ...type.getDescendants()].filter((n) => n.getKind() === SyntaxKind.TypeReference);
  return references.some((ref) => Node.isTypeReference(ref) && contextLocals.has(ref.getTypeName().getText()));
}

function reachesContextPosition(literal: ObjectLiteralExpression): boolean {
  const { Node } = loadTsMorph();
  const expr = outermost(literal);
  const parent = expr.getParent();
  if (parent && Node.isCallExpression(parent)) return inContextPosition(expr);
  if (parent && Node.isVariableDeclaration(parent)) {
    const name = parent.getNameNode();
    if (!Node.isIdentifier(name)) return false;
    return name.findReferencesAsNodes().some((ref) => ref !== name && inContextPosition(outermost(ref)));
  }
  return false;
}

/** The second or later argument of a call whose first argument is not a message (a string). */
function inContextPosition(expr: TsMorphNode): boolean {
  const { Node } = loadTsMorph();
  const call = expr.getParent();
  if (!call || !Node.isCallExpression(call)) return false;
  const args = call.getArguments();
  const index = args.indexOf(expr);
  if (index < 1) return false;
  const first = args[0]!;
  return !(Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first) || Node.isTemplateExpression(first));
}
