/**
 * A server built inline in the route (the SDK README's stateless idiom written out: `const server = new
 * McpServer(…); registerTools(server); const transport = …; await server.connect(transport)`): `createMcpHandler`
 * needs a factory, and the statements that build and configure the server are one. They become
 * `function buildServer() { …; return server; }` at the top level of the module, in front of the statement holding
 * the route, and the route is replaced by the handler built from it (route-endpoint.ts), so the statements leave the
 * route with it.
 *
 * Only statements that build the server move: its declaration and the statements right after it that use it (or what
 * an earlier moved statement declared) and nothing else of the route's — not the request, the response, the
 * transport or a local the route computed, which a factory called per request could not see. A statement that also
 * uses one of those (`res.on('close', () => server.close())`, the `connect`) stays, and goes with the route. When the
 * construction itself reads a local of the route (a key taken from the request, a counter the tools share), there is
 * no factory to extract: undefined, and the caller refuses as before.
 */
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, isFunctionLike, isInside, statementOf } from '../../analysis/ast.js';
import { CONNECT_METHOD } from '../../analysis/sdk-modules.js';
import { builtInPlace } from './factory-extraction.js';
import { escapingFlow } from './stdio-block.js';
import { removalRange } from '../kit/removal-range.js';
import { reindent } from './text.js';
import { indentAt } from '../kit/source-style.js';
import type { ServingFile } from './serving-file.js';
import type { Factory } from './factory.js';

/** What the route may still do with the server it built: connect it to the request's transport, close it after. */
const STAYING_CALLS = new Set([CONNECT_METHOD, 'close']);

export function inlineServerFactory(file: ServingFile, receiver: ts.Identifier, scope: ts.Node, connect: ts.Node): Factory | undefined {
  const decl = file.values.symbolOf(receiver)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name) || !decl.initializer || !isInside(decl, scope) || !builtInPlace(file.values, decl.initializer)) return undefined;
  const declStatement = statementOf(decl);
  const block = declStatement.parent;
  if (!ts.isVariableStatement(declStatement) || declStatement.declarationList.declarations.length !== 1 || !ts.isBlock(block)) return undefined;
  const serverName = decl.name.text;
  const statements = block.statements;
  const moved: ts.Statement[] = [declStatement];
  const declared = new Set<ts.Node>([decl]);
  for (let i = statements.indexOf(declStatement) + 1; i < statements.length; i++) {
    const statement = statements[i]!;
    if (isInside(connect, statement)) break;
    // Only statements that use what is being built; the first that reads anything else of the route stays.
    if (!usesAny(file, statement, declared) || readsRouteLocal(file, statement, scope, moved)) continue;
    moved.push(statement);
    for (const d of declarationsIn(statement)) declared.add(d);
  }
  if (readsRouteLocal(file, declStatement, scope, [declStatement])) return undefined;
  // What stays in the route goes with it: there the server may only be connected and closed (a registration reading
  // the request, left behind, would be lost).
  if (!usesOnlyToConnectOrClose(file, scope, decl, moved)) return undefined;
  if (moved.some((s) => escapingFlow(s) || hasThis(s))) return undefined;
  // A moved statement's names must not be used by what stays in the route.
  for (const d of declared) {
    if (d === decl) continue;
    const name = (d as ts.NamedDeclaration).name;
    if (!name || !ts.isIdentifier(name)) return undefined;
    let usedOutside = false;
    forEachDescendant(scope, (node) => {
      if (!usedOutside && ts.isIdentifier(node) && node !== name && node.text === name.text && !moved.some((s) => isInside(node, s)) && file.values.symbolOf(node)?.valueDeclaration === d) usedOutside = true;
    });
    if (usedOutside) return undefined;
  }
  const top = topLevelStatementOf(scope);
  if (!top) return undefined;
  const name = file.freshName('buildServer');
  const awaits = moved.some((s) => hasAwait(s, enclosingFunction(s)));
  const u = file.unit;
  const from = indentAt(file.text, declStatement.getStart(file.sf));
  const body = moved.map((s) => {
    const range = removalRange(file.sf, s, true, false);
    return reindent(file.text.slice(range.start, range.end).replace(/\n$/, ''), from, u);
  });
  const fn = [`${awaits ? 'async ' : ''}function ${name}() {`, ...body, `${u}return ${serverName};`, '}'].join('\n');
  const at = removalRange(file.sf, top, true, false).start;
  file.edit(at, at, `${fn}\n\n`);
  // The factory, the server and what the moved statements declare are the factory's; the moved statements themselves are
  // skipped by the route's custom-logic check (`moved`), so a name they use that the route also uses elsewhere (after
  // serving: `db.recordVisit(…)`) is still the route's own logic (review 35 A2).
  const names = new Set<string>([name, serverName]);
  for (const d of declared) {
    const n = (d as ts.NamedDeclaration).name;
    if (n && ts.isIdentifier(n)) names.add(n.text);
  }
  return { expression: name, call: `${awaits ? 'await ' : ''}${name}()`, names: [...names], extracted: true, moved };
}

/**
 * The route's own names the server's construction and configuration read (`workspace`, computed from the request),
 * when that is what keeps it in the route: for the refusal to say so.
 */
export function routeLocalsBuildingServer(file: ServingFile, receiver: ts.Identifier, scope: ts.Node): string[] {
  const decl = file.values.symbolOf(receiver)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !isInside(decl, scope)) return [];
  const names = new Set<string>();
  // Its construction, and the statements after it that configure it (not its `connect`, not a close on the response).
  const statement = statementOf(decl);
  const block = statement.parent;
  const configuring = ts.isBlock(block) ? block.statements.slice(block.statements.indexOf(statement as ts.Statement) + 1).filter((s) => usesAny(file, s, new Set([decl])) && !usesOnlyToConnectOrClose(file, s, decl)) : [];
  for (const root of [decl.initializer, ...configuring]) forEachDescendant(root, (node) => {
    if (!ts.isIdentifier(node) || (ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) || (ts.isPropertyAssignment(node.parent) && node.parent.name === node)) return;
    const symbol = ts.isShorthandPropertyAssignment(node.parent) ? file.values.checker.getShorthandAssignmentValueSymbol(node.parent) : file.values.symbolOf(node);
    if (symbol?.declarations?.some((d) => isInside(d, scope) && d !== scope && !isInside(d, decl) && !isInside(d, root))) names.add(node.text);
  });
  return [...names];
}

/** Whether every use of the server `decl` in `root` (outside `skip`) is a `connect` or `close` call on it. */
function usesOnlyToConnectOrClose(file: ServingFile, root: ts.Node, decl: ts.VariableDeclaration, skip: readonly ts.Node[] = []): boolean {
  let other = false;
  forEachDescendant(root, (node) => {
    if (other || !ts.isIdentifier(node) || node === decl.name || skip.some((s) => isInside(node, s)) || file.values.symbolOf(node)?.valueDeclaration !== decl) return;
    const access = node.parent;
    const call = ts.isPropertyAccessExpression(access) && access.expression === node ? access.parent : undefined;
    if (!(call && ts.isCallExpression(call) && call.expression === access && STAYING_CALLS.has((access as ts.PropertyAccessExpression).name.text))) other = true;
  });
  return !other;
}

/** Whether `statement` names one of `declarations` (the server, or what a moved statement declared). */
function usesAny(file: ServingFile, statement: ts.Node, declarations: ReadonlySet<ts.Node>): boolean {
  let found = false;
  forEachDescendant(statement, (node) => {
    if (found || !ts.isIdentifier(node)) return;
    const d = file.values.symbolOf(node)?.valueDeclaration;
    if (d && declarations.has(d)) found = true;
  });
  return found;
}

/**
 * Whether `statement` reads a name declared in the route (`scope`: its parameters, its locals) other than those the
 * moved statements declare: what a factory at the module's top level could not see.
 */
function readsRouteLocal(file: ServingFile, statement: ts.Node, scope: ts.Node, moved: readonly ts.Node[]): boolean {
  let found = false;
  forEachDescendant(statement, (node) => {
    if (found || !ts.isIdentifier(node)) return;
    const parent = node.parent;
    // A member name (`server.registerTool`, `{ name: … }`) names no variable.
    if ((ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node)) return;
    const symbol = ts.isShorthandPropertyAssignment(parent) ? file.values.checker.getShorthandAssignmentValueSymbol(parent) : file.values.symbolOf(node);
    for (const d of symbol?.declarations ?? []) {
      if (d === scope || moved.some((s) => isInside(d, s)) || isInside(d, statement)) continue;
      // The route's own locals, and those of a function around it (`createApp(options)`, review 35 A1): the factory
      // goes to the module's top level, where only module-level names and imports are in scope.
      if (isInside(d, scope) || !atModuleLevel(d)) found = true;
    }
  });
  return found;
}

/** Whether a declaration is in scope at the module's top level (not a parameter or local of some function). */
function atModuleLevel(declaration: ts.Node): boolean {
  for (let node: ts.Node | undefined = declaration.parent; node && !ts.isSourceFile(node); node = node.parent) {
    if (isFunctionLike(node) || ts.isClassLike(node) || ts.isBlock(node) || ts.isModuleBlock(node)) return false;
  }
  return true;
}

/** The names a statement declares: variables (`const a = …`), and a local function or class (`function registerTools() { … }`, review 35 A3). */
function declarationsIn(statement: ts.Statement): ts.Node[] {
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) return [statement];
  if (!ts.isVariableStatement(statement)) return [];
  return statement.declarationList.declarations.filter((d) => ts.isIdentifier(d.name));
}

function hasThis(statement: ts.Node): boolean {
  let found = false;
  forEachDescendant(statement, (node) => {
    if (node.kind === ts.SyntaxKind.ThisKeyword) found = true;
  });
  return found;
}

/** An `await` of the function `fn` itself (not of a callback inside the statement). */
function hasAwait(statement: ts.Node, fn: ts.Node | undefined): boolean {
  let found = false;
  forEachDescendant(statement, (node) => {
    if (!found && ts.isAwaitExpression(node) && enclosingFunction(node) === fn) found = true;
  });
  return found;
}

function topLevelStatementOf(node: ts.Node): ts.Statement | undefined {
  let current: ts.Node = node;
  while (current.parent && !ts.isSourceFile(current.parent)) current = current.parent;
  return ts.isSourceFile(current.parent) ? (current as ts.Statement) : undefined;
}

