/**
 * `stateless-serving`: sessionful serving becomes stateless serving.
 *
 * - Streamable HTTP on express or plain node:http (transport registry, `isInitializeRequest` routing, `mcp-session-id`
 *   reads, `onsession*` registry bookkeeping, GET/DELETE session routes, `eventStore`), and the v1
 *   stateless idiom (a `sessionIdGenerator: undefined` transport and a server per POST):
 *   - `--target 2026-07-28`: `createMcpHandler(factory)` mounted with `toNodeHandler` on `app.all`;
 *     the factory is the function the route built its server with;
 *   - `--target stateless-v1`: SDK 1.x, a new server and a `sessionIdGenerator: undefined` transport
 *     per POST; GET/DELETE answer 405.
 * - The same serving written as a class (class-routes.ts): handler methods or function fields mounted with
 *   `this.app.post('/mcp', this.handlePost)` (or `.bind(this)`), the registry a field, the server from a
 *   function or `this.createServer()`; the methods, their self-binding and the field go with the routes.
 * - `server.connect(new StdioServerTransport())` → `serveStdio(factory)` (2026-07-28 only); a server
 *   built at module level is extracted into a factory function.
 * A file the sdk-v2 step left on SDK 1.x serves Streamable HTTP in the SDK 1.x idiom on either target (left-on-v1.ts).
 * By default the SDK's legacy modes keep serving 2025-era clients; `--modern-only` passes
 * `legacy: 'reject'`. What cannot be rewritten safely (custom routing logic, custom session
 * lifecycle work, servers built as bundles, SSE, CORS naming the session header, other routers)
 * gets a marker with the replacement, never half a rewrite.
 *
 * This file is the order of the steps and the choice of shape; each file's plan is built in a ServingFile
 * (serving-file.ts: edits, markers, all-or-nothing `attempt`). The shapes: route-endpoint.ts (a router's
 * route), mounted-dispatcher.ts (one handler on several methods), node-http.ts and routing-helper.ts (plain
 * `node:http`), session-registry.ts (a helper a registry keeps), stdio.ts; what they share: eligibility.ts (what
 * is plumbing), server-factory.ts, entry-code.ts and stateless-v1-code.ts (the code each target writes),
 * http-refusals.ts and session-header-markers.ts (what is marked instead).
 */
import { ts } from '../../typescript.js';
import { finishElsewhereRemovals } from './elsewhere-removals.js';
import { enclosingFunction, forEachDescendant, isInside, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { enclosingRoute, mountsOf, type Route } from '../../analysis/routes.js';
import { SSE_TRANSPORTS, STDIO_TRANSPORTS, STREAMABLE_HTTP_TRANSPORTS } from '../../analysis/sdk-modules.js';
import type { TransformPlan } from '../kit/plan.js';
import { RULE_ID } from '../../rule-ids.js';
import { memberMountedOnlyBy, memberRoute } from './class-routes.js';
import { planCorsSessionHeader, servesStatelessOnly } from './cors-session-header.js';
import { isStatelessIdiom, mintsNoSessionIds } from './eligibility.js';
import { declareEntryPackages, dropUnusedLegacyPackage } from './entry-packages.js';
import { planEraModernOnly } from './era-modern-only.js';
import { eraRouting, eraRoutingAdvice } from './era-routing.js';
import { planFactorySplits } from './factory-split.js';
import { ModuleFactories } from './module-factories.js';
import { planFrameworkSse } from './framework-sse.js';
import { refuseGateway, unrecognisedPlace } from './http-refusals.js';
import { planExportedDispatcher } from './exported-dispatcher.js';
import { httpServingOptions, leftOnSdkV1, stdioLeftOnV1Note } from './left-on-v1.js';
import { markOwnSseTransports, planLegacySse } from './legacy-sse.js';
import { planMountedDispatcher } from './mounted-dispatcher.js';
import { planNodeHttp, planStatelessListener } from './node-http.js';
import { AdvisedRefusal, CannotRewrite } from './refusal.js';
import { createdTransportClass } from '../../analysis/transport-classes.js';
import { registryRemovals } from './registries.js';
import { planRouteEndpoint, type RegisteredRoute } from './route-endpoint.js';
import { ServingFile, type ServingOptions } from './serving-file.js';
import { servingSite } from './serving-site.js';
import { rewriteHelperRegistry } from './session-registry.js';
import { markCors, markCorsOfKeptSessions, markSessionHeaderMinting } from './session-header-markers.js';
import { planStdio } from './stdio.js';
import { mergeAdjacentRemovals, referencesByName } from './text.js';

export function planServing(result: AnalysisResult, options: ServingOptions): TransformPlan {
  return planServingKeeping(result, options).plan;
}

/** Where an endpoint stays sessionful after the serving plan (it is marked instead of rewritten). */
export interface KeptSession {
  file: string;
  line: number;
}

/**
 * The serving plan and the endpoints it leaves sessionful. Another transform that depends on how the program will be
 * served (a log sent outside any request still reaches a 2025-era client on a sessionful Streamable HTTP connection)
 * asks this rather than guessing from the transports alone.
 */
export function planServingKeeping(result: AnalysisResult, options: ServingOptions): { plan: TransformPlan; keptSessions: KeptSession[] } {
  const plan: TransformPlan = { edits: [], newFiles: new Map(), markers: [], notes: [] };
  // On 2026-07-28 a factory returning { server, cleanup } is split first, so the entries can take it.
  const splits = options.target === '2026-07-28' ? planFactorySplits(result) : [];
  for (const split of splits) plan.notes!.push(...split.notes);
  // A project that mints no session id anywhere has its CORS lists edited once, project-wide (planCorsSessionHeader).
  const corsProjectWide = servesStatelessOnly(result);
  const files = result.sourceFiles.map((sf) => new ServingFile(result, sf, options, plan, splits));
  // A route whose server is built in a module of its own turns that module's server into a factory (imported-server.ts).
  const moduleFactories = new ModuleFactories(new Map(files.map((f) => [f.sf, f])));
  for (const file of files) file.moduleFactories = moduleFactories;
  for (const file of files) planFile(file, corsProjectWide);
  plan.edits.push(...moduleFactories.edits);
  // Routes of other modules that mounted removed HTTP+SSE handlers, once every endpoint is planned (elsewhere-removals.ts).
  finishElsewhereRemovals(plan);
  // Sessions this run keeps (an endpoint it marked instead of rewriting): the CORS lists of the other files (a
  // router mounting the endpoint, the app's CORS set-up) keep naming Mcp-Session-Id for it, with a marker.
  const kept = files.filter((f) => f.keptSessions.length > 0);
  if (!corsProjectWide && kept.length > 0) {
    const where = kept.flatMap((f) => f.keptSessions).slice(0, 3);
    for (const file of files) if (!file.servesHttp) markCorsOfKeptSessions(file, where);
  }
  planFrameworkSse(result, options, plan);
  // Modern clients reach the project only where no file stays on SDK 1.x.
  planCorsSessionHeader(result, plan, options.target !== 'stateless-v1' && !result.sourceFiles.some((sf) => leftOnSdkV1(sf, options)));
  declareEntryPackages(plan);
  dropUnusedLegacyPackage(result, plan);
  // In the order of the files and lines they are on (the CORS markers of a second pass come between the others).
  plan.markers.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { plan, keptSessions: files.flatMap((f) => f.keptSessions) };
}

/**
 * One file: its HTTP+SSE endpoints, its Streamable HTTP endpoints (one rewrite per route), its CORS lists, then its
 * stdio serving and its part of the factory splits. The file's edits reach the plan only when something was rewritten.
 */
function planFile(file: ServingFile, corsProjectWide: boolean): void {
  const { http, stdio, sse } = transportsMadeIn(file);
  const byRoute = new Map<ts.Node | undefined, ts.NewExpression[]>();
  for (const node of http) {
    const route = enclosingRoute(node, file.values);
    const key = route?.call ?? route?.node;
    byRoute.set(key, [...(byRoute.get(key) ?? []), node]);
  }
  file.servesHttp = http.length > 0;
  let rewrote = sse.length > 0 && planLegacySse(servingSite(file), http);
  markOwnSseTransports(servingSite(file));
  let httpRewritten = 0;
  // A file the sdk-v2 step left on SDK 1.x serves Streamable HTTP in SDK 1.x's idiom: its sessionful serving is planned so
  // (serving already in that idiom keeps the advice for its move to SDK v2, as before).
  const httpOptions = httpServingOptions(file.sf, file.requested);
  for (const [, transports] of byRoute) {
    const idiom = isStatelessIdiom(file, transports);
    file.options = idiom ? file.requested : httpOptions;
    file.v1Idiom = idiom && httpOptions !== file.requested;
    const done = file.attempt(() => planHttp(file, transports));
    // A route already serving without sessions (a `sessionIdGenerator: undefined` transport, made per request or shared)
    // mints no id either: nothing is kept for a session there (sweep 17 Q4).
    if (done || isStatelessIdiom(file, transports) || mintsNoSessionIds(file, transports)) httpRewritten++;
    else file.keptSessions.push({ file: file.sf.fileName, line: file.line(transports[0]!) });
    rewrote = done || rewrote;
  }
  file.options = httpOptions;
  file.v1Idiom = false;
  if (http.length === 0 && sse.length === 0) markSessionHeaderMinting(file);
  if (http.length > 0 && !corsProjectWide) rewrote = markCors(file, httpRewritten === byRoute.size) || rewrote;
  for (const range of registryRemovals([...new Set(file.goneRegistries)], file.sf)) file.edit(range.start, range.end, '');
  file.options = file.requested;
  // serveStdio is SDK v2's: a file left on SDK 1.x keeps SDK 1.x's stdio connection (left-on-v1.ts).
  if (file.options.target === '2026-07-28' && stdio.length > 0 && leftOnSdkV1(file.sf, file.options)) file.plan.notes!.push(stdioLeftOnV1Note(file.relative(), file.options));
  else if (file.options.target === '2026-07-28') for (const node of stdio) rewrote = file.attempt(() => planStdio(file, node), true) || rewrote;
  rewrote = applySplits(file) || rewrote;
  if (!rewrote) return;
  removeDeadDeclarations(file);
  file.plan.edits.push(...mergeAdjacentRemovals(file.text, file.edits), ...file.imports.edits(file.replaced, file.edits.map((e) => e.text)));
}

/** The SDK transports the file constructs, by kind. */
function transportsMadeIn(file: ServingFile): { http: ts.NewExpression[]; stdio: ts.NewExpression[]; sse: ts.NewExpression[] } {
  const http: ts.NewExpression[] = [];
  const stdio: ts.NewExpression[] = [];
  const sse: ts.NewExpression[] = [];
  forEachDescendant(file.sf, (node) => {
    if (!ts.isNewExpression(node)) return;
    // A project subclass of an SDK transport counts as that transport (planHttp refuses to drop what it overrides); a
    // Streamable HTTP one that overrides no method (survey-mcp-server's class setting its own `sessionId`) is left to
    // the session markers, as before.
    const ref = createdTransportClass(file.result.analysis, node);
    if (!ref) return;
    if (ref.subclass && STREAMABLE_HTTP_TRANSPORTS.has(ref.name) && !overridesMethods(file, node)) return;
    if (STREAMABLE_HTTP_TRANSPORTS.has(ref.name)) http.push(node);
    else if (STDIO_TRANSPORTS.has(ref.name)) stdio.push(node);
    else if (SSE_TRANSPORTS.has(ref.name)) sse.push(node);
  });
  return { http, stdio, sse };
}

/** Whether the project class `created` instantiates declares methods of its own (what dropping it would lose). */
function overridesMethods(file: ServingFile, created: ts.NewExpression): boolean {
  const inner = unwrap(created.expression);
  const decl = ts.isIdentifier(inner) ? file.values.symbolOf(inner)?.valueDeclaration : undefined;
  return !!decl && ts.isClassLike(decl) && decl.members.some((m) => ts.isMethodDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m));
}

/**
 * The Streamable HTTP transports of one route: which shape of serving they are in decides the rewrite (a gateway
 * is refused first). A `node:http` listener branch, a handler mounted on several methods, a helper a registry
 * keeps, an endpoint serving both eras, or a route registered on a router.
 */
function planHttp(file: ServingFile, transports: ts.NewExpression[]): void {
  const first = transports[0]!;
  for (const transport of transports) {
    const created = createdTransportClass(file.result.analysis, transport);
    if (!created?.subclass) continue;
    throw new CannotRewrite(`the transport is \`${transport.expression.getText(file.sf)}\`, a class of this project extending the SDK's ${created.name}: what it overrides would go with it. Move that behaviour into the server or the route (logging, headers), then serve the endpoint statelessly.`, transport);
  }
  refuseGateway(file, first);
  const route = routeServing(file, first);
  try {
    planHttpOn(file, transports, route);
  } catch (error) {
    // The advice names how this endpoint's router serves the replacement (hono's web-standard request, fastify's raw pair).
    throw error instanceof CannotRewrite ? error.onRouter(route?.framework, route?.path) : error;
  }
}

function planHttpOn(file: ServingFile, transports: ts.NewExpression[], route: ReturnType<typeof routeServing>): void {
  const first = transports[0]!;
  if (route && !route.call && route.framework === 'node-http') {
    planNodeHttp(file, route, transports);
    return;
  }
  // SDK 1.x's stateless idiom straight in a node:http listener (no method branch): node-http.ts.
  if (!route && planStatelessListener(file, transports)) return;
  const dispatcher = !route?.call ? enclosingFunction(first) : undefined;
  const mounts = dispatcher && mountsOf(dispatcher, file.values);
  if (dispatcher && mounts) {
    if (memberMountedOnlyBy(dispatcher, mounts.flatMap((m) => (m.call ? [m.call] : [])), file.values)) {
      throw new CannotRewrite('the class mounts its handler method on several methods and tells them apart itself: replace the method and its routes by one stateless endpoint by hand.', mounts[0]!.call!, undefined, mounts[0]!.framework);
    }
    planMountedDispatcher(file, dispatcher, mounts, route, transports);
    return;
  }
  if (!isRegistered(route)) {
    // On SDK 1.x a helper already serving the stateless idiom (a second run over its own rewrite) is done.
    if (file.options.target === 'stateless-v1' && isStatelessIdiom(file, transports)) return;
    // Transports a helper makes and a registry keeps (qmd's node:http dispatcher): session-registry.ts.
    // An exported handler other modules mount (example-remote-server's handleStreamableHTTP): rewritten in place (exported-dispatcher.ts).
    const exported = !route && dispatcher ? planExportedDispatcher(file, dispatcher, transports) : undefined;
    if (exported === true) return;
    if (exported) throw unrecognisedPlace(file, first, exported.why, exported);
    const outcome = route ? undefined : rewriteHelperRegistry(servingSite(file), transports);
    if (outcome === true) return;
    throw unrecognisedPlace(file, first, outcome);
  }
  // Both eras on one endpoint, by the maintainer's choice: the sessionful path is the 2025-era one.
  const era = eraRouting(file.result, route.handlers.find((h) => isInside(first, h)) ?? route.call);
  if (era && file.options.modernOnly && file.options.target === '2026-07-28') {
    // No 2025-era client is served: the sessionful path goes, every request to the stateless entry (era-modern-only.ts).
    const outcome = planEraModernOnly(servingSite(file), route, route.handlers.find((h) => isInside(first, h)) ?? route.call, era.discriminator, first);
    if (outcome === true) return;
    throw new AdvisedRefusal(`${eraRoutingAdvice(era, file.options.target)} With --modern-only it is not removed automatically: ${outcome}`, first, RULE_ID.sessionIdGenerator, route.framework);
  }
  if (era) throw new AdvisedRefusal(eraRoutingAdvice(era, file.options.target), first, RULE_ID.sessionIdGenerator, route.framework);
  planRouteEndpoint(file, route, transports);
}

/** The route `transport` is made in: the registration around a method test in its inline handler, or a class's mounted handler method. */
function routeServing(file: ServingFile, transport: ts.NewExpression): Route | undefined {
  let route = enclosingRoute(transport, file.values);
  // A `req.method === 'POST'` test inside a registered route's inline handler (`app.all('/mcp', async (req, res) => …)`): the registration is the route.
  const registered = route && !route.call && route.method === 'post' ? enclosingFunction(route.node) : undefined;
  const outer = registered && enclosingRoute(registered, file.values);
  if (outer?.call && outer.handlers.includes(registered!) && (outer.method === 'all' || outer.method === 'post')) route = outer;
  // A class's handler method mounted on one route (`this.app.post('/mcp', this.handlePost)`): that route.
  if (!route?.call) route = memberRoute(transport, file.values) ?? route;
  return route;
}

function isRegistered(route: Route | undefined): route is RegisteredRoute {
  return !!route?.call;
}

/**
 * This file's part of the factory splits: what the serving rewrite replaced already (the destructuring
 * in a route it rewrote) is not edited twice; the cleanup is imported where a call of it remains.
 */
function applySplits(file: ServingFile): boolean {
  let applied = false;
  for (const split of file.splits) {
    const mine = split.files.get(file.sf.fileName);
    if (!mine) continue;
    const overlaps = (e: { start: number; end: number }) => file.replaced.some((r) => e.start < r.end && r.start < e.end);
    const kept = mine.edits.filter((e) => !overlaps(e));
    // A cleanup call inside the sessionful code the entry replaced ran when a session closed: no session closes now.
    for (const e of mine.edits.filter((edit) => edit.usesCleanup && overlaps(edit))) {
      file.plan.notes!.push(`serving: ${file.relative()}:${file.sf.getLineAndCharacterOfPosition(e.start).line + 1} — the session cleanup called here when a session closed is no longer called: a stateless entry has no session to close (state kept per session needs a handle, with expiry)`);
    }
    for (const e of kept) file.edit(e.start, e.end, e.text);
    for (const m of mine.markers) file.marker(m.node, m.ruleId, m.message);
    if (mine.importFrom && kept.some((e) => e.usesCleanup)) file.imports.add(mine.importFrom, split.cleanupName);
    applied = applied || kept.length > 0;
  }
  return applied;
}

/**
 * Top-level classes and functions of this file that only the replaced code used (a local
 * `InMemoryEventStore` passed as `eventStore`, a session-id helper) go with it.
 */
function removeDeadDeclarations(file: ServingFile): void {
  const generated = new Set(file.edits.flatMap((e) => e.text.match(/[A-Za-z_$][\w$]*/g) ?? []));
  for (const statement of file.sf.statements) {
    if (!(ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) || !statement.name) continue;
    if (ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    if (file.isReplaced(statement)) continue;
    const name = statement.name.text;
    if (generated.has(name)) continue;
    const refs = referencesByName(file.sf, name).filter((r) => !isInside(r, statement));
    if (refs.length === 0 || !refs.every((r) => file.isReplaced(r))) continue;
    file.remove(statement);
    file.plan.notes!.push(`serving: ${file.relative()} — removed \`${name}\`, used only by the sessionful serving code`);
  }
}

