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
  if (!ts.isBinaryExpression(comparison) || !statement || !ts.isIfStatement(statement) || statement.expression !== test) return { kept: 'it is not a whole `if` condition of its own (a `case`, or a test combined with others), so deleting it is not a plain deletion' };
  if (statement.elseStatement) return { kept: 'its `if` has an `else`, which does run' };
  if (removesSdkHandlers(result)) return { kept: 'the program calls `removeRequestHandler`, so the SDK\'s own handler may be gone and this branch reached' };
  const handler = enclosingFunction(statement);
  const only = handler && onlyReadHere(result, handler, statement);
  if (!handler || only) return { kept: `it is the only reader of \`${only ?? 'its locals'}\`, which would be left unused` };
  const sf = statement.getSourceFile();
  const range = removalRange(sf, statement);
  return { statement, edit: { file: sf.fileName, start: range.start, end: range.end, text: '' } };
}

/** Whether any file calls `removeRequestHandler` (then a method the SDK answers itself may reach the fallback). */
function removesSdkHandlers(result: AnalysisResult): boolean {
  return result.sourceFiles.some((sf) => sf.text.includes('removeRequestHandler'));
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
