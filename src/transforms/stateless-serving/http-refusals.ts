/**
 * Streamable HTTP endpoints that are left to a person as a whole, and the marker text that says why: a gateway
 * (each session owns an upstream), and a transport made outside any route the rewrite recognises (a helper or a
 * method the routing calls, a relayed session), with what goes with the sessions there. SDK 1.x's stateless idiom
 * written straight in a `node:http` listener lands here too, and is left without a marker (no session to replace).
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { RULE_ID } from '../../rule-ids.js';
import { enclosingFunction, forEachDescendant, isFunctionLike, isInside, outermostWrapper, statementOf, unwrap } from '../../analysis/ast.js';
import { enclosingRoute, routesOf, typedRouteHandler, type RouteFramework } from '../../analysis/routes.js';
import { calledPerRequest } from '../../analysis/session-servers.js';
import { andList } from '../kit/prose.js';
import { isStatelessIdiom, transportOptionsOf } from './eligibility.js';
import { gatewayRefusal, perSessionUpstream } from './gateway.js';
import { leaveStatelessListener, statelessListenerOf } from './node-http.js';
import { AdvisedRefusal, CannotRewrite } from './refusal.js';
import { servingEntryAdvice } from './advice.js';
import { registriesUsedIn } from './registries.js';
import { transportRelay, type TransportRelay } from './relay.js';
import { sessionResumption } from './resumed-sessions.js';
import type { ServingFile } from './serving-file.js';
import { referencesByName } from './text.js';
import { timerStarted } from '../../analysis/timers.js';
import { sharingRoute } from '../../analysis/shared-transports.js';
import { mintsNoSession } from '../../analysis/constructor-options.js';
import { isServerKind } from '../../analysis/value.js';
import { CONNECT_METHOD, TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';

/**
 * A gateway endpoint (each session owns an upstream: gateway.ts) is not rewritten: one marker at its transport,
 * naming the upstream and what goes with the sessions (the registries, the GET/DELETE session routes).
 */
export function refuseGateway(file: ServingFile, transport: ts.NewExpression): void {
  const scope = enclosingFunction(transport);
  if (!scope?.body) return;
  let minted: ts.Node | undefined;
  try {
    const generator = transportOptionsOf(transport).sessionIdGenerator;
    const fn = generator && unwrap(generator);
    if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) minted = fn.body;
  } catch (error) {
    if (!(error instanceof CannotRewrite)) throw error;
  }
  const gateway = perSessionUpstream(file.result, file.sf, transport, scope.body, minted);
  if (!gateway) return;
  const route = enclosingRoute(transport, file.values);
  const sessionRoutes = route?.path ? routesOf(file.sf, file.values).filter((r) => r.call && r.path === route.path && (r.method === 'get' || r.method === 'delete')) : [];
  const methods = [...new Set(sessionRoutes.map((r) => r.method.toUpperCase()))];
  const leaving = [
    ...registriesUsedIn(file.result, file.sf, [scope]).map((r) => `the registry \`${r.name}\``),
    ...(methods.length ? [`the ${methods.join(' and ')} ${route!.path} session route${sessionRoutes.length > 1 ? 's' : ''}`] : []),
  ];
  const list = andList(leaving);
  // "The registry `x` goes", "the registry `x` and the GET /mcp session route go": one thing or several.
  const verb = leaving.length === 1 && !leaving[0]!.endsWith('routes') ? 'goes' : 'go';
  const refusal = gatewayRefusal(file.result, gateway, transport, file.options.target, list ? `${list.charAt(0).toUpperCase()}${list.slice(1)} ${verb}` : '');
  if (refusal.note) file.plan.notes!.push(refusal.note);
  throw new AdvisedRefusal(refusal.message, refusal.node, refusal.ruleId, route?.framework);
}

/**
 * Why a transport outside any recognised route is left to a person, naming where it is made: a helper
 * (`createSession()`) or a class method is called from the routing code the entry replaces as a whole.
 * A web-standard transport is served through `handler.fetch`.
 */
export function unrecognisedPlace(file: ServingFile, transport: ts.NewExpression, refusal?: string, relay?: { why: string; factory?: string }): CannotRewrite {
  // SDK 1.x's stateless idiom straight in a node:http listener that planStatelessListener did not take: no session to replace, no marker.
  if (statelessListenerOf(file, transport)) return leaveStatelessListener(file, transport);
  const framework: RouteFramework | undefined = file.result.analysis.sdk.exportOf(transport.expression)?.name.startsWith('WebStandard') ? 'web' : undefined;
  const fn = enclosingFunction(transport);
  const holder = fn && (ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) ? fn.name : ts.isVariableDeclaration(outermostWrapper(fn).parent) ? (outermostWrapper(fn).parent as ts.VariableDeclaration).name : undefined);
  const relayed = transportRelay(file.result, transport);
  if (holder && ts.isIdentifier(holder)) {
    const symbol = file.values.symbolOf(holder);
    const calls = referencesByName(file.sf, holder.text).filter((r) => r !== holder && file.values.symbolOf(r) === symbol);
    const kind = ts.isMethodDeclaration(fn!) ? 'method' : 'helper';
    // Callers by name: a line number would be off by the marker's own line.
    const callers = [...new Set(calls.map((c) => functionName(enclosingFunction(c))).filter((n): n is string => !!n))];
    const where = callers.length ? ` (called from ${callers.map((n) => `\`${n}()\``).join(', ')})` : '';
    const timers = registryTimers(file);
    const expiry = timers.length ? ` The registry's idle expiry (${timers.join(', ')}) goes with the sessions: remove it, there is nothing left to expire.` : '';
    // One sentence, ended, whatever the reason's own ending: the advice follows it (sweep 25 Y7).
    const why = refusal ? ` It is not rewritten: ${refusal.trim().replace(/\.?$/, '.')}` : '';
    // An exported handler the in-place rewrite (exported-dispatcher.ts) refused: its reason, and the factory it found.
    if (relayed) return relayRefusal(transport, relayed, `the ${relay ? 'handler' : kind} \`${holder.text}()\`${where}`, framework, relay?.why, relay?.factory);
    // SDK 1.x's stateless idiom (a server and a transport per request) has no session registry to name.
    if (isStatelessIdiom(file, [transport]) && servesFromNestedListener(file, transport, fn!)) {
      return new CannotRewrite(`one stateless transport is created in the ${kind} \`${holder.text}()\`${where} and serves every request the listener inside it receives (SDK 1.x's stateless mode wants a transport per request: one shared transport mixes up the ids of concurrent requests), and it speaks the 2025 protocol only: replace it and the listener that hands it the requests with one stateless endpoint by hand.${why}`, transport, undefined, framework);
    }
    // Created once in a start-up function and handed every request by a route (vibe-check's startHttpServer(), sweep 10 H6).
    const sharing = mintsNoSession(transport) ? sharingRoute(file.values, transport) : undefined;
    if (sharing) {
      return new CannotRewrite(`one stateless transport is created once in the ${kind} \`${holder.text}()\`${where} and serves every request of the ${[sharing.method.toUpperCase(), sharing.path].filter(Boolean).join(' ')} route (the SDK serves one request per stateless transport: current 1.x releases throw on the second, and a shared one mixes up the ids of concurrent requests), and it speaks the 2025 protocol only: replace it and the route that hands it the requests with one stateless endpoint by hand.${why}`, transport, undefined, framework);
    }
    // Made by a helper that only start-up code calls (`const { transport } = await createMcpServer()` once): one
    // transport for every request, not one per request (sweep 13 L7).
    if (mintsNoSession(transport) && !calledPerRequest(file.values, fn!)) {
      return new CannotRewrite(`one stateless transport is created in the ${kind} \`${holder.text}()\`${where}, which no route handler calls: it is made once and serves every request it is handed (the SDK serves one request per stateless transport: current 1.x releases throw on the second, and a shared one mixes up the ids of concurrent requests), and it speaks the 2025 protocol only: replace it and the code that hands it the requests with one stateless endpoint by hand.${why}`, transport, undefined, framework);
    }
    // One sessionful transport made by start-up code no route reaches (`main()` connecting `createMcpServer(client)` to it,
    // the listener handing it every request), with no registry: the process's only session (sweep 34 AH5).
    if (!mintsNoSession(transport) && kind === 'helper' && !calledPerRequest(file.values, fn!) && file.registriesOf([file.sf]).length === 0) {
      const factory = projectFactoryBeside(file, transport);
      markRoutesHandingTo(file, transport, true, factory);
      return new CannotRewrite(`one sessionful transport is created once, in \`${holder.text}()\`${where}, which no route handler calls, for the whole process: it serves a single session (once the first client has initialised, every other client's initialize is refused) and speaks the 2025 protocol only: replace it, its \`connect\` and the code that hands it the requests with one stateless endpoint.${why}`, transport, undefined, framework, factory);
    }
    if (isStatelessIdiom(file, [transport])) {
      return new CannotRewrite(`the transport is created per request in the ${kind} \`${holder.text}()\`${where}, not in a route handler (SDK 1.x's stateless idiom: no session to replace, but it speaks the 2025 protocol only): replace the ${kind} and the routing that calls it with one stateless endpoint by hand.${why}`, transport, undefined, framework);
    }
    const resumed = sessionResumption(file.result, transport, fn!, `the ${kind} \`${holder.text}()\``);
    // Without a registry in the file the helper's one transport serves every client (its sessions live inside it): none to name.
    const registry = file.registriesOf([file.sf]).length > 0 ? ', the session registry' : '';
    // A route handler of its own (typed as the framework's, mounted by another module): not a helper (sweep 36 AJ4).
    if (kind === 'helper' && typedRouteHandler(fn!, file.values)) {
      // Handed on in this module (`app.all('/mcp', asyncHandler(mcpHandler))`, `app.route({ handler: mcpHandler })`): mounted
      // here, through code the route recognition does not follow (review 43 S43-7).
      const handedOn = calls.find((r) => { const up = outermostWrapper(r).parent; return (ts.isCallExpression(up) && up.arguments.includes(outermostWrapper(r) as ts.Expression)) || ((ts.isPropertyAssignment(up) || ts.isShorthandPropertyAssignment(up)) && ts.isObjectLiteralExpression(up.parent) && ts.isCallExpression(up.parent.parent)); });
      const mount = handedOn && statementOf(handedOn).getText(file.sf).replace(/\s+/g, ' ');
      const mounted = mount ? `a route handler this module mounts (\`${mount.length > 80 ? `${mount.slice(0, 77)}…` : mount}\`) in a way apply does not rewrite` : 'a route handler another module mounts, which apply does not rewrite across modules';
      return new CannotRewrite(`the transport is created in \`${holder.text}\`, ${mounted}: replace it${registry} and the routes mounting it with one stateless endpoint by hand.${why}${resumed ? ` ${resumed}` : ''}${expiry}`, transport, undefined, framework, projectFactoryBeside(file, transport));
    }
    return new CannotRewrite(`the transport is created in the ${kind} \`${holder.text}()\`${where}, not in a route handler: replace the ${kind}${registry} and the routing that calls it with one stateless endpoint by hand.${why}${resumed ? ` ${resumed}` : ''}${expiry}`, transport, undefined, framework, projectFactoryBeside(file, transport));
  }
  if (relayed) return relayRefusal(transport, relayed, 'this code', framework);
  if (isStatelessIdiom(file, [transport])) {
    return new CannotRewrite("the transport is created per request, but not in a route handler mcp-migrate recognises (SDK 1.x's stateless idiom: no session to replace, but it speaks the 2025 protocol only): replace it and the code that hands it the request by hand.", transport, undefined, framework);
  }
  // `const transport = new …({ sessionIdGenerator: undefined })` at module level, handed every request by a route (sweep 9 G3).
  if (mintsNoSession(transport)) {
    markRoutesHandingTo(file, transport, false, projectFactoryBeside(file, transport));
    return new CannotRewrite("one stateless transport is created once, outside any route, and serves every request it is handed (the SDK serves one request per stateless transport: current 1.x releases throw on the second, and a shared one mixes up the ids of concurrent requests), and it speaks the 2025 protocol only: replace it and the code that hands it the requests with one stateless endpoint by hand.", transport, undefined, framework);
  }
  // One sessionful transport for the whole process, at module level, with no registry (sweep 33 AG5): it serves the first
  // session only, and there is no registry or session routing to name.
  if (!enclosingFunction(transport) && file.registriesOf([file.sf]).length === 0) {
    return new CannotRewrite("one sessionful transport is created once, outside any route, for the whole process: it serves a single session (once the first client has initialised, every other client's initialize is refused) and speaks the 2025 protocol only: replace it and the code that hands it the requests with one stateless endpoint by hand.", transport, undefined, framework, projectFactoryBeside(file, transport));
  }
  return new CannotRewrite('the transport is not created in a route handler mcp-migrate recognises: replace the transport, its registry and the session routing by hand.', transport, undefined, framework, projectFactoryBeside(file, transport));
}

/**
 * The project's factory that builds the server connected to `transport` beside it (`const server = createServer();
 * await server.connect(transport)` in the same function), named in the advice instead of a placeholder (sweep 19 S5).
 */
function projectFactoryBeside(file: ServingFile, transport: ts.NewExpression): string | undefined {
  // At module level, the module is where the server is connected (sweep 33 AG5).
  const fn: ts.Node | undefined = enclosingFunction(transport) ?? (ts.isSourceFile(statementOf(transport).parent) ? file.sf : undefined);
  if (!fn) return undefined;
  // The variable the transport is held in (`const transport = new …`, `transport = new …`).
  const holder = ts.isVariableDeclaration(transport.parent) ? transport.parent : ts.isBinaryExpression(transport.parent) && ts.isIdentifier(transport.parent.left) ? file.values.symbolOf(transport.parent.left)?.valueDeclaration : undefined;
  let found: string | undefined;
  forEachDescendant(fn, (node) => {
    if (found || !ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== CONNECT_METHOD) return;
    // The server connected to this transport (not a cache or a database client that also has `connect`, review 34 X10).
    const arg = node.arguments[0] && unwrap(node.arguments[0]);
    const argDecl = arg && ts.isIdentifier(arg) ? file.values.symbolOf(arg)?.valueDeclaration : undefined;
    if (!arg || (arg !== transport && (!argDecl || argDecl !== holder))) return;
    if (!isServerKind(file.values.valueOf(node.expression.expression))) return;
    const receiver = unwrap(node.expression.expression);
    const decl = ts.isIdentifier(receiver) ? file.values.symbolOf(receiver)?.valueDeclaration : undefined;
    // `const server = createServer(); server.connect(transport)`, or `buildServer().connect(transport)` itself.
    const init = ts.isCallExpression(receiver) ? receiver : decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
    const call = init && ts.isAwaitExpression(init) ? unwrap(init.expression) : init;
    if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return;
    // With arguments, only a server built at module level, where what it is given is in scope anywhere in the module
    // (`() => createMcpServer('wrike')`), or in the start-up function that makes the one transport, where the handler
    // that replaces it is built too (`() => createMcpServer(client)` in `main()`, sweep 34 AH5).
    const moduleLevel = !!decl && ts.isVariableDeclaration(decl) && ts.isSourceFile(statementOf(decl).parent);
    const besideOnce = !!decl && ts.isVariableDeclaration(decl) && enclosingFunction(decl) === fn && !mintsNoSession(transport) && ts.isFunctionDeclaration(fn) && !calledPerRequest(file.values, fn);
    if (call.arguments.length > 0 && !moduleLevel && !besideOnce) return;
    const factory = file.values.symbolOf(call.expression)?.valueDeclaration;
    if (factory && (ts.isFunctionDeclaration(factory) || ts.isImportSpecifier(factory) || (ts.isVariableDeclaration(factory) && !!factory.initializer && isFunctionLike(unwrap(factory.initializer))))) found = call.arguments.length > 0 ? `() => ${call.getText(file.sf).replace(/\s+/g, ' ')}` : call.expression.text;
    // A factory the function is handed (`startNewSession(…, buildServer)`): what its callers pass, when that is one name (sweep 26 Z6).
    else if (factory && ts.isParameter(factory) && isFunctionLike(factory.parent)) {
      const passed = new Set(file.values.calls.argumentsFor(factory).map((a) => unwrap(a)).map((a) => (ts.isIdentifier(a) ? a.text : undefined)));
      if (passed.size === 1 && !passed.has(undefined)) found = [...passed][0];
    }
  });
  return found;
}


/**
 * The listeners that hand their requests to the one transport `transport` creates (`http.createServer(t.handleRequest
 * .bind(t))`, `(req, res) => t.handleRequest(req, res)`), in any file: scan reports each as a route every method
 * reaches (session-route); each gets a marker that points at the transport's (sweep 13 L6).
 */
function markRoutesHandingTo(file: ServingFile, transport: ts.NewExpression, sessionful = false, factory?: string): void {
  const holder = outermostWrapper(transport).parent;
  const symbol = holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? file.values.symbolOf(holder.name) : undefined;
  if (!symbol) return;
  const where = path.relative(path.dirname(file.sf.fileName), file.sf.fileName).split(path.sep).join('/');
  for (const sf of file.result.sourceFiles) {
    for (const route of routesOf(sf, file.values)) {
      const access = route.node.parent;
      if (route.method !== 'all' || !access || !ts.isPropertyAccessExpression(access) || access.name !== route.node || file.values.symbolOf(unwrap(access.expression)) !== symbol) continue;
      const at = sf === file.sf ? 'in this file' : `in ${path.relative(path.dirname(sf.fileName), file.sf.fileName).split(path.sep).join('/') || where}`;
      file.markerAnywhere(route.node, RULE_ID.sessionRoute, `every request of every method is handed to the one ${sessionful ? 'sessionful' : 'stateless'} transport created ${at} (marked there): replace this listener and that transport together. ${servingEntryAdvice({ kind: 'http', target: file.options.target, modernOnly: file.options.modernOnly, framework: route.framework, factory })}`);
    }
  }
}

/**
 * Whether the transport, held in a variable of `fn`, is handed requests only inside a function nested in `fn`
 * (a request listener `fn` sets up): made once, it serves every request, where the idiom makes one per request.
 */
function servesFromNestedListener(file: ServingFile, transport: ts.NewExpression, fn: ts.FunctionLikeDeclaration): boolean {
  const decl = outermostWrapper(transport).parent;
  if (!decl || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return false;
  const uses = referencesByName(file.sf, decl.name.text).filter((r) => r !== decl.name && file.values.symbolOf(r)?.valueDeclaration === decl);
  const handled = uses.filter((r) => ts.isPropertyAccessExpression(r.parent) && r.parent.expression === r && r.parent.name.text === TRANSPORT_MEMBERS.requestMethod);
  return handled.length > 0 && handled.every((r) => enclosingFunction(r) !== fn && isInside(r, fn));
}

/** A relayed session (relay.ts): what the relay is for, and what goes with it once each request builds its own server. */
function relayRefusal(transport: ts.NewExpression, relay: TransportRelay, where: string, framework?: RouteFramework, why?: string, factory?: string): CannotRewrite {
  const classes = relay.serverTransports.map((c) => `\`${c}\``).join(', ');
  // With --modern-only an exported handler is rewritten in place (exported-dispatcher.ts): what stopped it is said.
  const notRewritten = why ? `Not rewritten: ${why.replace(/\.$/, '')}.` : 'Not rewritten: the relay spans the code that starts and resumes sessions.';
  return new CannotRewrite(
    `the transport made in ${where} is relayed by \`${relay.relay}()\` to a server connected to ${classes} (a transport of this project), so that any instance can serve a session. Each request now builds its own server where it lands: the relay, ${classes} and the per-session bookkeeping around them (ownership, shutdown, resumption) go with the sessions; keep authentication in front of the endpoint and shared storage only for state that must outlive a request. ${notRewritten}`,
    transport,
    undefined,
    framework,
    factory,
  );
}

/** The `setInterval`/`setTimeout` calls whose callback reads a session registry of this file (idle reapers), by the name they are kept in. */
function registryTimers(file: ServingFile): string[] {
  const registries = [...file.result.analysis.sessions.stores.values()].filter((s) => (s.kind === 'transport' || s.kind === 'server') && s.declaration?.getSourceFile() === file.sf);
  const lines: string[] = [];
  forEachDescendant(file.sf, (node) => {
    if (!ts.isCallExpression(node)) return;
    const timer = timerStarted(node, file.values);
    if (!timer) return;
    const callback = node.arguments[0] && unwrap(node.arguments[0]);
    if (!callback || !isFunctionLike(callback)) return;
    const reads = registries.some((r) => referencesByName(callback, r.name).some((ref) => file.values.symbolOf(ref)?.valueDeclaration === r.declaration));
    const holder = outermostWrapper(node).parent;
    if (reads) lines.push(ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? `\`${holder.name.text}\`` : `\`${timer}(…)\``);
  });
  return lines;
}

/** The name a function is declared or bound with (`function f`, `const f = () => …`, a method). */
function functionName(fn: ts.FunctionLikeDeclaration | undefined): string | undefined {
  if (!fn) return undefined;
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const holder = outermostWrapper(fn).parent;
  return ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : undefined;
}
