/**
 * `--modern-only` on a project whose only MCP endpoint is HTTP+SSE. Removing the endpoint alone would leave an
 * HTTP server that serves no MCP at all, so the route that opened the streams becomes the 2026-07-28 entry in
 * its place: `createMcpHandler(factory, { legacy: 'reject' })` mounted with `all('/mcp', …)`, behind the same
 * middlewares (its auth), serving the servers the SSE transport was connected to (the same factory).
 *
 * Anything that makes the entry a guess is a reason, returned for the note (the endpoint still goes, as
 * `--modern-only` asks): routes that are not express registrations, routes with different middlewares, a route
 * that stays on /mcp, a server not built by a factory, or a factory declared after the route.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isFunctionLike, isInside, statementOf } from '../../analysis/ast.js';
import { routesOf, type Route } from '../../analysis/routes.js';
import { SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import type { ServingSite } from './serving-site-view.js';

const ENTRY_PATH = '/mcp';

type RegisteredRoute = Route & { call: ts.CallExpression };

export interface SseReplacementEntry {
  /** The route whose statement the entry takes the place of. */
  route: RegisteredRoute;
  /** The entry's path argument, in the file's quotes (the route's own when it was /mcp). */
  path: string;
  /** The server factory handed to `createMcpHandler`. */
  factory: string;
  /** The names the entry's code uses (the factory's, the middlewares'): their declarations stay. */
  names: string[];
}

/** The entry that replaces the endpoint whose code is `going` (route statements and handler functions), or why not. */
export function sseReplacementEntry(site: ServingSite, going: readonly ts.Node[]): SseReplacementEntry | string {
  const { sf, result } = site;
  const values = result.analysis.values;
  const routes = routesOf(sf, values).filter((r): r is RegisteredRoute => !!r.call);
  const gone = routes.filter((r) => going.some((g) => isInside(r.call, g)));
  if (gone.length === 0) return 'its routes are not registrations on a router (`app.get(path, handler)`)';
  const other = gone.find((r) => r.framework !== 'express');
  if (other) return `its routes are registered on ${other.framework}, where the entry is not written automatically`;
  const middlewares = (r: RegisteredRoute) => r.call.arguments.slice(1, -1).map((a) => a.getText(sf)).join(', ');
  if (new Set(gone.map(middlewares)).size > 1) return 'its routes run different middlewares, and the one entry would have to choose';
  const taken = routes.find((r) => !gone.includes(r) && r.path === ENTRY_PATH);
  if (taken) return `a route that stays already answers ${ENTRY_PATH} (line ${sf.getLineAndCharacterOfPosition(taken.call.getStart(sf)).line + 1})`;
  // The stream opener: the GET route on /mcp when the endpoint had one (its path is kept), else the first GET.
  const gets = gone.filter((r) => r.method === 'get');
  const route = gets.find((r) => r.path === ENTRY_PATH) ?? gets[0] ?? gone[0]!;
  const created = sseTransportIn(site, going);
  if (!created) return 'the SSE transport it creates was not found';
  const scope = outermostFunctionIn(created, going) ?? created.parent;
  const factory = site.factoryOf(scope, created);
  if (typeof factory === 'string') return `its server is not built by a factory the entry can call (${factory.replace(/\.$/, '')})`;
  const routeStart = statementOf(route.call).getStart(sf);
  const late = factory.names.find((name) => declaredLater(sf, name, routeStart));
  if (late) return `the factory \`${late}\` is declared after the route, and the entry calls it where the route was`;
  const path = route.path === ENTRY_PATH ? route.call.arguments[0]!.getText(sf) : site.q(ENTRY_PATH);
  const names = [...factory.names];
  const collect = (n: ts.Node) => void (ts.isIdentifier(n) && names.push(n.text));
  for (const arg of route.call.arguments.slice(0, -1)) {
    collect(arg);
    forEachDescendant(arg, collect);
  }
  return { route, path, factory: factory.expression, names };
}

/** The first `new SSEServerTransport(…)` inside the code that goes. */
function sseTransportIn(site: ServingSite, going: readonly ts.Node[]): ts.NewExpression | undefined {
  const { sdk } = site.result.analysis;
  let found: ts.NewExpression | undefined;
  for (const part of going) {
    forEachDescendant(part, (node) => {
      if (!found && ts.isNewExpression(node) && SSE_TRANSPORTS.has(sdk.exportOf(node.expression)?.name ?? '')) found = node;
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

/** Whether `name` is a `const`/`let` of the file declared after `offset` (not yet initialised where the entry runs). */
function declaredLater(sf: ts.SourceFile, name: string, offset: number): boolean {
  let later = false;
  forEachDescendant(sf, (node) => {
    if (later || !ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || node.name.text !== name) return;
    const list = node.parent;
    later = node.getStart(sf) > offset && ts.isVariableDeclarationList(list) && (list.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let)) !== 0;
  });
  return later;
}
