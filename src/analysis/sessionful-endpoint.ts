/**
 * The sessionful endpoint a statement belongs to: the code that serves one set of MCP sessions, found
 * through the session registries it shares (analysis/session-flow.ts) and the routes that reach it, not by
 * name. `apply` leaves one marker where it decides not to rewrite such an endpoint (a gateway whose sessions
 * each own an upstream, a registry it could not replace, a server built per session); `scan` lets that marker
 * stand for the session findings of the whole endpoint, so a reviewer reads one decision instead of the
 * decision plus every session-id read, route and header under it.
 *
 * An HTTP+SSE endpoint is the one analysis/legacy-sse.ts finds (its parts, its own registries). Otherwise the
 * endpoint is the marked statement's registries (transport or session registries of this file it declares or
 * names), and, for each place that names one of them, the route around it (`app.post('/mcp', …)`), else the
 * named function around it (`const handleSessionRequest = async (…) => …`, a class method), else its own
 * statement; plus the route registrations handing such a function on (`app.get('/mcp', handleSessionRequest)`).
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, isInside, outermostWrapper, statementOf, unwrap } from './ast.js';
import { legacySseEndpoint } from './legacy-sse.js';
import { STREAMABLE_HTTP_TRANSPORTS } from './sdk-modules.js';
import type { Analysis } from './model.js';
import { enclosingRoute, routesAt, routesOf, type Route } from './routes.js';
import { handlerContextIndex } from './handler-registrations.js';

/** The statements (route registrations, function declarations, registry declarations) of the endpoint `statement` is part of; empty when it serves none. */
export function sessionfulEndpointParts(analysis: Analysis, sf: ts.SourceFile, statement: ts.Node): ts.Node[] {
  const sse = legacySseEndpoint(analysis, sf);
  if (sse && (isInside(sse.anchor, statement) || isInside(statement, sse.anchor))) {
    return [...sse.parts, ...sse.registries.flatMap((r) => (r.declaration ? [r.declaration] : []))];
  }
  const parts = new Set<ts.Node>();
  for (const declaration of registriesOf(analysis, sf, statement)) {
    parts.add(statementOf(declaration));
    for (const ref of referencesTo(analysis, sf, declaration)) parts.add(partAround(analysis, ref));
  }
  // A statement in a helper of the serving code (`createNewTransport()` creating the transport the routes
  // use): the helper, and the code of its class or the routes that call it.
  const routes = routesOf(sf, analysis.values);
  const helper = partAround(analysis, statement);
  if (helper !== statementOf(statement) && (servesRoute(analysis, sf, helper, routes, 4) || createsStreamableTransport(analysis, helper))) parts.add(helper);
  if (parts.size === 0) return [];
  for (let grew = true; grew; ) {
    grew = false;
    const add = (part: ts.Node) => {
      if (parts.has(part) || [...parts].some((p) => isInside(part, p))) return;
      parts.add(part);
      grew = true;
    };
    // Route registrations that hand a part's function on by name serve the same sessions, and so do the other
    // methods registered on a part's router and path (the GET and DELETE beside a marked POST /mcp).
    for (const route of routes) {
      if (route.call && route.handlers.some((h) => [...parts].some((p) => isInside(h, p)))) add(statementOf(route.call));
      if (route.call && routes.some((r) => r !== route && r.call && parts.has(statementOf(r.call)) && sameRouterAndPath(analysis, r, route))) add(statementOf(route.call));
    }
    // Methods of the same class that only the endpoint's code calls (`this.handleSessionCleanup(req, res)` from the
    // route handler): the endpoint's code too.
    for (const part of [...parts]) {
      const cls = ts.findAncestor(part.parent, ts.isClassLike);
      if (!cls) continue;
      forEachDescendant(part, (node) => {
        if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.expression.kind !== ts.SyntaxKind.ThisKeyword) return;
        const method = cls.members.find((m) => ts.isMethodDeclaration(m) && analysis.values.symbolOf((node.expression as ts.PropertyAccessExpression).name)?.valueDeclaration === m);
        if (method && referencesTo(analysis, sf, method).every((ref) => [...parts].some((p) => isInside(ref, p)))) add(method);
      });
    }
    // Callers of a part's function: a route around the call, or a member of the same class.
    for (const part of [...parts]) {
      const named = declaredName(part);
      const cls = ts.findAncestor(part.parent, ts.isClassLike);
      for (const ref of named ? referencesTo(analysis, sf, named) : []) {
        const caller = partAround(analysis, ref);
        if (isRouteStatement(caller, routes) || (cls && isInside(caller, cls))) add(caller);
      }
    }
  }
  // The registries of this file the endpoint's code names (the set of session ids its routes check): their declarations.
  for (const store of analysis.sessions.stores.values()) {
    if ((store.kind !== 'transport' && store.kind !== 'session') || !store.declaration || store.declaration.getSourceFile() !== sf) continue;
    const declaration = store.declaration;
    if (referencesTo(analysis, sf, declaration).some((ref) => [...parts].some((p) => isInside(ref, p)))) parts.add(statementOf(declaration));
  }
  // Nested parts are their outer part.
  const all = [...parts];
  return all.filter((p) => !all.some((o) => o !== p && isInside(p, o)));
}

/**
 * The route registrations of other files that serve the endpoint made of `parts` (of `sf`): those handing one
 * of its functions on by name (`router.post('/mcp', handleStreamableHTTP)` in the module that imports the
 * handler), and the other methods on their router and path.
 */
export function endpointRoutesElsewhere(analysis: Analysis, sf: ts.SourceFile, parts: readonly ts.Node[], files: readonly ts.SourceFile[]): ts.Node[] {
  const functions = parts.flatMap((part) => {
    const fn = functionOf(part);
    const name = declaredName(part);
    const id = name && (name as ts.NamedDeclaration).name;
    return fn && id && ts.isIdentifier(id) ? [{ fn, name: id.text }] : [];
  });
  if (functions.length === 0) return [];
  const out: ts.Node[] = [];
  for (const file of files) {
    if (file === sf || !functions.some((f) => file.text.includes(f.name))) continue;
    const routes = routesOf(file, analysis.values);
    const handing = routes.filter((r) => r.call && r.handlers.some((h) => functions.some((f) => h === f.fn)));
    for (const route of routes) {
      if (route.call && (handing.includes(route) || handing.some((r) => r !== route && sameRouterAndPath(analysis, r, route)))) out.push(statementOf(route.call));
    }
  }
  return [...new Set(out)];
}

/**
 * Whether two route registrations are on the same router and path: the receiver resolves to the same
 * declaration (`router.get` / `router.post`), and the paths are the same constant or, when not constant, the
 * same expression (`config.mcpHttpEndpointPath`).
 */
function sameRouterAndPath(analysis: Analysis, a: Route, b: Route): boolean {
  const ra = a.call && calleeParts(a.call).receiver;
  const rb = b.call && calleeParts(b.call).receiver;
  if (!ra || !rb) return false;
  const da = analysis.values.symbolOf(unwrap(ra))?.valueDeclaration;
  const db = analysis.values.symbolOf(unwrap(rb))?.valueDeclaration;
  if (!da || da !== db) return false;
  if (a.path !== undefined || b.path !== undefined) return a.path === b.path;
  const pa = a.call!.arguments[0];
  const pb = b.call!.arguments[0];
  return !!pa && !!pb && !isFunctionLike(unwrap(pa)) && pa.getText() === pb.getText();
}

/** The declaration a part names (`function f`, a method, `const f = …`), whose references are its callers. */
function declaredName(part: ts.Node): ts.Node | undefined {
  if (ts.isFunctionDeclaration(part) || ts.isMethodDeclaration(part) || ts.isPropertyDeclaration(part)) return part;
  if (ts.isVariableStatement(part) && part.declarationList.declarations.length === 1) return part.declarationList.declarations[0];
  return undefined;
}

/** A route registration, or a function a route hands on or calls from its handler, directly or through at most `depth` helpers of this file. */
function servesRoute(analysis: Analysis, sf: ts.SourceFile, part: ts.Node, routes: readonly Route[], depth: number): boolean {
  if (isRouteStatement(part, routes)) return true;
  const fn = functionOf(part);
  if (fn && routes.some((r) => r.handlers.includes(fn))) return true;
  const named = depth > 0 ? declaredName(part) : undefined;
  return !!named && referencesTo(analysis, sf, named).some((ref) => {
    const caller = partAround(analysis, ref);
    return caller !== part && servesRoute(analysis, sf, caller, routes, depth - 1);
  });
}

/**
 * Whether a part (a named function) creates an SDK Streamable HTTP transport: it is the serving code of the
 * endpoint, whether the routes handing it requests are in this file or in the module that imports it
 * (`router.post('/mcp', handleStreamableHTTP)` elsewhere, a `node:http` listener calling it).
 */
function createsStreamableTransport(analysis: Analysis, part: ts.Node): boolean {
  let found = false;
  forEachDescendant(part, (node) => {
    if (!found && ts.isNewExpression(node) && STREAMABLE_HTTP_TRANSPORTS.has(analysis.sdk.exportOf(node.expression)?.name ?? '')) found = true;
  });
  return found;
}

/** The function a part declares (`function f`, a method, `const f = async (…) => …`). */
function functionOf(part: ts.Node): ts.Node | undefined {
  const named = declaredName(part);
  if (named && isFunctionLike(named)) return named;
  const initializer = named && (ts.isVariableDeclaration(named) || ts.isPropertyDeclaration(named)) ? named.initializer : undefined;
  return initializer && isFunctionLike(unwrap(initializer)) ? unwrap(initializer) : undefined;
}

function isRouteStatement(node: ts.Node, routes: readonly { call?: ts.CallExpression }[]): boolean {
  return routes.some((r) => r.call && statementOf(r.call) === node);
}

/** Registries (session-keyed transport or session stores) declared in `sf` that `statement` declares or names. */
function registriesOf(analysis: Analysis, sf: ts.SourceFile, statement: ts.Node): ts.Node[] {
  const out: ts.Node[] = [];
  for (const store of analysis.sessions.stores.values()) {
    if ((store.kind !== 'transport' && store.kind !== 'session') || !store.declaration || store.declaration.getSourceFile() !== sf) continue;
    const declaration = store.declaration;
    if (isInside(declaration, statement) || referencesTo(analysis, sf, declaration).some((ref) => isInside(ref, statement))) out.push(declaration);
  }
  return out;
}

/** The identifiers of `sf` (variables, `this.field` names) that resolve to the registry declared by `declaration`. */
function referencesTo(analysis: Analysis, sf: ts.SourceFile, declaration: ts.Node): ts.Node[] {
  const name = (declaration as ts.NamedDeclaration).name;
  if (!name || !ts.isIdentifier(name) && !ts.isPrivateIdentifier(name)) return [];
  const text = name.text;
  const refs: ts.Node[] = [];
  forEachDescendant(sf, (node) => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node !== name && node.text === text && analysis.values.symbolOf(node)?.valueDeclaration === declaration) refs.push(node);
  });
  return refs;
}

/**
 * The route registration around `ref`, else the statement declaring the innermost named function around it,
 * else its own statement (also when a request handler, a tool's callback, is around it first). A function that registers routes is the setup of the server (`main()`), not a piece
 * of one endpoint: a place in it outside the routes is its own statement.
 */
function partAround(analysis: Analysis, ref: ts.Node): ts.Node {
  const route = enclosingRoute(ref, analysis.values);
  if (route?.call) return statementOf(route.call);
  for (let current: ts.Node | undefined = ref.parent; current && !ts.isSourceFile(current); current = current.parent) {
    if (!isFunctionLike(current)) continue;
    // A request handler (a tool reading the registry) serves MCP requests, not the endpoint's HTTP ones: the named
    // function around it (the server's factory) holds the application's tools, whose session findings are theirs.
    if (handlerContextIndex(analysis.values, current)) break;
    const declaring = namedDeclaration(current);
    if (!declaring) continue;
    if (registersRoutes(analysis, declaring, current)) break;
    return declaring;
  }
  return statementOf(ref);
}

/** Whether `node` registers routes (a `handleRequest` dispatch answering for `fn` itself, a `node:http` helper's, is not a registration). */
function registersRoutes(analysis: Analysis, node: ts.Node, fn: ts.Node): boolean {
  let found = false;
  forEachDescendant(node, (n) => {
    if (!found && ts.isCallExpression(n) && routesAt(n, analysis.values).some((r) => r.call === n && !r.handlers.includes(fn))) found = true;
  });
  return found;
}

/** `function f() {}`, a method, or `const f = () => …`: the declaration that names `fn`. */
function namedDeclaration(fn: ts.FunctionLikeDeclaration): ts.Node | undefined {
  if (ts.isFunctionDeclaration(fn) && fn.name) return fn;
  if (ts.isMethodDeclaration(fn) || ts.isConstructorDeclaration(fn) || ts.isGetAccessorDeclaration(fn) || ts.isSetAccessorDeclaration(fn)) return fn;
  const holder = outermostWrapper(fn).parent;
  if (holder && (ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder))) return statementOf(holder);
  return undefined;
}
