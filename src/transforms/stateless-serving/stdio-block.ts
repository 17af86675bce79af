/**
 * Where a stdio server's construction can be lifted into a factory for `serveStdio`, and what blocks it.
 *
 * - `factoryBlock`: the statement list the server's declaration and its `connect` share. The module top level,
 *   or the body of a function (`async function main() { const server = new Server(…); …; await
 *   server.connect(transport); }`): there the factory becomes a function declared in that body, a closure over
 *   the body's locals, so the statements moved into it may keep using them.
 * - `escapingFlow`: a moved statement that would mean something else inside a new function (`return`,
 *   `break`/`continue` to a label or loop outside it, `this`, `arguments`, `yield`).
 * - `builtElsewhereReason`: the server `connect` is called on arrives built (a parameter, a field): the
 *   sentence saying why serveStdio cannot be handed it and what the caller's side must change.
 * - `functionLabel`, `usesOfDeclared`, `fieldTransportConnect`: how a function is named in those sentences,
 *   which identifiers use what the moved statements declare, and the `connect` of a transport kept in a field.
 */
import { quotedCode } from '../kit/prose.js';
import { isReference } from './text.js';
import { ts } from '../../typescript.js';
import { forEachDescendant, isFunctionLike, unwrap } from '../../analysis/ast.js';
import { thisMemberName } from '../../analysis/class-members.js';
import { returnedExpressions } from '../../analysis/declarations.js';
import { CONNECT_METHOD } from '../../analysis/sdk-modules.js';
import type { ValueAnalysis } from '../../analysis/values.js';

export interface FactoryBlock {
  statements: readonly ts.Statement[];
  /** The function whose body the block is; undefined at the module top level. */
  fn?: ts.FunctionLikeDeclaration;
}

/** The block both statements sit in directly, when it is the module or a function's body. */
export function factoryBlock(declStatement: ts.Node, connectStatement: ts.Node): FactoryBlock | undefined {
  const block = declStatement.parent;
  if (!block || block !== connectStatement.parent) return undefined;
  if (ts.isSourceFile(block)) return { statements: block.statements };
  if (ts.isBlock(block) && isFunctionLike(block.parent) && block.parent.body === block) return { statements: block.statements, fn: block.parent };
  return undefined;
}

/** Code in `statement` that would change meaning if `statement` moved into a new function declaration. */
export function escapingFlow(statement: ts.Node): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node, inArrow: boolean, loops: number): void => {
    if (found) return;
    // A nested function or class: its own `return`, `this`, `arguments` and loops.
    if (node !== statement && (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node) || ts.isClassLike(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node) || ts.isConstructorDeclaration(node))) return;
    if (ts.isArrowFunction(node)) {
      ts.forEachChild(node, (child) => visit(child, true, 0));
      return;
    }
    if (!inArrow && (ts.isReturnStatement(node) || ts.isYieldExpression(node))) found = node;
    else if (ts.isBreakOrContinueStatement(node) && (node.label || loops === 0) && !inArrow) found = node;
    else if (node.kind === ts.SyntaxKind.ThisKeyword || node.kind === ts.SyntaxKind.SuperKeyword) found = node;
    // The function's own `arguments` (`arguments.length` too), not a key named so (`const { arguments: args } = request.params`).
    else if (ts.isIdentifier(node) && node.text === 'arguments' && isReference(node)) found = node;
    if (found) return;
    const loop = ts.isIterationStatement(node, false) || ts.isSwitchStatement(node);
    ts.forEachChild(node, (child) => visit(child, inArrow, loops + (loop ? 1 : 0)));
  };
  visit(statement, false, 0);
  return found;
}

/**
 * Why a server that arrives built cannot be served by `serveStdio` from here: `receiver` is a parameter of the
 * enclosing function or a field (`this.server`). undefined when it is neither (the caller's own message stands).
 */
export function builtElsewhereReason(receiver: ts.Node, values: ValueAnalysis, fnName: (fn: ts.FunctionLikeDeclaration) => string): string | undefined {
  const node = unwrap(receiver);
  const probe = 'serveStdio builds a fresh server from a factory for the connection (and one more for a `server/discover` probe it discards), so a server built beforehand cannot be handed to it';
  if (ts.isIdentifier(node)) {
    const decl = values.symbolOf(node)?.valueDeclaration;
    if (!decl || !ts.isParameter(decl) || !isFunctionLike(decl.parent)) return undefined;
    const label = fnName(decl.parent);
    const fn = label.startsWith('the function') ? label : `\`${label}\``;
    return `the server arrives built, as the parameter \`${node.text}\` of ${fn}: ${probe}. Make ${fn} take the factory instead (its callers pass the function that builds the server) and serve with it.`;
  }
  if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const built = builtInConstructor(node);
    if (built) {
      return `the server is built once, in the constructor of \`${built}\`, and kept in \`${node.getText()}\`, one instance for the process, which serveStdio cannot take: ${probe}. Move its construction (with what registers its handlers) into a method that returns a new server, and serve with \`() => this.<that method>()\`.`;
    }
    return `the server arrives built, in the field \`${node.getText()}\` its class is given: ${probe}. Give the class the factory instead (whoever constructs it passes the function that builds the server) and serve with it.`;
  }
  // `app.getInstance()` returning `this.server`: the same instance on every call, so `() => app.getInstance()` is no factory.
  const field = ts.isCallExpression(node) ? returnedField(values, node) : undefined;
  if (field) {
    const fn = values.calls.functionOfCall(node as ts.CallExpression)!;
    return `the server arrives built: \`${node.getText()}\` returns the instance kept in \`${field}\` (${fnName(fn)}), the same one on every call: ${probe}. Serve with a function that builds a new server on each call (what fills \`${field}\` today).`;
  }
  return undefined;
}

/** The `this.<field>` every return of the function a call reaches gives back (a getter of a kept instance), if any. */
function returnedField(values: ValueAnalysis, call: ts.CallExpression): string | undefined {
  const fn = values.calls.functionOfCall(call);
  const fields = new Set(fn ? returnedExpressions(fn).map(thisMemberName) : []);
  const [field] = fields;
  return fields.size === 1 && field !== undefined ? `this.${field}` : undefined;
}

/** How a function is named in a message: `startStdioTransport`, `StdioRunner.start`, or its code quoted (a line number would move with the markers). */
export function functionLabel(fn: ts.FunctionLikeDeclaration, _sf: ts.SourceFile): string {
  const own = fn.name && (ts.isIdentifier(fn.name) || ts.isPrivateIdentifier(fn.name)) ? fn.name.text : undefined;
  const holder = !own && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name) ? fn.parent.name.text : undefined;
  const cls = ts.isClassLike(fn.parent) && fn.parent.name ? `${fn.parent.name.text}.` : '';
  if (ts.isConstructorDeclaration(fn)) return `${cls}constructor`;
  if (own ?? holder) return `${cls}${own ?? holder}`;
  return `the function ${quotedCode(fn)}`;
}

/**
 * The identifiers in `root` (outside `skip`) that refer to something one of `declaring` declares itself (its
 * `const`/`let`/function/class), by symbol: a same-named parameter or local elsewhere is another thing.
 */
export function usesOfDeclared(root: ts.Node, declaring: ReadonlySet<ts.Node>, values: ValueAnalysis, skip: readonly ts.Node[] = []): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (skip.includes(node)) return;
    if (ts.isIdentifier(node) && !declaring.has(statementOfDeclaration(node))) {
      const decl = values.symbolOf(node)?.valueDeclaration;
      if (decl && !isDeclarationName(node, decl) && declaring.has(statementOfDeclaration(decl))) found.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}

function isDeclarationName(id: ts.Identifier, decl: ts.Declaration): boolean {
  return (decl as ts.NamedDeclaration).name === id;
}

/** The statement a declaration (or any node) sits in directly: the nearest ancestor whose parent is a block or the module. */
function statementOfDeclaration(node: ts.Node): ts.Node {
  let current = node;
  while (current.parent && !ts.isSourceFile(current.parent) && !ts.isBlock(current.parent) && !ts.isModuleBlock(current.parent) && !ts.isCaseClause(current.parent) && !ts.isDefaultClause(current.parent)) current = current.parent;
  return current;
}

/**
 * A transport kept in a field (`this.transport = new StdioServerTransport()`): the `x.connect(this.transport)`
 * of the same class that connects it, when there is one.
 */
export function fieldTransportConnect(created: ts.Node): ts.CallExpression | undefined {
  const assignment = unwrap(created).parent;
  if (!assignment || !ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken || unwrap(assignment.right) !== unwrap(created)) return undefined;
  const field = thisMemberName(assignment.left);
  if (!field) return undefined;
  let cls: ts.Node | undefined = assignment;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  if (!cls) return undefined;
  let found: ts.CallExpression | undefined;
  forEachDescendant(cls, (node) => {
    if (!found && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === CONNECT_METHOD && node.arguments.length === 1 && thisMemberName(node.arguments[0]!) === field) found = node;
  });
  return found;
}

/** The class whose constructor assigns `this.<field> = new …` for `this.<field>`, by name. */
function builtInConstructor(access: ts.PropertyAccessExpression): string | undefined {
  let cls: ts.Node | undefined = access.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  if (!cls || !ts.isClassLike(cls)) return undefined;
  const ctor = cls.members.find(ts.isConstructorDeclaration);
  let assigned = false;
  if (ctor?.body) {
    forEachDescendant(ctor.body, (n) => {
      if (assigned || !ts.isBinaryExpression(n) || n.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isNewExpression(unwrap(n.right))) return;
      if (thisMemberName(n.left) === access.name.text) assigned = true;
    });
  }
  return assigned ? (cls.name?.text ?? 'its class') : undefined;
}
