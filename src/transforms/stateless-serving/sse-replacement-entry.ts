/**
 * The 2026-07-28 entry of a project whose only MCP endpoint is HTTP+SSE: `createMcpHandler(factory)` mounted with
 * `all('/mcp', …)`, behind the same middlewares as the SSE routes (their auth), serving the servers the SSE
 * transport was connected to (the same factory).
 *
 * - `--modern-only` removes the endpoint; alone, that would leave an HTTP server that serves no MCP at all, so the
 *   route that opened the streams becomes the entry in its place (`legacy: 'reject'`).
 * - By default the endpoint stays for 2025-era clients, and without an entry a 2026-07-28 client could not reach
 *   the server over HTTP: the entry goes after the SSE routes, beside them (2025-era clients that speak Streamable
 *   HTTP are served by it too, statelessly), as the reference servers were migrated.
 *
 * Anything that makes the entry a guess is a reason, returned for the note (under `--modern-only` the endpoint
 * still goes): routes that are not express registrations in one block, routes with different middlewares, a route
 * on /mcp that stays, a server not built by a factory, or a factory declared after the place of the entry.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import { routesOf, type Route } from '../../analysis/routes.js';
import { CONNECT_METHOD, HTTP_HANDLER_FUNCTION, SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import type { ServingSite } from './serving-site-view.js';
import { referencesByName } from './text.js';
import { inExclusiveBranches } from './syntax-queries.js';
import { entryNameClash, namedImportOf, topLevelNames } from './module-bindings.js';
import nodePath from 'node:path';
import { quoteOf } from '../kit/source-style.js';

const ENTRY_PATH = '/mcp';

type RegisteredRoute = Route & { call: ts.CallExpression };

export interface SseReplacementEntry {
  /** The route whose router and middlewares the entry takes: the stream's GET route. */
  route: RegisteredRoute;
  /** The statement the entry takes the place of (`--modern-only`) or goes after (beside the kept routes). */
  at: ts.Node;
  /** The entry's path argument, in the file's quotes (the route's own when it was /mcp). */
  path: string;
  /** The server factory handed to `createMcpHandler`. */
  factory: string;
  /** The names the entry's code uses (the factory's, the middlewares'): their declarations stay. */
  names: string[];
  /** Whether a body parser ran before the routes (one hands `req.body` on): the entry must be handed the body. */
  parsedBody: boolean;
  /** Statements that go with the routes replaced by the entry: a server built once for them alone (`const server = createMcpServer()`). */
  alsoGoes: ts.Node[];
  /**
   * The module the entry is written in when it is not the handlers' own: the one whose routes mounted the exported
   * handlers (`router.get('/sse', auth, handleSse)`), with the imports the entry's factory needs there.
   */
  elsewhere?: { sf: ts.SourceFile; imports: ReadonlyArray<{ module: string; name: string }> };
}

/**
 * The entry for the endpoint whose code is `going` (route statements and handler functions), or why not:
 * in place of its stream route (`replace`, the endpoint goes), or after its last route (`beside`, it stays).
 * `mountedElsewhere`: the route statements of other modules mounting its handlers (not written there: said why).
 */
export function sseReplacementEntry(site: ServingSite, going: readonly ts.Node[], placement: 'replace' | 'beside' = 'replace', mountedElsewhere: readonly ts.Node[] = []): SseReplacementEntry | string {
  const { sf, result } = site;
  const values = result.analysis.values;
  // Planned from one file (a jscodeshift entry run alone), another file of the project may already serve /mcp.
  if (site.options.standalone) return 'planned from this one file: another file of the project may already serve Streamable HTTP';
  const handlerRoutes = routesOf(sf, values).filter((r): r is RegisteredRoute => !!r.call);
  const handlerGone = handlerRoutes.filter((r) => going.some((g) => isInside(r.call, g)));
  // Exported handlers mounted by another module (`router.get('/sse', auth, handleSse)` in routes/index.ts): the entry
  // takes the place of the stream route there, and imports the factory (entryImports).
  const mounting = handlerGone.length === 0 && mountedElsewhere.length > 0 ? [...new Set(mountedElsewhere.map((n) => n.getSourceFile()))] : [];
  if (mounting.length > 1) return `its routes are in ${mounting.map((m) => `\`${result.relative(m.fileName)}\``).join(', ')}, and one entry would have to pick one of those modules`;
  const home = mounting[0] ?? sf;
  const clash = entryNameClash(home);
  if (clash) return clash;
  const servedThere = home === sf ? undefined : servesMcpItself(site, home);
  if (servedThere) return `its routes are in \`${result.relative(home.fileName)}\`, which serves MCP itself (${servedThere}): the entry is not written beside that`;
  const routes = home === sf ? handlerRoutes : routesOf(home, values).filter((r): r is RegisteredRoute => !!r.call);
  const gone = home === sf ? handlerGone : routes.filter((r) => mountedElsewhere.some((g) => isInside(r.call, g)));
  if (gone.length === 0) return 'its routes were not found as registrations on a router (`app.get(path, handler)`)';
  const other = gone.find((r) => r.framework !== 'express');
  if (other) return `its routes are registered on ${other.framework}, where the entry is not written automatically`;
  // `app.route('/sse').get(auth, handler)`: the path is not the first argument, and the chain's root is the router.
  if (gone.some((r) => r.path === undefined || ts.isCallExpression(unwrap(calleeParts(r.call).receiver ?? r.call)))) return 'its routes do not name their path as their first argument (`app.get(path, …)`)';
  const middlewares = (r: RegisteredRoute) => r.call.arguments.slice(1, -1).map((a) => a.getText(home)).join(', ');
  if (new Set(gone.map(middlewares)).size > 1) return 'its routes run different middlewares, and the one entry would have to choose';
  // A route in the other branch of the choice between this endpoint and another (`if (mode === 'sse') … else …`) never runs beside the entry.
  // Middleware mounted by path on the routes' router (`router.use(['/sse', '/messages'], requireApiKey)`): it guards
  // the SSE paths, not the entry's (sweep 33 review V1).
  const scoped = pathScopedMiddleware(home, gone);
  if (scoped) return `its routes are guarded by middleware mounted on their paths (\`${scoped}\`), which would not run in front of the entry on ${ENTRY_PATH}`;
  const taken = routes.find((r) => (placement === 'beside' || !gone.includes(r)) && r.path === ENTRY_PATH && !gone.every((g) => inExclusiveBranches(r.call, g.call)));
  if (taken) return `a route that stays already answers ${ENTRY_PATH} (\`${taken.call.expression.getText(home)}('${ENTRY_PATH}', …)\`)`;
  // The stream opener: the GET route on /mcp when the endpoint had one (its path is kept), else the first GET.
  const gets = gone.filter((r) => r.method === 'get');
  const route = gets.find((r) => r.path === ENTRY_PATH) ?? gets[0] ?? gone[0]!;
  // Beside the kept routes: after the last of them, all in one block (the entry is registered with them).
  const statements = gone.map((r) => statementOf(r.call)).sort((a, b) => a.getStart(home) - b.getStart(home));
  if (placement === 'beside' && statements.some((s) => s.parent !== statements[0]!.parent)) return 'its routes are registered in different blocks, and the entry would have to pick one';
  const at = placement === 'beside' ? statements[statements.length - 1]! : statementOf(route.call);
  // One factory for every stream the endpoint opens: two servers behind one endpoint would need two entries.
  const factories = new Map<string, { expression: string; names: string[]; keepInstance?: () => void }>();
  const alsoGoes: ts.Node[] = [];
  for (const created of sseTransportsIn(site, going)) {
    const scope = outermostFunctionIn(created, going) ?? created.parent;
    const factory = site.factoryOf(scope, created);
    if (typeof factory !== 'string') {
      factories.set(factory.expression, factory);
      continue;
    }
    const shared = sharedServerFactory(site, scope, going);
    if (!shared) return `its server is not built by a factory the entry can call (${factory.replace(/\.$/, '')})`;
    factories.set(shared.expression, shared);
    if (shared.declaration && placement === 'replace' && !alsoGoes.includes(shared.declaration)) alsoGoes.push(shared.declaration);
  }
  if (factories.size === 0) return 'the SSE transport it creates was not found';
  if (factories.size > 1) return `its streams are served by ${factories.size} different servers (${[...factories.keys()].map((f) => `\`${f}\``).join(', ')}), and one entry would serve only one of them`;
  const factory = [...factories.values()][0]!;
  // Kept beside the entry, the SSE routes still connect the one server the factory was extracted from: it stays, built by the factory.
  if (placement === 'beside') factory.keepInstance?.();
  const imports = home === sf ? [] : entryImports(site, home, factory.names);
  if (typeof imports === 'string') return imports;
  // The names the entry's call reads (a factory's `names` also hold the plumbing its rewrite removes: the server it replaces).
  const called = factory.names.filter((name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(factory.expression));
  const late = home === sf ? called.find((name) => declaredLater(sf, name, at.getStart(sf))) : undefined;
  if (late) return `the factory \`${late}\` is declared or assigned after the route, and the entry calls it ${placement === 'beside' ? 'after the routes' : 'where the route was'}`;
  const keepsPath = route.path === ENTRY_PATH && placement === 'replace';
  const path = keepsPath ? route.call.arguments[0]!.getText(home) : `${quoteOf(home.text)}${ENTRY_PATH}${quoteOf(home.text)}`;
  const names = [...factory.names];
  const collect = (n: ts.Node) => void (ts.isIdentifier(n) && names.push(n.text));
  for (const arg of route.call.arguments.slice(keepsPath ? 0 : 1, -1)) {
    collect(arg);
    forEachDescendant(arg, collect);
  }
  // Mounted elsewhere, the routes name the handlers: whether the body was parsed shows in the handlers (`handlePostMessage(req, res, req.body)`).
  const parsedBody = home === sf ? gone.some((r) => handsParsedBody(r.call)) : going.some((g) => handsParsedBody(g));
  return { route, at, path, factory: factory.expression, names, parsedBody, alsoGoes, ...(home === sf ? {} : { elsewhere: { sf: home, imports } }) };
}

/** A `use(path, …)` call on the routes' router whose path is one of theirs (or a prefix of one), as written. */
function pathScopedMiddleware(sf: ts.SourceFile, gone: readonly RegisteredRoute[]): string | undefined {
  const receivers = new Set(gone.map((r) => calleeParts(r.call).receiver?.getText(sf)));
  const paths = gone.map((r) => r.path).filter((p): p is string => !!p);
  const covers = (path: string) => paths.some((p) => p === path || p.startsWith(path.endsWith('/') ? path : `${path}/`));
  let found: string | undefined;
  forEachDescendant(sf, (node) => {
    if (found || !ts.isCallExpression(node) || calleeParts(node).name !== 'use' || !receivers.has(calleeParts(node).receiver?.getText(sf))) return;
    const first = node.arguments[0] && unwrap(node.arguments[0]);
    if (!first) return;
    const literals = ts.isArrayLiteralExpression(first) ? first.elements.map(unwrap) : [first];
    const matched = literals.some((l) => (ts.isStringLiteralLike(l) && covers(l.text)) || ts.isRegularExpressionLiteral(l));
    if (matched) found = node.getText(sf).replace(/\s+/g, ' ').slice(0, 80);
  });
  return found;
}


/**
 * What makes the module mounting the handlers an MCP endpoint of its own (an SDK transport it constructs, a
 * `createMcpHandler` call), said for the reason; undefined when it has none: then the entry goes there.
 */
function servesMcpItself(site: ServingSite, mounting: ts.SourceFile): string | undefined {
  const { sdk } = site.result.analysis;
  let found: string | undefined;
  forEachDescendant(mounting, (node) => {
    if (found || !(ts.isNewExpression(node) || ts.isCallExpression(node))) return;
    const name = sdk.exportOf(node.expression)?.name ?? '';
    if (ts.isNewExpression(node) && /Transport$/.test(name)) found = `\`new ${name}(…)\``;
    else if (ts.isCallExpression(node) && name === HTTP_HANDLER_FUNCTION) found = `\`${HTTP_HANDLER_FUNCTION}(…)\``;
  });
  return found;
}

/**
 * The imports the entry needs in the mounting module `mounting` for the factory's names, which the handlers' module
 * binds: an import there (`import { createServer } from '../mcp.js'`, re-pointed from the mounting module) or an
 * exported declaration of it (imported from the handlers' module, as the mounting module already imports the handlers).
 * Anything else (a declaration the module does not export, a default or namespace import, a name the mounting module
 * already binds) is a reason.
 */
function entryImports(site: ServingSite, mounting: ts.SourceFile, names: readonly string[]): Array<{ module: string; name: string }> | string {
  const { sf, result } = site;
  const out: Array<{ module: string; name: string }> = [];
  const where = `\`${result.relative(mounting.fileName)}\``;
  for (const name of [...new Set(names)]) {
    const imported = namedImportOf(sf, name);
    const there = namedImportOf(mounting, name);
    // Already imported there from the same module (the routes' module imports the factory too): nothing to add.
    if (there && imported && sameModule(mounting, there, sf, imported)) continue;
    if (there && !imported && importSpecifierOf(site, mounting, sf) === there) continue;
    if (topLevelNames(mounting).has(name)) return `the entry would call the factory \`${name}\` in ${where}, which already has a name \`${name}\` of its own`;
    if (imported === null) return `the factory \`${name}\` is imported into the module of its handlers in a way the entry cannot repeat in ${where} (a default, namespace, aliased or type-only import)`;
    if (imported) {
      out.push({ module: imported.startsWith('.') ? respecified(sf, mounting, imported) : imported, name });
      continue;
    }
    const declaration = sf.statements.find((s) => (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name?.text === name) ?? sf.statements.find((s) => ts.isVariableStatement(s) && s.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name));
    if (!declaration) return `the factory \`${name}\` is not a top-level name of the module of its handlers, so ${where} cannot import it`;
    const exported = ts.getModifiers(declaration as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) && !ts.getModifiers(declaration as ts.HasModifiers)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
    if (!exported) return `the factory \`${name}\` is declared in the module of its handlers without \`export\`, so ${where} cannot import it: export it, then run apply again`;
    const specifier = importSpecifierOf(site, mounting, sf);
    if (!specifier) return `${where} does not import the module of its handlers by a path the entry can reuse for the factory \`${name}\``;
    out.push({ module: specifier, name });
  }
  return out;
}

/** Whether `a` in `fromA` and `b` in `fromB` name one module (a package by name, a relative path by where it leads). */
function sameModule(fromA: ts.SourceFile, a: string, fromB: ts.SourceFile, b: string): boolean {
  if (!a.startsWith('.') || !b.startsWith('.')) return a === b;
  const target = (from: ts.SourceFile, spec: string) => nodePath.posix.join(nodePath.posix.dirname(from.fileName.replace(/\\/g, '/')), spec).replace(/\.[cm]?[jt]sx?$/, '').replace(/\/index$/, '');
  return target(fromA, a) === target(fromB, b);
}

/** A relative specifier written in `from`, as `to` spells the same module. */
function respecified(from: ts.SourceFile, to: ts.SourceFile, specifier: string): string {
  const target = nodePath.posix.join(nodePath.posix.dirname(from.fileName.replace(/\\/g, '/')), specifier);
  const rel = nodePath.posix.relative(nodePath.posix.dirname(to.fileName.replace(/\\/g, '/')), target);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** The specifier `mounting` imports the module `target` with (the import of the handlers), when it has one. */
function importSpecifierOf(site: ServingSite, mounting: ts.SourceFile, target: ts.SourceFile): string | undefined {
  const values = site.result.analysis.values;
  for (const s of mounting.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier) || s.importClause?.isTypeOnly) continue;
    if (values.symbolOf(s.moduleSpecifier)?.valueDeclaration === target) return s.moduleSpecifier.text;
  }
  return undefined;
}

/** Whether the route hands a parsed body on (`transport.handlePostMessage(req, res, req.body)`): a body parser ran before it. */
function handsParsedBody(call: ts.Node): boolean {
  let hands = false;
  forEachDescendant(call, (node) => {
    if (hands || !ts.isCallExpression(node) || node.arguments.length !== 3) return;
    const body = unwrap(node.arguments[2]!);
    hands = ts.isPropertyAccessExpression(body) && body.name.text === 'body';
  });
  return hands;
}

/**
 * The factory of a server built once outside the routes and only ever connected by them (mobile-next/mobile-mcp:
 * `const server = createMcpServer()` at the top of `startSseServer`, `server.connect(transport)` in its GET route):
 * `createMcpServer`, which the entry calls per request instead. Only a call of a declared function with no argument,
 * whose result nothing but the endpoint's `connect` calls uses (a registration added to it afterwards would be missing
 * from the servers the factory builds).
 */
function sharedServerFactory(site: ServingSite, scope: ts.Node, going: readonly ts.Node[]): { expression: string; names: string[]; declaration?: ts.Node } | undefined {
  const { sf } = site;
  const values = site.result.analysis.values;
  let receiver: ts.Identifier | undefined;
  forEachDescendant(scope, (node) => {
    if (receiver || !ts.isCallExpression(node) || calleeParts(node).name !== CONNECT_METHOD || node.arguments.length !== 1) return;
    const r = calleeParts(node).receiver;
    if (r && ts.isIdentifier(unwrap(r))) receiver = unwrap(r) as ts.Identifier;
  });
  if (!receiver) return undefined;
  const symbol = values.symbolOf(receiver);
  const decl = symbol?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || going.some((g) => isInside(decl, g))) return undefined;
  if (!ts.isVariableDeclarationList(decl.parent) || !(decl.parent.flags & ts.NodeFlags.Const)) return undefined;
  const init = unwrap(decl.initializer);
  if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.arguments.length !== 0) return undefined;
  const fn = values.symbolOf(init.expression)?.valueDeclaration;
  if (!fn || !(ts.isFunctionDeclaration(fn) || (ts.isVariableDeclaration(fn) && fn.initializer && isFunctionLike(unwrap(fn.initializer))) || ts.isImportSpecifier(fn))) return undefined;
  const onlyConnected = referencesByName(sf, receiver.text).every((node) => {
    if (node === decl.name || values.symbolOf(node) !== symbol) return true;
    const call = node.parent.parent;
    const connects = ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node && node.parent.name.text === CONNECT_METHOD && call && ts.isCallExpression(call) && call.expression === node.parent;
    return connects && going.some((g) => isInside(node, g));
  });
  if (!onlyConnected) return undefined;
  // Its statement goes with the routes when it declares the server alone (nothing else connects it then).
  const statement = decl.parent.parent;
  const declaration = ts.isVariableStatement(statement) && decl.parent.declarations.length === 1 ? statement : undefined;
  return { expression: init.expression.text, names: [init.expression.text], ...(declaration ? { declaration } : {}) };
}

/** Every `new SSEServerTransport(…)` inside the code that goes. */
function sseTransportsIn(site: ServingSite, going: readonly ts.Node[]): ts.NewExpression[] {
  const { sdk } = site.result.analysis;
  const found: ts.NewExpression[] = [];
  for (const part of going) {
    forEachDescendant(part, (node) => {
      if (ts.isNewExpression(node) && SSE_TRANSPORTS.has(sdk.exportOf(node.expression)?.name ?? '')) found.push(node);
    });
  }
  return found;
}

/** The outermost function around `node` that is still inside one of `going` (the handler that opens the stream). */
function outermostFunctionIn(node: ts.Node, going: readonly ts.Node[]): ts.Node | undefined {
  let found: ts.Node | undefined;
  for (let current = node.parent; current && going.some((g) => isInside(current!, g)); current = current.parent) {
    if (isFunctionLike(current)) found = current;
  }
  return found;
}

/**
 * Whether `name` is declared (`const`, `let` or `var`) or assigned (`name = …`) in the file after `offset`: where the
 * entry runs, it would not hold the factory yet.
 */
function declaredLater(sf: ts.SourceFile, name: string, offset: number): boolean {
  let later = false;
  forEachDescendant(sf, (node) => {
    if (later || node.getStart(sf) <= offset) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) later = true;
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && node.left.text === name) later = true;
  });
  return later;
}
