/**
 * Where the result of a call goes, for a call that hands a server to a function the program cannot read (an
 * instrumentation wrapper: `Sentry.wrapMcpServerWithSentry(new McpServer(…))`). Its result is taken for that server
 * only when the code then uses it as one: a member only an SDK server has (`registerTool`, `sendLoggingMessage`,
 * `server.server.…`; `SERVER_USE_MEMBERS`), on the name it is bound to (a variable, a class field, an assignment),
 * on a parameter of a project function it is passed to (`registerTools(server)`), or on the result of the function
 * that returns it (`createServer()`), a few hops deep. Syntax and symbols only: no value is asked for, so this runs
 * without re-entering the value analysis.
 */
import { ts } from '../typescript.js';
import { enclosingFunction, forEachDescendant, outermostWrapper, unwrap } from './ast.js';
import { SERVER_USE_MEMBERS } from './sdk-modules.js';
import type { CallGraph } from './call-graph.js';

/** What the wrapper analysis needs of the value analysis: symbols and the call graph. */
export interface WrapperQueries {
  symbolOf(node: ts.Node): ts.Symbol | undefined;
  readonly calls: CallGraph;
  /** The analysed files: where an exported name is used. */
  readonly files: readonly ts.SourceFile[];
}

/** How many hops (a parameter, a returning function) the result is followed through. */
const MAX_HOPS = 3;

/**
 * Cheap first test: the result is bound to a name, a field, returned, or handed as the first argument to another call
 * (a second wrapper: `instrument(Sentry.wrapMcpServerWithSentry(server))`); not a statement of its own.
 */
export function resultIsKept(call: ts.CallExpression): boolean {
  const { parent, node } = outerOf(call);
  return (
    ((ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node) ||
    (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === node) ||
    ts.isReturnStatement(parent) ||
    (ts.isArrowFunction(parent) && parent.body === node) ||
    (ts.isCallExpression(parent) && parent.arguments[0] === node)
  );
}

/** Whether the value `expr` evaluates to is used as an SDK server where it goes. */
export function resultUsedAsServer(values: WrapperQueries, expr: ts.Expression, hops = 0): boolean {
  if (hops > MAX_HOPS) return false;
  const { parent, node } = outerOf(expr);
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node) {
    if (ts.isPropertyDeclaration(parent)) return fieldUsedAsServer(parent);
    return ts.isIdentifier(parent.name) && nameUsedAsServer(values, parent.name, hops);
  }
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === node) {
    const target = unwrap(parent.left);
    if (ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const cls = ts.findAncestor(target, ts.isClassLike);
      return !!cls && thisFieldUsedAsServer(cls, target.name.text);
    }
    return ts.isIdentifier(target) && nameUsedAsServer(values, target, hops);
  }
  if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node)) {
    const fn = ts.isArrowFunction(parent) ? parent : enclosingFunction(parent);
    return !!fn && values.calls.everyCallOf(fn).some((call) => resultUsedAsServer(values, call, hops + 1));
  }
  // Handed to a second function the program cannot read: what that one returns, followed the same way.
  if (ts.isCallExpression(parent) && parent.arguments[0] === node && !values.calls.functionOfCall(parent)?.body) return resultUsedAsServer(values, parent, hops + 1);
  return false;
}

/** `server.registerTool(…)`, `server.server.sendLoggingMessage(…)`: an access using its object as an SDK server. */
function usedAsServer(access: ts.PropertyAccessExpression): boolean {
  if (SERVER_USE_MEMBERS.has(access.name.text)) return true;
  // McpServer's low-level server, `server.server`, used as one in turn (the member `ValueAnalysis.memberOf` reads).
  const outer = access.parent;
  return access.name.text === 'server' && ts.isPropertyAccessExpression(outer) && outer.expression === access && SERVER_USE_MEMBERS.has(outer.name.text);
}

/** The uses of the variable `name` declares (or is assigned to) in its scope, each followed where it goes. */
function nameUsedAsServer(values: WrapperQueries, name: ts.Identifier, hops: number): boolean {
  const symbol = values.symbolOf(name);
  const decl = symbol?.valueDeclaration;
  if (!symbol || !decl) return false;
  // A module's exported variable is used in the modules importing it too (`symbolOf` reads through the import).
  const local = enclosingFunction(decl);
  const scopes = local ? [local] : isExported(decl) ? values.files.filter((f) => f === decl.getSourceFile() || f.text.includes(name.text)) : [decl.getSourceFile()];
  let used = false;
  for (const scope of scopes) {
    forEachDescendant(scope, (node) => {
      if (used || !ts.isIdentifier(node) || node.text !== name.text || node === (decl as ts.NamedDeclaration).name || values.symbolOf(node) !== symbol) return;
      used = referenceUsedAsServer(values, node, hops);
    });
    if (used) break;
  }
  return used;
}

/** `export const server = …`, `export let server`: a variable other modules can import. */
function isExported(decl: ts.Declaration): boolean {
  const statement = ts.isVariableDeclaration(decl) ? decl.parent?.parent : undefined;
  return !!statement && ts.isVariableStatement(statement) && !!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** One reference to the value: a member used as a server's, the argument of a project function, or returned. */
function referenceUsedAsServer(values: WrapperQueries, ref: ts.Identifier, hops: number): boolean {
  const { parent, node } = outerOf(ref);
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node) return usedAsServer(parent);
  if (ts.isCallExpression(parent) && parent.arguments.includes(node as ts.Expression)) {
    const fn = values.calls.functionOfCall(parent);
    // Handed to a second wrapper (`const server = instrument(sentried)`): what that one returns.
    if (!fn?.body) return parent.arguments[0] === node && resultUsedAsServer(values, parent, hops + 1);
    const param = fn.parameters[parent.arguments.indexOf(node as ts.Expression)];
    return !!param && ts.isIdentifier(param.name) && !param.dotDotDotToken && hops < MAX_HOPS && nameUsedAsServer(values, param.name, hops + 1);
  }
  if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node)) return resultUsedAsServer(values, ref, hops + 1);
  return false;
}

/** A class field initialised with the value: `this.<field>` used as a server anywhere in the class. */
function fieldUsedAsServer(field: ts.PropertyDeclaration): boolean {
  const name = field.name;
  return (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) && thisFieldUsedAsServer(field.parent, name.text);
}

function thisFieldUsedAsServer(cls: ts.Node, field: string): boolean {
  let used = false;
  forEachDescendant(cls, (node) => {
    if (used || !ts.isPropertyAccessExpression(node)) return;
    const object = node.expression;
    if (ts.isPropertyAccessExpression(object) && object.expression.kind === ts.SyntaxKind.ThisKeyword && object.name.text === field) used = usedAsServer(node);
  });
  return used;
}

/** The node the value is (past parentheses, `await`, `as` and `!`: `outermostWrapper`) and what holds it. */
function outerOf(expr: ts.Node): { node: ts.Node; parent: ts.Node } {
  const node = outermostWrapper(expr);
  return { node, parent: node.parent };
}
