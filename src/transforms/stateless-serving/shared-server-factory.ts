/**
 * The project's own server factory behind a session set-up the serving rewrite stopped at before it found one (sweep 29
 * AC3, review 39 R9): a route connecting `localMcpServer` — `export const localMcpServer = defineServer()`, built once at
 * module level — to each session's transport, or building `createServer()` in a route of a router apply does not
 * rewrite (Koa). The advice names that function instead of a placeholder.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isInside, unwrap } from '../../analysis/ast.js';
import { functionName, returnedExpressions } from '../../analysis/declarations.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { sessionConnection } from '../../analysis/session-servers.js';
import { isServerKind } from '../../analysis/value.js';
import type { ValueAnalysis } from '../../analysis/values.js';

export interface ServerFactoryHint {
  /** The function's name, as the advice calls it (`defineServer`). */
  name: string;
  /** The one server every session shares (`localMcpServer`), when the set-up connects such a server. */
  server?: string;
  /** Where the function is declared, relative to the project, when that is not the file of the marker. */
  file?: string;
  /** Whether the route's file can import it: declared there, or exported. */
  reachable: boolean;
}

/**
 * The project function `sf`'s session set-ups build their server with: called without arguments to initialise the one
 * server they all connect, or in the set-up itself; only a function that builds a new server on every call (not a
 * getter handing back a cached one, review 39 R10). Undefined when there is none, or several.
 */
export function serverFactoryHint(result: AnalysisResult, sf: ts.SourceFile): ServerFactoryHint | undefined {
  const { values } = result.analysis;
  const found = new Map<ts.Node, ServerFactoryHint>();
  forEachDescendant(sf, (node) => {
    if (!ts.isCallExpression(node)) return;
    const connection = sessionConnection(values, node);
    if (!connection) return;
    const shared = connection.shared;
    const declaration = shared && values.symbolOf(shared)?.valueDeclaration;
    const init = shared
      ? declaration && ts.isVariableDeclaration(declaration) && declaration.initializer
        ? unwrap(declaration.initializer)
        : undefined
      : connection.creation && unwrap(connection.creation);
    const call = init && ts.isAwaitExpression(init) ? unwrap(init.expression) : init;
    if (!call || !ts.isCallExpression(call) || call.arguments.length > 0 || !isServerKind(values.valueOf(call))) return;
    const fn = values.calls.functionOfCall(call);
    const name = fn && functionName(fn);
    if (!fn?.body || !name || fn.getSourceFile().isDeclarationFile || !buildsNewServer(values, fn)) return;
    const elsewhere = fn.getSourceFile() !== sf;
    found.set(fn, { name: name.text, ...(shared ? { server: shared.text } : {}), ...(elsewhere ? { file: result.relative(fn.getSourceFile().fileName) } : {}), reachable: !elsewhere || isExported(name) });
  });
  return found.size === 1 ? [...found.values()][0] : undefined;
}

/** What the marker adds about it: the factory to serve with, and the shared instance that goes. */
export function serverFactoryNote(factory: ServerFactoryHint): string {
  const serve = factory.reachable ? 'serve with it' : 'export it and serve with it';
  const shared = factory.server ? `, and remove the one instance \`${factory.server}\` that every session shares now` : '';
  const where = factory.file === undefined ? '' : ` (${factory.file})`;
  return `\`${factory.name}\`${where} already builds the server: ${serve} (a new server per request)${shared}.`;
}

/**
 * Every value the function returns is a server it makes in that call: `new McpServer(…)`, or a variable of its own
 * holding one. A getter returning a module-level instance it fills once (`if (!instance) instance = new McpServer(…);
 * return instance`) hands every caller the same server.
 */
function buildsNewServer(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration): boolean {
  const returned = returnedExpressions(fn);
  return (
    returned.length > 0 &&
    returned.every((expression) => {
      const value = unwrap(expression);
      if (ts.isNewExpression(value)) return true;
      if (!ts.isIdentifier(value)) return false;
      // A variable of its own made there: `const server = new McpServer(…)`, not `instance ??= new McpServer(…)` (review 39b S6).
      const declaration = values.symbolOf(value)?.valueDeclaration;
      const init = declaration && ts.isVariableDeclaration(declaration) && isInside(declaration, fn) && declaration.initializer ? unwrap(declaration.initializer) : undefined;
      return !!init && ts.isNewExpression(init);
    })
  );
}

/**
 * Whether the module exports the name: an `export` modifier on its declaration, or a local `export { name }` list
 * (which names the module's own top-level bindings, so its text is enough).
 */
function isExported(name: ts.Identifier): boolean {
  const declaration = name.parent;
  const statement = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
  return name.getSourceFile().statements.some((s) => {
    if (ts.isExportDeclaration(s)) return !s.moduleSpecifier && !!s.exportClause && ts.isNamedExports(s.exportClause) && s.exportClause.elements.some((e) => (e.propertyName ?? e.name).text === name.text);
    // CommonJS: `module.exports = { createServer }`, `module.exports.createServer = …`, `exports.createServer = …` (review 39b S6).
    if (!ts.isExpressionStatement(s) || !ts.isBinaryExpression(s.expression) || s.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
    const target = s.expression.left.getText();
    const value = unwrap(s.expression.right);
    if (target === `module.exports.${name.text}` || target === `exports.${name.text}`) return true;
    return target === 'module.exports' && ts.isObjectLiteralExpression(value) && value.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name.text);
  });
}
