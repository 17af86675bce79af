/**
 * One named handler mounted on several methods of one path that tells the methods apart itself (a dispatcher):
 * its mounts become one `all` route serving `createMcpHandler(factory)` on 2026-07-28, or its body becomes SDK 1.x's
 * per-POST idiom behind a 405 for other methods on `--target stateless-v1`.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, outermostWrapper, statementOf, unwrap } from '../../analysis/ast.js';
import { routesAt, type Route } from '../../analysis/routes.js';
import { indentAt } from '../kit/source-style.js';
import { requestGuards } from './request-guards.js';
import { BOILERPLATE_GLOBALS, checkBoilerplate, checkTransportOptions, newedInEventStore, registryUsesOutside, transportOptionsOf } from './eligibility.js';
import { loopClosesEntry, rewriteSessionCounts } from './registry-leftovers.js';
import { addEntryImports, createHandlerDeclaration, entryOptions, errorLogging, handlerClose, parsesBody } from './entry-code.js';
import { CannotRewrite } from './refusal.js';
import { RULE_ID } from '../../rule-ids.js';
import { factoryOf } from './server-factory.js';
import { adviceFactory } from './factory.js';
import { declaredNamesOfBinding, type ServingFile } from './serving-file.js';
import { statelessV1Handler, v1DispatcherPrelude } from './stateless-v1-code.js';
import { freeNames, isAsync, localNames, reindent } from './text.js';

/**
 * One named handler mounted on several methods of one path (`app.post('/mcp', mcpHandler)`, `app.get(…)`,
 * `app.delete(…)`) that tells the methods apart itself and creates the transport in its
 * `if (req.method === 'POST' && !sessionId && isInitializeRequest(req.body))` branch. The handler and its
 * mounts become one `all` route serving `createMcpHandler(factory)`. A branch answering another method with
 * the application's own logic (a GET describing the server) is not session plumbing: it stays, as a route
 * of its own ahead of the `all` route.
 */
export function planMountedDispatcher(file: ServingFile, fn: ts.FunctionLikeDeclaration, mounts: Route[], branch: Route | undefined, transports: ts.NewExpression[]): void {
  const first = transports[0]!;
  const mount = mounts[0]!;
  const framework = mount.framework;
  const receiver = calleeParts(mount.call!).receiver!.getText(file.sf);
  if (framework !== 'express') {
    const handler = framework === 'unknown' ? 'the handler mounted on several methods of an unrecognised router' : `the ${framework} handler mounted on several methods`;
    throw new CannotRewrite(`${handler} is not rewritten automatically: replace it and its routes by hand.`, mount.call!, undefined, framework);
  }
  const registries = file.registriesOf([fn]);
  const transportOptions = transportOptionsOf(first);
  const sessionful = !!transportOptions.sessionIdGenerator && !file.values.isUndefinedValue(transportOptions.sessionIdGenerator);
  if (file.options.target === 'stateless-v1' && !sessionful && registries.length === 0) return; // already the v1 stateless idiom, however it is mounted
  // The middleware in front of the handler (`router.post('/mcp', cors(opts), auth, handler)`), the same on every mount: it stays in front.
  const middleware = mountMiddleware(mount.call!, file.sf);
  if (!mountsShareOneEndpoint(file, mounts, receiver, middleware)) {
    throw new CannotRewrite('the handler is mounted on other paths, routers or methods, or behind different middleware on each: replace it and its routes by hand.', mount.call!, undefined, framework);
  }
  // Already stateless (a server and a `sessionIdGenerator: undefined` transport for every request, no registry): what
  // createMcpHandler does on every method, so no POST branch is needed.
  const statelessEverywhere = !branch && !sessionful && registries.length === 0;
  if (!branch && !statelessEverywhere) throw new CannotRewrite('the handler mounted on several methods creates its transport outside a `req.method === \'POST\'` branch: replace it and its routes by hand.', first, undefined, framework);
  if (branch && branch.method !== 'post') throw new CannotRewrite(`the transport is created in a ${branch.method.toUpperCase()} branch: only POST carries MCP requests in stateless serving.`, first, undefined, framework);
  if (transports.length > 1) throw new CannotRewrite('the handler creates more than one transport (custom routing around the transport): replace it by hand.', first, undefined, framework);
  const [reqParam, resParam] = fn.parameters;
  if (!fn.body || !ts.isBlock(fn.body) || !reqParam || !resParam || !ts.isIdentifier(reqParam.name) || !ts.isIdentifier(resParam.name)) {
    throw new CannotRewrite('the handler is not a function of (req, res) with a block body.', mount.call!, undefined, framework);
  }
  checkTransportOptions(file, transportOptions, framework);
  const factory = factoryOf(file, fn, first);
  // The handler's own request checks (an auth gate) would go with its body: refused, never dropped (sweep 12 K1).
  const guards = requestGuards(file, fn, first);
  if (guards) throw new CannotRewrite('the handler checks the request before serving it (an authentication or input check): move that check into middleware mounted in front of the handler, then re-run.', guards.unknown ?? guards.statements.find(ts.isIfStatement) ?? guards.statements[0]!, RULE_ID.sessionIdGenerator, framework, adviceFactory(factory));
  const allowed = new Set([...BOILERPLATE_GLOBALS, ...registries.map((r) => r.name), ...file.sdkNames, ...factory.names, ...newedInEventStore(file, transportOptions)]);
  const kept = ownMethodBranches(file, fn, first, allowed);
  checkBoilerplate(file, fn, allowed, 'the MCP handler', kept, { factory: adviceFactory(factory) });
  const mountCalls = mounts.map((m) => m.call!);
  const { loops, counts } = registryUsesOutside(file, registries, [fn, ...mountCalls], allowed);
  if (file.options.target === 'stateless-v1') {
    // SDK 1.x: the handler and its mounts stay; its body becomes the own GET answers, 405 for other methods, then a server and transport per POST.
    statelessV1Handler(file, fn, factory, first, transportOptions, new Set(), v1DispatcherPrelude(file, fn, kept));
    file.removeRegistries(registries);
    for (const loop of loops) file.remove(loop);
    rewriteSessionCounts(file, counts, []);
    file.plan.notes!.push(`serving: ${file.relative()} — a handler mounted on ${mounts.map((m) => m.method.toUpperCase()).join('/')} ${mount.path} → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST; other methods answer 405${kept.length ? ' (its own GET answer first)' : ''} (SDK 1.x)`);
    return;
  }

  if (file.v1Idiom) return; // SDK 1.x's idiom already, in a file left on SDK 1.x: no v2 entry here (left-on-v1.ts)
  const declaration = statementOf(fn);
  const mountStatement = statementOf(mount.call!);
  const declIndent = indentAt(file.text, declaration.getStart(file.sf));
  const mountIndent = indentAt(file.text, mountStatement.getStart(file.sf));
  const options = entryOptions(file, transportOptions, errorLogging(file, fn, declIndent + file.unit));
  // The handler's own name is free once its declaration goes.
  const ownName = ts.isVariableDeclaration(outermostWrapper(fn).parent) ? ((outermostWrapper(fn).parent as ts.VariableDeclaration).name as ts.Identifier).text : fn.name?.getText(file.sf);
  const handlerName = ownName === 'mcpHandler' ? ownName : file.freshName('mcpHandler');
  const nodeHandlerName = file.freshName('mcpNodeHandler');
  const create = createHandlerDeclaration(handlerName, factory.expression, options, declIndent, file.unit);
  const bodyParsed = parsesBody(file, fn);
  file.edit(declaration.getStart(file.sf), declaration.end, bodyParsed ? `${create}\n${declIndent}const ${nodeHandlerName} = toNodeHandler(${handlerName});` : create);
  const pathText = mount.call!.arguments[0]!.getText(file.sf);
  const routes = kept.map((branchIf) => ownGetRoute(file, fn, branchIf, `${receiver}.get(${[pathText, ...middleware].join(', ')}`, mountIndent));
  // express.json() has consumed the body stream: hand the parsed body over.
  routes.push(`${receiver}.all(${[pathText, ...middleware].join(', ')}, ${bodyParsed ? `(req, res) => ${nodeHandlerName}(req, res, req.body)` : `toNodeHandler(${handlerName})`});`);
  file.edit(mountStatement.getStart(file.sf), mountStatement.end, routes.join(`\n${mountIndent}`));
  for (const call of mountCalls.slice(1)) file.remove(statementOf(call));
  file.removeRegistries(registries);
  for (const loop of loops) {
    if (loopClosesEntry(loop, declaration.parent)) file.edit(loop.getStart(file.sf), loop.end, handlerClose(loop, handlerName));
    else file.remove(loop);
  }
  rewriteSessionCounts(file, counts, []);
  addEntryImports(file);
  const legacy = file.options.modernOnly ? 'modern-only (legacy: \'reject\')' : '2025-era clients still served statelessly';
  file.plan.notes!.push(`serving: ${file.relative()} — a handler mounted on ${mounts.map((m) => m.method.toUpperCase()).join('/')} ${mount.path} → createMcpHandler(${factory.expression}) on ${receiver}.all via toNodeHandler (${legacy})${kept.length ? `; its own GET answer kept as ${receiver}.get` : ''}`);
}

/** Every mount is the same endpoint (one path, router and middleware; POST, GET, DELETE or all), and one of them takes POSTs. */
function mountsShareOneEndpoint(file: ServingFile, mounts: readonly Route[], receiver: string, middleware: readonly string[]): boolean {
  const mount = mounts[0]!;
  const sameEndpoint = (m: Route) =>
    m.framework === mount.framework &&
    m.path !== undefined &&
    m.path === mount.path &&
    calleeParts(m.call!).receiver!.getText(file.sf) === receiver &&
    mountMiddleware(m.call!, file.sf).join('\0') === middleware.join('\0') &&
    ['post', 'get', 'delete', 'all'].includes(m.method);
  return mounts.every(sameEndpoint) && mounts.some((m) => m.method === 'post' || m.method === 'all');
}

/** A kept `if (req.method === 'GET') { … }` branch of `fn` as a route of its own (`register` opens the registration), with its comments. */
function ownGetRoute(file: ServingFile, fn: ts.FunctionLikeDeclaration, branchIf: ts.IfStatement, register: string, mountIndent: string): string {
  const params = fn.parameters.map((p) => p.getText(file.sf)).join(', ');
  const body = reindent(branchIf.thenStatement.getText(file.sf), indentAt(file.text, branchIf.getStart(file.sf)), mountIndent);
  // The branch's own comments say what the route is for.
  const comments = (ts.getLeadingCommentRanges(file.text, branchIf.getFullStart()) ?? []).map((c) => `${reindent(file.text.slice(c.pos, c.end), indentAt(file.text, branchIf.getStart(file.sf)), mountIndent).trimStart()}\n${mountIndent}`);
  return `${comments.join('')}${register}, ${isAsync(fn) ? 'async ' : ''}(${params}) => ${body.trimStart()});`;
}

/**
 * The `if (req.method === 'GET') { … }` branches of a dispatcher that run the application's own logic
 * (anything but session plumbing) and can stand as a route of their own: the condition is the method test
 * alone, and the branch reads no local of the handler besides its parameters. Plumbing branches go; any
 * other branch with own logic cannot be rewritten.
 */
function ownMethodBranches(file: ServingFile, fn: ts.FunctionLikeDeclaration, transport: ts.Node, allowed: Set<string>): ts.IfStatement[] {
  const kept: ts.IfStatement[] = [];
  const params = new Set(fn.parameters.flatMap((p) => declaredNamesOfBinding(p.name)));
  const locals = [...localNames(fn)].filter((n) => !params.has(n));
  forEachDescendant(fn, (node) => {
    if (!ts.isIfStatement(node) || enclosingFunction(node) !== fn || isInside(transport, node)) return;
    const route = routesOfCondition(node, file.values);
    if (!route) return;
    try {
      checkBoilerplate(file, node.thenStatement, allowed, `the ${route.method.toUpperCase()} branch`);
    } catch (error) {
      const alone = ts.isBinaryExpression(unwrap(node.expression)) && routesAt(unwrap(node.expression), file.values).length === 1;
      const free = [...freeNames(node.thenStatement).keys()];
      if (!(error instanceof CannotRewrite) || route.method !== 'get' || !alone || node.elseStatement || !ts.isBlock(node.thenStatement) || free.some((n) => locals.includes(n))) throw error;
      kept.push(node);
    }
  });
  return kept;
}

/** The method route an `if` statement's condition declares for its branch (`req.method === 'GET'`, possibly within `&&`). */
function routesOfCondition(statement: ts.IfStatement, values: Parameters<typeof routesAt>[1]): Route | undefined {
  let found: Route | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(node)) found = routesAt(node, values).find((r) => r.handlers[0] === statement.thenStatement);
    ts.forEachChild(node, visit);
  };
  visit(statement.expression);
  return found;
}

/** The middleware a route registration puts between its path and its (last) handler, as written. */
function mountMiddleware(call: ts.CallExpression, sf: ts.SourceFile): string[] {
  return call.arguments.slice(1, -1).map((a) => a.getText(sf));
}
