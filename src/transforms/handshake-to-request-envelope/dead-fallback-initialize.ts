/**
 * A `fallbackRequestHandler` branch for the handshake on an SDK server is dead code, in SDK 1.x as in v2: the SDK's
 * `Server` registers its own `initialize` handler (and its `notifications/initialized` one) in its constructor, and
 * the fallback only receives the requests no registered handler takes. outlook-mcp's catch-all handler opens with
 * `if (method === "initialize") { … return { protocolVersion: "2024-11-05", capabilities, serverInfo } }`, which
 * never ran: clients got the SDK's answer. Under 2026-07-28 no client sends `initialize` either.
 *
 * Such a branch goes, with the comments directly above it. It stays (and is marked) when removing it would not be a
 * plain deletion of dead code:
 * - the test is not the whole condition of an `if` without `else` (`case 'initialize':`, `&&`, an `else` branch);
 * - the program removes a handler of the SDK's (`removeRequestHandler`): the fallback may then be reached;
 * - the branch is the only place a local of the handler declared outside it is read (it would be left unused).
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { isRequestMethod } from '../../analysis/initialize-handling.js';
import { removalRange } from '../kit/removal-range.js';
import type { TextEdit } from '../kit/edits.js';

export interface DeadBranch {
  /** The `if` statement that never runs. */
  statement: ts.IfStatement;
  /** Its removal, with the comments directly above it. */
  edit: TextEdit;
}

/**
 * The dead `if (<method> === 'initialize') { … }` around `literal` (a method string `fallbackInitialize` accepted), or
 * why it stays (words that finish "the branch stays: …").
 */
export function deadFallbackBranch(result: AnalysisResult, literal: ts.StringLiteralLike): DeadBranch | { kept: string } {
  const comparison = literal.parent;
  let test: ts.Node = comparison;
  while (ts.isParenthesizedExpression(test.parent)) test = test.parent;
  const statement = test.parent;
  if (!ts.isBinaryExpression(comparison) || !statement || !ts.isIfStatement(statement) || statement.expression !== test) return { kept: 'it is not a whole `if` condition of its own (a `case`, or a test combined with others), so deleting it is not a plain deletion: drop only the handshake test (the other methods it tests still need it)' };
  if (statement.elseStatement) return { kept: 'its `if` has an `else`, which does run' };
  // A statement of the handler's own body (not an `else if`, not inside a callback or a nested block), testing the
  // handler's own request method (not a tool named `initialize`, review 34 X1–X3).
  const handler = enclosingFunction(statement);
  if (!handler || !inOwnBody(statement, handler)) return { kept: 'it is not a statement of the handler\'s own body (an `else if`, or inside a nested block or callback)' };
  const compared = comparison.left === literal ? comparison.right : comparison.left;
  if (!isRequestMethod(result.analysis.values, handler, compared, true)) return { kept: 'what it compares is not the handler\'s own request method' };
  if (removesSdkHandlers(result)) return { kept: 'the program removes or replaces request handlers of the SDK\'s (`removeRequestHandler`, `_requestHandlers`, `_onrequest`), so its own handler may be gone and this branch reached' };
  const hoisted = declaresHoisted(statement);
  if (hoisted) return { kept: `it declares \`${hoisted}\` with \`var\` or as a function, visible outside it` };
  const only = onlyReadHere(result, handler, statement);
  if (only) return { kept: `it is the only reader of \`${only}\`, which would be left unused` };
  const sf = statement.getSourceFile();
  const range = removalRange(sf, statement);
  return { statement, edit: { file: sf.fileName, start: range.start, end: range.end, text: '' } };
}

/**
 * Whether any file removes or replaces the SDK's request handlers (`removeRequestHandler`, its `_requestHandlers` map, an
 * override of `_onrequest`): then a method the SDK answers itself may reach the fallback. A text check over the program,
 * on purpose wide: keeping a dead branch costs a marker, removing a live one breaks a handshake.
 */
function removesSdkHandlers(result: AnalysisResult): boolean {
  return result.sourceFiles.some((sf) => /\b(?:removeRequestHandler|_requestHandlers|_onrequest)\b/.test(sf.text));
}

/** Whether `statement` is a statement of the handler's body, directly or in its `try` blocks (outlook-mcp wraps it all in one). */
function inOwnBody(statement: ts.Statement, handler: ts.FunctionLikeDeclaration): boolean {
  const body = handler.body;
  if (!body || !ts.isBlock(body)) return false;
  let block: ts.Node = statement.parent;
  while (block !== body) {
    const holder = block.parent;
    if (!ts.isBlock(block) || !holder || !ts.isTryStatement(holder) || holder.tryBlock !== block || !holder.parent) return false;
    block = holder.parent;
  }
  return true;
}

/** A `var` or a function declared in `branch` (hoisted, so visible to the code after it). */
function declaresHoisted(branch: ts.Node): string | undefined {
  let found: string | undefined;
  forEachDescendant(branch, (node) => {
    if (found) return;
    if (ts.isFunctionDeclaration(node) && node.name) found = node.name.text;
    else if (ts.isVariableDeclarationList(node) && !(node.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const))) found = node.declarations.map((d) => d.name.getText()).join(', ');
  });
  return found;
}

/** A local of `handler`, declared outside `branch`, that `branch` reads and nothing else in the handler does. */
function onlyReadHere(result: AnalysisResult, handler: ts.Node, branch: ts.Node): string | undefined {
  const { values } = result.analysis;
  const inside = (node: ts.Node): boolean => node.pos >= branch.pos && node.end <= branch.end;
  const outsideUses = new Set<ts.Symbol>();
  const insideUses = new Map<ts.Symbol, string>();
  forEachDescendant(handler, (node) => {
    if (!ts.isIdentifier(node) || isDeclarationName(node)) return;
    const symbol = values.symbolOf(node);
    const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    // A parameter left unread is harmless (the handler's signature stays); a local left unread is not.
    if (!symbol || !declaration || ts.isParameter(declaration) || inside(declaration) || !(declaration.pos >= handler.pos && declaration.end <= handler.end)) return;
    if (inside(node)) insideUses.set(symbol, node.text);
    else outsideUses.add(symbol);
  });
  return [...insideUses].find(([symbol]) => !outsideUses.has(symbol))?.[1];
}

function isDeclarationName(id: ts.Identifier): boolean {
  const parent = id.parent;
  return (
    ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isBindingElement(parent) || ts.isFunctionDeclaration(parent)) && parent.name === id) ||
    (ts.isBindingElement(parent) && parent.propertyName === id)
  );
}
