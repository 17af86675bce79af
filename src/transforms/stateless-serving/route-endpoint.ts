/**
 * A Streamable HTTP endpoint registered on a router (`app.post('/mcp', handler)` on express, hono or fastify), with
 * its GET/DELETE session routes on the same path: on 2026-07-28 the routes become one `all` route serving
 * `createMcpHandler(factory)`; on `--target stateless-v1` the POST handler builds a server and a transport per
 * request and the session routes answer 405. What goes with the sessions goes too: the registries, the handlers
 * only those routes use, the shutdown loops over the registries.
 */
import { RULE_ID } from '../../rule-ids.js';
import { ts } from '../../typescript.js';
import { statementEnd } from '../kit/removal-range.js';
import { calleeParts, isFunctionLike, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import { routesOf, type Route } from '../../analysis/routes.js';
import { indentAt } from '../kit/source-style.js';
import { fieldNames, memberMountedOnlyBy, mountedMember, type MountedMember } from './class-routes.js';
import { answersOwnSuccess, BOILERPLATE_GLOBALS, checkBoilerplate, checkTransportOptions, isStatelessIdiom, newedInEventStore, onlyAnswers, registryUsesOutside, transportOptionsOf } from './eligibility.js';
import { loopClosesEntry, rewriteSessionCounts } from './registry-leftovers.js';
import { addEntryImports, createHandlerDeclaration, entryOptions, errorLogging, handlerClose, mountLines, parsesBody } from './entry-code.js';
import { CannotRewrite } from './refusal.js';
import { registryReferences } from './registries.js';
import { factoryOf, serveNewServerPerRequest } from './server-factory.js';
import { adviceFactory } from './factory.js';
import type { ServingFile } from './serving-file.js';
import { replaceWith405, replaceWith405Declaration, statelessV1Handler, v1DispatcherPrelude } from './stateless-v1-code.js';
import { requestGuards, type RequestGuards } from './request-guards.js';
import { reindent } from './text.js';

/** A route registered by a call (`app.post(path, handler)`), not a method test in a listener. */
export type RegisteredRoute = Route & { call: ts.CallExpression };

/** The session routes and handlers that go when the endpoint is replaced. */
interface Going {
  /** The GET/DELETE registrations on the endpoint's path. */
  calls: Set<ts.CallExpression>;
  /** Routes on the endpoint's path that give the project's own answer (a liveness probe): they stay, as written. */
  ownAnswers: ts.CallExpression[];
  /** Top-level handlers passed by name to the endpoint's routes and used nowhere else. */
  declarations: Set<ts.Node>;
  /** A class's handler methods mounted only on those routes (`this.handlePost`). */
  members: MountedMember[];
}

export function planRouteEndpoint(file: ServingFile, route: RegisteredRoute, transports: ts.NewExpression[]): void {
  const first = transports[0]!;
  const { handler, handlerArg } = routeHandler(file, route, transports);
  const transportOptions = transportOptionsOf(first);
  const sessionful = !!transportOptions.sessionIdGenerator && !file.values.isUndefinedValue(transportOptions.sessionIdGenerator);
  // Other routes on the same path: GET/DELETE session routes (and 405 answers of the stateless idiom).
  const siblingRoutes = routesOf(file.sf, file.values).filter((r) => r.call && r.call !== route.call && r.path === route.path && (r.method === 'get' || r.method === 'delete'));
  const registries = file.registriesOf([handler, ...siblingRoutes.filter((r) => r.framework === route.framework).flatMap((r) => r.handlers)]);
  // Already the v1 stateless idiom: only a server shared by every request is made per request.
  if (file.options.target === 'stateless-v1' && !sessionful && registries.length === 0) {
    serveNewServerPerRequest(file, handler, first);
    return;
  }
  // The factory first: state the session's server keeps (a refusal of its own) matters more than a transport option.
  // The v2 entry replaces the whole route, taking a server built inline in it along (inline-server-factory.ts).
  const factory = factoryOf(file, handler, first, file.options.target === '2026-07-28' && !file.v1Idiom);
  checkTransportOptions(file, transportOptions, route.framework, adviceFactory(factory));
  // What the route checks about the request before serving it (an auth gate) is kept in front of the entry (sweep 12 K1).
  const found = requestGuards(file, handler, first, new Set(factory.moved ?? []));
  const guards = found && !found.unknown ? found : undefined;
  if (guards && route.framework === 'fastify') {
    throw new CannotRewrite('the route checks the request before serving it (an authentication or input check): keep that check in a fastify `preHandler` hook on the route, then re-run.', guards.statements[0]!, RULE_ID.sessionIdGenerator, route.framework, adviceFactory(factory));
  }
  const registryNames = new Set(registries.map((r) => r.name));
  const allowed = new Set([...BOILERPLATE_GLOBALS, ...registryNames, ...fieldNames(registries.map((r) => r.declaration)), ...file.sdkNames, ...factory.names, ...newedInEventStore(file, transportOptions)]);
  // A stateless route (a server and transport per request) has no registry: its marker is about the transport it makes.
  const refusal = { ruleId: sessionful || registries.length ? RULE_ID.transportRegistry : RULE_ID.sessionIdGenerator, framework: route.framework, factory: adviceFactory(factory) };
  // The statements that build the server inline leave the route for its factory: not the route's own logic.
  checkBoilerplate(file, handler, allowed, 'the MCP route', [...(guards?.statements ?? []), ...(factory.moved ?? [])], refusal);
  // What the boilerplate check lets through (the request, the response, locals) but is neither plumbing nor a check
  // kept in front of the entry is refused, never dropped.
  if (found?.unknown) {
    throw new CannotRewrite('the route does something before it serves the request that is neither session plumbing nor a check this rewrite recognises (a check with an `else`, a `throw` or `next(err)`, a value changed between checks, work that may throw inside the route\'s `try`): not rewritten, so that nothing of it is lost. Move it into middleware in front of the route, then re-run.', found.unknown, RULE_ID.sessionIdGenerator, route.framework, adviceFactory(factory));
  }
  const going = goingWithEndpoint(file, route, siblingRoutes, allowed);

  // A registry the kept HTTP+SSE routes share (`Record<string, StreamableHTTP… | SSEServerTransport>`) stays for them.
  const sseCode = file.sseCode();
  const shared = registries.filter((r) => registryReferences(r, file.sf, file.values).some((ref) => sseCode.some((code) => isInside(ref, code))));
  // Every other use of a registry must be shutdown bookkeeping (a loop closing its transports).
  const replaced = [route.call, ...going.calls, ...going.declarations, ...going.members.map((m) => m.fn), ...sseCode];
  const { loops, counts } = registryUsesOutside(file, registries, replaced, allowed);
  const closesShared = (loop: ts.Node) => shared.some((r) => registryReferences(r, file.sf, file.values).some((ref) => isInside(ref, loop)));
  const dropRegistries = (): void => {
    file.removeRegistries(registries.filter((r) => !shared.includes(r)));
    for (const r of shared) file.narrowSharedRegistry(r);
  };

  if (file.options.target === 'stateless-v1') {
    if (route.framework !== 'express') throw new CannotRewrite(`--target stateless-v1 rewrites express routes only: on ${route.framework}, create a server and a \`sessionIdGenerator: undefined\` transport per POST by hand (GET/DELETE answer 405).`, route.call);
    // An `all` route would hand GET/DELETE to the per-POST transport: they answer 405 first.
    statelessV1Handler(file, handler, factory, first, transportOptions, going.calls, [...(route.method === 'all' ? v1DispatcherPrelude(file, handler, []) : []), ...guardLines(file, guards)]);
    dropRegistries();
    rewriteSessionCounts(file, counts, shared);
    for (const loop of loops) if (!closesShared(loop)) file.remove(loop);
    for (const decl of going.declarations) if (!file.isDeclarationOf(decl, handlerArg)) replaceWith405Declaration(file, decl);
    // A class keeps its handler methods (and their mounts): the GET/DELETE ones answer 405.
    for (const m of going.members) if (m.fn !== handler) replaceWith405(file, m.fn);
    file.plan.notes!.push(`serving: ${file.relative()} — sessionful Streamable HTTP → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST; GET/DELETE answer 405 (SDK 1.x, 2025-era clients only)`);
    return;
  }

  if (file.v1Idiom) {
    // SDK 1.x's idiom already, in a file left on SDK 1.x: no v2 entry here (left-on-v1.ts); a shared server is made per request.
    serveNewServerPerRequest(file, handler, first);
    return;
  }
  const shadowed = shadowedRoutes(file, route, going);
  const options = entryOptions(file, transportOptions, errorLogging(file, handler));
  const routeStatement = statementOf(route.call);
  const handlerName = file.freshName('mcpHandler', routeStatement);
  const nodeHandlerName = file.freshName('mcpNodeHandler', routeStatement);
  const indent = indentAt(file.text, routeStatement.getStart(file.sf));
  const receiver = calleeParts(route.call).receiver!.getText(file.sf);
  const args = route.call.arguments.slice(0, -1).map((a) => a.getText(file.sf));
  // Middleware on the endpoint (`app.post('/mcp', requireToken, …)`) would guard the methods other routes answer
  // without it (a GET answered 405 would answer 401): those routes stay and the endpoint keeps its method.
  // So does a route of the project's own answer there (a probe): the endpoint then keeps its method, and the routes that
  // answer the other methods (the idiom's 405) stay with it, since no `all` route answers them any more.
  const kept = [...(args.length > 1 || going.ownAnswers.length ? answeringRoutes(file, route, [...going.calls, ...shadowed]) : []), ...going.ownAnswers];
  const keepsRoutes = kept.length > 0;
  const method = keepsRoutes ? route.method : 'all';
  const create = createHandlerDeclaration(handlerName, factory.expression, options, indent, file.unit);
  const keptGuards = guards && { params: guards.params, paramTexts: guards.paramTexts, lines: guardLines(file, guards), async: guards.awaits };
  const mount = mountLines(route.framework, { receiver, args, handlerName, nodeHandlerName, parsesBody: parsesBody(file, handler), indent, unit: file.unit, method, guards: keptGuards });
  // Up to the route's own end: a `;` guarding the next line (`;[3000].forEach(…)` in code without semicolons) stays there (review 39c T4).
  file.edit(routeStatement.getStart(file.sf), statementEnd(file.sf, routeStatement), [create, ...mount].join(`\n${indent}`));
  for (const call of going.calls) if (!kept.includes(call)) file.remove(statementOf(call));
  if (!keepsRoutes) for (const call of shadowed) file.remove(statementOf(call));
  for (const decl of going.declarations) file.remove(decl);
  for (const m of going.members) for (const node of [m.member.declaration, ...m.binds]) file.remove(node);
  dropRegistries();
  rewriteSessionCounts(file, counts, shared);
  for (const loop of loops) {
    const start = loop.getStart(file.sf);
    const close = handlerClose(loop, handlerName);
    // Off a shutdown path (an admin route) the loop closes no handler: closing it would end the service.
    const closes = loopClosesEntry(loop, routeStatement.parent);
    // A loop over a shared registry still closes the HTTP+SSE transports: the handler closes first.
    if (closesShared(loop)) {
      if (closes) file.insert(start, `${close}\n${indentAt(file.text, start)}`);
    } else if (closes) file.edit(start, loop.end, close);
    else file.remove(loop);
  }
  addEntryImports(file, route.framework !== 'hono');
  const legacy = file.options.modernOnly ? 'modern-only (legacy: \'reject\')' : '2025-era clients still served statelessly';
  if (guards) {
    const checks = guards.statements.filter(ts.isIfStatement).map((g) => `\`if (${g.expression.getText(file.sf).replace(/\s+/g, ' ')})\``);
    file.plan.notes!.push(`serving: ${file.relative()} — the route's own request check${checks.length > 1 ? 's' : ''} ${checks.join(', ')} kept in front of the handler${method === 'all' ? ', now for every method of the route' : ''}`);
  }
  file.plan.notes!.push(`serving: ${file.relative()} — ${sessionful ? 'sessionful' : 'stateless-idiom'} Streamable HTTP → createMcpHandler(${factory.expression}) on ${receiver}.${method}(${args[0] ?? ''}) via ${route.framework === 'hono' ? `${handlerName}.fetch` : 'toNodeHandler'} (${legacy})${transportOptions.eventStore ? '; eventStore dropped (2026-07-28 has no resumability)' : ''}`);
  const mountsOf = (calls: readonly ts.CallExpression[]): string => calls.map((c) => `${receiver}.${calleeParts(c).name}(${c.arguments[0]?.getText(file.sf) ?? ''})`).join(', ');
  const ownAnswers = going.ownAnswers;
  if (ownAnswers.length) {
    file.plan.notes!.push(`serving: ${file.relative()} — ${mountsOf(ownAnswers)} kept as written and the endpoint stays a ${method.toUpperCase()} route: ${ownAnswers.length === 1 ? 'it gives' : 'they give'} the project's own answer on the endpoint's path (a probe, a status), which one \`all\` route would replace with createMcpHandler's 405 for GET and DELETE`);
  }
  const answering = kept.filter((call) => !ownAnswers.includes(call));
  if (answering.length && args.length === 1) {
    file.plan.notes!.push(`serving: ${file.relative()} — ${mountsOf(answering)} kept: the endpoint stays a ${method.toUpperCase()} route, so the methods ${answering.length === 1 ? 'it answers reach it' : 'they answer reach them'} as before`);
  } else if (answering.length) {
    file.plan.notes!.push(`serving: ${file.relative()} — ${mountsOf([...new Set([...answering, ...shadowed])])} kept and the endpoint stays a ${method.toUpperCase()} route: with one \`all\` route its middleware (${args.slice(1).join(', ')}) would run before the methods those routes answer without it`);
  } else if (shadowed.length > 0) {
    file.plan.notes!.push(`serving: ${file.relative()} — ${mountsOf(shadowed)} removed: it answered the methods the session routes did not take, and the \`all\` route now takes every method first (createMcpHandler answers those with 405 itself)`);
  }
}

/** The guards' statements as lines of code, indented from where they are written to none (the caller indents them). */
function guardLines(file: ServingFile, guards: RequestGuards | undefined): string[] {
  if (!guards) return [];
  return guards.statements.flatMap((statement) => {
    const at = indentAt(file.text, statement.getStart(file.sf));
    return reindent(file.text.slice(statement.getStart(file.sf), statement.end), at, '').split('\n');
  });
}

/**
 * The route's handler, when the route has the one shape this rewrite replaces: `post` or `all` on a router it knows
 * (declared as `method(path, handler)`), one transport, a block-bodied handler no other code uses.
 */
function routeHandler(file: ServingFile, route: RegisteredRoute, transports: readonly ts.NewExpression[]): { handler: ts.FunctionLikeDeclaration; handlerArg: ts.Expression } {
  const first = transports[0]!;
  if (route.framework !== 'express' && route.framework !== 'hono' && route.framework !== 'fastify') {
    const router = route.framework === 'unknown' ? 'an unrecognised router' : route.framework;
    // SDK 1.x's stateless idiom (a server and a transport per request) has no registry or session routes to name.
    if (isStatelessIdiom(file, transports)) {
      throw new CannotRewrite(`SDK 1.x's stateless serving (a server and a transport per request) on ${router} is not rewritten automatically: it has no session to replace, but it speaks the 2025 protocol only: replace the route's transport by hand.`, route.call, undefined, route.framework);
    }
    throw new CannotRewrite(`sessionful serving on ${router} is not rewritten automatically: replace the transport registry, its routing and the GET/DELETE session routes by hand.`, route.call, undefined, route.framework);
  }
  // hono's `app.on('POST', …)` and fastify's `route({ … })` name the method elsewhere: only `app.post(path, handler)` is rewritten.
  if (route.framework !== 'express' && calleeParts(route.call).name !== route.method) {
    throw new CannotRewrite(`the ${route.framework} route is not declared as \`${route.method}(path, handler)\`: replace it with one \`all(path, …)\` route by hand.`, route.call, undefined, route.framework);
  }
  if (route.method !== 'post' && route.method !== 'all') throw new CannotRewrite(`the transport is created in a ${route.method.toUpperCase()} route: only POST carries MCP requests in stateless serving.`, route.call, undefined, route.framework);
  if (transports.length > 1) throw new CannotRewrite('the route creates more than one transport (custom routing around the transport): replace it with one stateless endpoint by hand.', route.call, undefined, route.framework);
  const handler = route.handlers.find((h) => isInside(first, h));
  if (!handler || !isFunctionLike(handler) || !handler.body || !ts.isBlock(handler.body)) throw new CannotRewrite('the route handler is not a function with a block body.', route.call);
  const handlerArg = route.call.arguments[route.call.arguments.length - 1]!;
  const inline = unwrap(handlerArg) === handler;
  const member = inline ? undefined : memberMountedOnlyBy(handler, [route.call], file.values);
  if (!inline && !member && !(ts.isIdentifier(unwrap(handlerArg)) && file.onlyUsedBy(unwrap(handlerArg) as ts.Identifier, [route.call]))) {
    throw new CannotRewrite('the POST handler is shared with other code: replace it by hand.', route.call, undefined, route.framework);
  }
  return { handler, handlerArg };
}

/**
 * Of `calls` (routes on the endpoint's path), those that only answer (a 405), with an inline handler and without the
 * endpoint's middleware: they stay as written when the endpoint keeps its middleware.
 */
function answeringRoutes(file: ServingFile, route: RegisteredRoute, calls: readonly ts.CallExpression[]): ts.CallExpression[] {
  const middleware = new Set(route.call.arguments.slice(1, -1).map((a) => a.getText(file.sf)));
  return calls.filter((call) => {
    const handler = unwrap(call.arguments[call.arguments.length - 1]!);
    const guardedAlike = call.arguments.slice(1, -1).some((a) => middleware.has(a.getText(file.sf)));
    return !guardedAlike && isFunctionLike(handler) && onlyAnswers(handler);
  });
}

/**
 * Routes on the endpoint's path registered after it on the same router in the same block (express, hono), other
 * than the session routes going with it: the `all` route that replaces the endpoint takes every method first, so
 * they are never reached again. A route that only answers (redash's `app.all('/mcp', …)` writing a 405) goes;
 * one that does more would silently stop running, so the endpoint is left for a person.
 */
function shadowedRoutes(file: ServingFile, route: RegisteredRoute, going: Going): ts.CallExpression[] {
  const statement = statementOf(route.call);
  const receiver = calleeParts(route.call).receiver?.getText(file.sf);
  const shadowed: ts.CallExpression[] = [];
  for (const other of routesOf(file.sf, file.values)) {
    const call = other.call;
    if (!call || call === route.call || going.calls.has(call) || other.framework !== route.framework || other.path !== route.path) continue;
    const otherStatement = statementOf(call);
    if (otherStatement.parent !== statement.parent || otherStatement.pos < statement.end || calleeParts(call).receiver?.getText(file.sf) !== receiver) continue;
    if (shadowed.includes(call) || going.ownAnswers.includes(call)) continue;
    // The project's own answer on the path (a liveness probe): it stays, and the endpoint keeps its method so that it is reached.
    if (givesOwnAnswer(other.handlers)) {
      going.ownAnswers.push(call);
      continue;
    }
    if (!other.handlers.every((h) => isFunctionLike(h) && onlyAnswers(h))) {
      const mount = `${receiver}.${calleeParts(call).name}(${call.arguments[0]?.getText(file.sf) ?? ''}, …)`;
      throw new CannotRewrite(`the \`${mount}\` route below this endpoint does more than answer, and it would never run once one \`all\` route serves the endpoint: move its logic into middleware before the endpoint, then replace the session routes.`, route.call, undefined, route.framework);
    }
    shadowed.push(call);
  }
  return shadowed;
}

/** The GET/DELETE session routes on the endpoint's path (session plumbing only), and the handlers only the endpoint's routes use. */
function goingWithEndpoint(file: ServingFile, route: RegisteredRoute, siblingRoutes: readonly Route[], allowed: Set<string>): Going {
  const calls = new Set<ts.CallExpression>();
  const ownAnswers: ts.CallExpression[] = [];
  for (const sibling of siblingRoutes) {
    if (sibling.framework !== route.framework) continue;
    if (givesOwnAnswer(sibling.handlers)) {
      ownAnswers.push(sibling.call!);
      continue;
    }
    for (const h of sibling.handlers) checkBoilerplate(file, h, allowed, `the ${sibling.method.toUpperCase()} ${route.path ?? ''} route`.replace('  ', ' '));
    calls.add(sibling.call!);
  }
  // fastify refuses a second route for a method `all` covers (`app.options('/mcp', …)` for CORS): the server would not start.
  const clash = route.framework === 'fastify' ? routesOf(file.sf, file.values).find((r) => r.call && r.call !== route.call && !calls.has(r.call) && r.framework === 'fastify' && r.path === route.path) : undefined;
  if (clash) {
    throw new CannotRewrite(`the ${clash.method.toUpperCase()} ${route.path ?? ''} route stays, and fastify refuses \`all(path, …)\` beside another route on the same path: replace the session routes on this path by POST, GET and DELETE routes that hand the request to one stateless handler, by hand.`.replace('  ', ' '), route.call, undefined, route.framework);
  }
  // Handlers passed by name to those routes (only there) go with them; so do handler methods of a class (`this.handlePost`).
  const declarations = new Set<ts.Node>();
  const members: MountedMember[] = [];
  for (const call of [route.call, ...calls]) {
    const mounted = mountedMember(call, [route.call, ...calls], file.values);
    if (mounted && !members.some((m) => m.fn === mounted.fn)) members.push(mounted);
    const arg = unwrap(call.arguments[call.arguments.length - 1]!);
    if (!ts.isIdentifier(arg)) continue;
    const decl = file.values.symbolOf(arg)?.valueDeclaration;
    if (!decl) continue;
    const statement = statementOf(decl);
    if (!ts.isSourceFile(statement.parent)) continue;
    if (file.onlyUsedBy(arg, [route.call, ...calls])) declarations.add(statement);
  }
  return { calls, ownAnswers, declarations, members };
}

/** Handlers that only answer, with a success of the project's own (`answersOwnSuccess`): not the idiom's 405. */
function givesOwnAnswer(handlers: readonly ts.Node[]): boolean {
  return handlers.length > 0 && handlers.every((h) => isFunctionLike(h) && answersOwnSuccess(h));
}
