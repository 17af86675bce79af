/**
 * What the serving rewrite may replace: code that is session plumbing only (globals, the SDK, the registries, the
 * server factory, logging), transport options the stateless entry has a place for, registry uses that are shutdown
 * loops. Anything else is the application's own logic (or its own session lifecycle) and refuses the rewrite.
 */
import { HTTP_RESPONSE_WRITES } from '../../analysis/http-requests.js';
import { functionOfDeclaration } from '../../analysis/declarations.js';
import { ts } from '../../typescript.js';
import { enclosingFunction, forEachDescendant, isFunctionLike, isInside, isPlainLiteral, propertyNameText, statementOf, unwrap } from '../../analysis/ast.js';
import { thisMemberName } from '../../analysis/class-members.js';
import type { RouteFramework } from '../../analysis/routes.js';
import { TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { RULE_ID, type RuleId } from '../../rule-ids.js';
import { customMemberUse } from './class-routes.js';
import { CannotRewrite, refuseHeldState } from './refusal.js';
import { registryReferences } from './registries.js';
import type { ServingFile } from './serving-file.js';
import { shutdownLoop, type SessionCount } from './registry-leftovers.js';
import { sessionCountAt } from '../../analysis/registry-counts.js';
import { freeNames, localNames, loggerNames } from './text.js';

/** Globals and SDK plumbing a boilerplate route may use without being "custom logic". */
export const BOILERPLATE_GLOBALS = new Set(['console', 'randomUUID', 'crypto', 'JSON', 'Error', 'undefined', 'String', 'Number', 'Object', 'Array', 'Promise', 'Date', 'Boolean']);

/** The options object of a transport construction, by property name. */
export function transportOptionsOf(created: ts.NewExpression): Record<string, ts.Node> {
  const out: Record<string, ts.Node> = {};
  const arg = created.arguments?.[0];
  if (!arg) return out;
  const object = unwrap(arg);
  if (!ts.isObjectLiteralExpression(object)) throw new CannotRewrite('the transport options are not written in place.', created);
  for (const prop of object.properties) {
    const name = propertyNameText(prop.name);
    if (!name) throw new CannotRewrite('the transport options are computed (spread or computed keys).', prop);
    out[name] = ts.isPropertyAssignment(prop) ? prop.initializer : prop;
  }
  return out;
}

/** Transport options the stateless entry has no place for. */
export function checkTransportOptions(file: ServingFile, transportOptions: Record<string, ts.Node>, framework: RouteFramework, factory?: string): void {
  for (const key of Object.keys(transportOptions)) {
    if (TRANSPORT_MEMBERS.dnsRebindingOptions.includes(key)) {
      throw new CannotRewrite(`\`${key}\` (DNS-rebinding protection) ${file.options.target === 'stateless-v1' ? 'is kept on a per-POST transport: pass the same option to it' : 'has no createMcpHandler option: mount `hostHeaderValidation`/`originValidation` from @modelcontextprotocol/express in front of the handler'}.`, transportOptions[key]!, undefined, framework, factory);
    }
  }
}

/** Classes constructed for `eventStore` (their use is SDK plumbing that goes away). */
export function newedInEventStore(file: ServingFile, options: Record<string, ts.Node>): string[] {
  const out: string[] = [];
  const node = options.eventStore;
  if (!node) return out;
  const visit = (n: ts.Node): void => {
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression)) out.push(n.expression.text);
    if (ts.isIdentifier(n)) {
      const decl = file.values.symbolOf(n)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer) visit(decl.initializer);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** What a custom-logic refusal says about the endpoint: its rule (a stateless route keeps no registry), router and factory. */
export interface RefusalContext {
  ruleId?: RuleId;
  framework?: RouteFramework;
  factory?: string;
}

/** Code that only does session plumbing: every name it uses is a global, the SDK, a registry, the factory, or its own. */
export function checkBoilerplate(file: ServingFile, root: ts.Node, allowed: Set<string>, where: string, skip: readonly ts.Node[] = [], context: RefusalContext = {}): void {
  const custom = (name: string, at: ts.Node): CannotRewrite =>
    new CannotRewrite(`custom logic in ${where} (uses \`${name}\`): not rewritten automatically. Keep that logic in middleware.`, at, context.ruleId ?? RULE_ID.transportRegistry, context.framework, context.factory);
  // `this.x` of a class: its registry field, its factory method and logging are plumbing; any other member is the class's own logic.
  const own = customMemberUse(root, allowed, [...skip, ...file.registryAccesses]);
  const ownCallback = own && lifecycleCallback(own, root);
  if (own && ownCallback) {
    throw new CannotRewrite(`custom session-lifecycle work in \`${ownCallback}\` (uses \`${own.getText(file.sf)}\`): there are no sessions to open or close on 2026-07-28. Move setup into the server factory and cleanup into handle expiry.`, own, RULE_ID.sessionLifecycle);
  }
  // The marker goes above the statement using it (`ServingFile.attempt`): a line number would name the text this
  // transform read, which earlier transforms and the markers inserted above it have moved.
  if (own) throw custom(own.getText(file.sf), own);
  const loggers = loggerNames(root);
  for (const [name, id] of freeNames(root, [...skip, ...file.registryAccesses])) {
    // SDK names however they are imported (a package, a vendored or relative SDK) are plumbing too.
    if (allowed.has(name) || loggers.has(name) || localNames(root).has(name) || file.result.analysis.sdk.exportOf(id)) continue;
    const callback = lifecycleCallback(id, root);
    if (callback) {
      throw new CannotRewrite(`custom session-lifecycle work in \`${callback}\` (uses \`${name}\`): there are no sessions to open or close on 2026-07-28. Move setup into the server factory and cleanup into handle expiry.`, id, RULE_ID.sessionLifecycle);
    }
    if (name === 'res' || name === 'req') continue;
    // A helper of the project that only writes an answer on the response it is given (redash's
    // `sendSessionNotFound(res)`, a 404 with a JSON-RPC error) is the route's answer, written once.
    if (answersOnly(file, id)) continue;
    // One that only reads the session id off the request (`getSessionId(req)`: the Mcp-Session-Id header) is the
    // session routing itself, which goes with the registry.
    if (readsSessionIdOnly(file, id)) continue;
    // An object of the project's own class that only wraps a transport registry (`sessionManager.get(sid)`, sweep 31
    // AE2): its calls here are the registry's routing, which goes with it.
    if (registryWrapperCallsOnly(file, root, id)) continue;
    throw custom(name, id);
  }
}

/**
 * Whether every use of `id`'s binding in `root` calls a method of a project class that holds a transport (or server)
 * registry in a field and whose method does nothing but reach that registry with its parameters: `add(id, t) {
 * this.transports[id] = t }`, `get(id) { return this.transports[id] || null }`, `exists(id) { return id in
 * this.transports }`, `remove(id) { delete this.transports[id] }`, or the same through the field's `get`/`set`/`has`/
 * `delete`. A method that does more (starts a timer, counts, logs to a store) is the application's own logic.
 */
function registryWrapperCallsOnly(file: ServingFile, root: ts.Node, id: ts.Identifier): boolean {
  const symbol = file.values.symbolOf(id);
  if (!symbol) return false;
  const registryFields = new Map<ts.ClassLikeDeclaration, Set<string>>();
  for (const store of file.result.analysis.sessions.stores.values()) {
    if ((store.kind !== 'transport' && store.kind !== 'server') || !store.declaration || store.heldState?.length) continue;
    const field = ts.isPropertyDeclaration(store.declaration) && ts.isIdentifier(store.declaration.name) ? store.declaration.name.text : thisMemberName(store.declaration);
    let owner: ts.Node | undefined = store.declaration.parent;
    while (owner && !ts.isClassLike(owner)) owner = owner.parent;
    if (!field || !owner) continue;
    const fields = registryFields.get(owner as ts.ClassLikeDeclaration) ?? new Set<string>();
    fields.add(field);
    registryFields.set(owner as ts.ClassLikeDeclaration, fields);
  }
  if (registryFields.size === 0) return false;
  let every = true;
  let any = false;
  forEachDescendant(root, (node) => {
    if (!every || !ts.isIdentifier(node) || node.text !== id.text || file.values.symbolOf(node) !== symbol) return;
    const access = node.parent;
    const call = access && ts.isPropertyAccessExpression(access) && access.expression === node ? access.parent : undefined;
    const method = call && ts.isCallExpression(call) && call.expression === access ? file.values.calls.functionOfCall(call) : undefined;
    const owner = method && ts.isMethodDeclaration(method) && ts.isClassLike(method.parent) ? method.parent : undefined;
    const fields = owner && registryFields.get(owner);
    if (!method || !fields || !onlyReachesRegistry(method, fields)) every = false;
    else any = true;
  });
  return every && any;
}

/** Whether a method's body uses nothing but its parameters, literals and the registry fields (their collection methods included). */
function onlyReachesRegistry(method: ts.FunctionLikeDeclaration, fields: ReadonlySet<string>): boolean {
  if (!method.body) return false;
  const params = new Set(method.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
  if (params.size !== method.parameters.length) return false;
  const COLLECTION_METHODS = new Set(['get', 'set', 'has', 'delete']);
  let pure = true;
  const visit = (node: ts.Node): void => {
    if (!pure) return;
    if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword) {
      if (!fields.has(node.name.text)) pure = false;
      return;
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const onRegistry = ts.isPropertyAccessExpression(callee) && COLLECTION_METHODS.has(callee.name.text) && ts.isPropertyAccessExpression(callee.expression) && callee.expression.expression.kind === ts.SyntaxKind.ThisKeyword && fields.has(callee.expression.name.text);
      if (!onRegistry) {
        pure = false;
        return;
      }
      for (const arg of node.arguments) visit(arg);
      return;
    }
    if (ts.isIdentifier(node)) {
      if (!params.has(node.text) && node.text !== 'undefined') pure = false;
      return;
    }
    if (ts.isNewExpression(node) || ts.isAwaitExpression(node) || isFunctionLike(node) || ts.isThisTypeNode(node)) {
      pure = false;
      return;
    }
    if (node.kind === ts.SyntaxKind.ThisKeyword) {
      pure = false;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(method.body, visit);
  return pure;
}

/**
 * Whether `id` names a function of the project whose body only writes an HTTP answer on one of its parameters
 * (`function sendSessionNotFound(res) { res.status(404).json({ … }) }`): literal data, no other call, no other name.
 */
function answersOnly(file: ServingFile, id: ts.Identifier): boolean {
  if (!ts.isCallExpression(id.parent) || id.parent.expression !== id) return false;
  const decl = file.values.symbolOf(id)?.valueDeclaration;
  const fn = decl && functionOfDeclaration(decl);
  return !!fn && onlyAnswers(fn);
}

/**
 * Whether `id` is called as a function of the project that returns the request's session id and does nothing else
 * (`function getSessionId(req) { const value = req.headers['mcp-session-id']; return typeof value === 'string' ? value
 * : undefined; }`): no call but a header read, no construction, no write to anything but its own variables, no await.
 */
function readsSessionIdOnly(file: ServingFile, id: ts.Identifier): boolean {
  const call = id.parent;
  if (!ts.isCallExpression(call) || call.expression !== id || file.values.valueOf(call)?.kind !== 'session-id') return false;
  // Only a helper the rewrite can remove with the routes (`removeDeadDeclarations`): a function declared at the top of
  // this file and not exported. An arrow in a variable, or a helper of another module, would stay behind, reading the
  // header, and is custom logic as before.
  const fn = file.values.symbolOf(id)?.valueDeclaration;
  if (!fn || !ts.isFunctionDeclaration(fn) || !fn.body || fn.parent !== file.sf || ts.getModifiers(fn)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return false;
  let pure = true;
  const visit = (node: ts.Node): void => {
    if (!pure) return;
    // A header read (`req.header('mcp-session-id')`), not a project function given the id (`track(id)`).
    if (ts.isCallExpression(node) && (file.values.valueOf(node)?.kind !== 'session-id' || file.values.calls.functionOfCall(node))) pure = false;
    else if (ts.isNewExpression(node) || ts.isAwaitExpression(node) || ts.isYieldExpression(node) || ts.isDeleteExpression(node) || isFunctionLike(node)) pure = false;
    else if (ts.isBinaryExpression(node) && isAssignmentOperator(node.operatorToken.kind)) pure = false;
    else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) pure = false;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return pure;
}

function isAssignmentOperator(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

/**
 * Whether a function only writes an HTTP answer on one of its parameters, with literal data: every statement of
 * its block (or its expression body) is a chain of response writes (`res.status(405).json({…})`), nothing else.
 */
export function onlyAnswers(fn: ts.FunctionLikeDeclaration): boolean {
  if (!fn.body) return false;
  const params = new Set(fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : '')).filter(Boolean));
  const writesAnswer = (expression: ts.Expression | undefined): boolean => {
    if (!expression || !ts.isCallExpression(expression)) return false;
    // `res.status(404).json({…})`: a chain of response writes rooted at a parameter, with literal arguments.
    let current: ts.Expression = expression;
    while (ts.isCallExpression(current)) {
      const callee = current.expression;
      if (!ts.isPropertyAccessExpression(callee) || !HTTP_RESPONSE_WRITES.has(callee.name.text) || !current.arguments.every(isLiteralData)) return false;
      current = unwrap(callee.expression) as ts.Expression;
    }
    return ts.isIdentifier(current) && params.has(current.text);
  };
  if (!ts.isBlock(fn.body)) return writesAnswer(unwrap(fn.body) as ts.Expression);
  return fn.body.statements.length > 0 && fn.body.statements.every((statement) =>
    writesAnswer(ts.isExpressionStatement(statement) ? (unwrap(statement.expression) as ts.Expression) : ts.isReturnStatement(statement) && statement.expression ? (unwrap(statement.expression) as ts.Expression) : undefined));
}

/** The response methods that take the status code first (`res.status(405)`, `res.sendStatus(404)`, `res.writeHead(405, …)`). */
const STATUS_FIRST = new Set(['status', 'sendStatus', 'writeHead']);
/** Hono's answers, whose status code is the second argument (`c.json({ … }, 405)`). */
const STATUS_SECOND = new Set(['json', 'text', 'body']);

/**
 * Whether a function that only answers (`onlyAnswers`) gives the project's own answer rather than the SDK idiom's refusal:
 * a success status (none written is 200) and no JSON-RPC error in the body. A liveness probe on the MCP path
 * (`app.get('/mcp', (_req, res) => res.status(200).json({ status: 'ok' }))`) is the project's; the idiom's GET and DELETE
 * answer 405 with a JSON-RPC error (sweep 27 AA9).
 */
export function answersOwnSuccess(fn: ts.FunctionLikeDeclaration): boolean {
  if (!onlyAnswers(fn)) return false;
  let refusal = false;
  const visit = (node: ts.Node): void => {
    if (refusal) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      const status = STATUS_FIRST.has(name) ? node.arguments[0] : STATUS_SECOND.has(name) ? node.arguments[1] : undefined;
      const code = status && unwrap(status);
      if (code && ts.isNumericLiteral(code) && Number(code.text) >= 400) refusal = true;
    }
    if (ts.isPropertyAssignment(node) && propertyNameText(node.name) === 'error') refusal = true;
    ts.forEachChild(node, visit);
  };
  visit(fn.body!);
  return !refusal;
}

/** A literal, or an object/array of literals (the JSON-RPC error an answer carries). */
function isLiteralData(node: ts.Node): boolean {
  const n = unwrap(node);
  if (isPlainLiteral(n)) return true;
  if (ts.isPrefixUnaryExpression(n)) return ts.isNumericLiteral(n.operand);
  if (ts.isArrayLiteralExpression(n)) return n.elements.every(isLiteralData);
  if (ts.isObjectLiteralExpression(n)) return n.properties.every((p) => ts.isPropertyAssignment(p) && isLiteralData(p.initializer));
  return false;
}

/** `onsessioninitialized` / `onsessionclosed` / `onclose` function `id` sits in (below `root`). */
function lifecycleCallback(id: ts.Node, root: ts.Node): string | undefined {
  for (let current: ts.Node | undefined = id; current && current !== root; current = current.parent) {
    if (!isFunctionLike(current)) continue;
    const holder = current.parent;
    if (holder && ts.isPropertyAssignment(holder)) {
      const name = propertyNameText(holder.name);
      if (name && /^on(session|close)/.test(name)) return name;
    }
    if (holder && ts.isBinaryExpression(holder) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = holder.left;
      if (ts.isPropertyAccessExpression(left) && /^on(session|close)/.test(left.name.text)) return left.getText();
    }
  }
  return undefined;
}

/**
 * Every use of a registry outside its declaration and the `replaced` code: each must be a shutdown loop closing
 * its transports, or a count of its sessions (`Object.keys(transports).length`, `sessions.size`: a health or
 * metrics endpoint reporting open sessions, rewritten to `0` by `rewriteSessionCounts`, since with the registry
 * gone there are no sessions to count); any other use depends on sessions and refuses the rewrite. A count
 * inside a shutdown loop goes with the loop.
 */
export function registryUsesOutside(file: ServingFile, registries: readonly SessionStore[], replaced: readonly ts.Node[], allowed: Set<string>): { loops: Set<ts.Node>; counts: SessionCount[] } {
  // `replaced` also holds code that stays and may use a registry (the HTTP+SSE routes of a shared one).
  const loops = new Set<ts.Node>();
  const counts: SessionCount[] = [];
  refuseHeldState(registries);
  for (const registry of registries) {
    const decl = registry.declaration!;
    const declStatement = statementOf(decl);
    const refs = registryReferences(registry, file.sf, file.values);
    for (const ref of refs) {
      if (isInside(ref, declStatement) || isInside(ref, decl) || replaced.some((r) => isInside(ref, r))) continue;
      const count = sessionCountAt(ref);
      if (count) {
        counts.push({ count, registry });
        continue;
      }
      const loop = shutdownLoop(ref, refs);
      if (loop) {
        checkBoilerplate(file, loop, allowed, 'the shutdown loop');
        loops.add(loop);
        continue;
      }
      throw new CannotRewrite(`\`${registry.name}\` (the session registry) is also used here: that code depends on sessions; remove it.`, ref, RULE_ID.transportRegistry);
    }
  }
  return { loops, counts: counts.filter(({ count }) => ![...loops].some((loop) => isInside(count, loop))) };
}


/**
 * Whether every transport is made with `sessionIdGenerator: undefined`: they mint no session id, whether made per request
 * (the stateless idiom) or once and shared by every request (msfeldstein's session-inactivity-server). Serving kept
 * through them keeps no session, so nothing outside them (a CORS list naming Mcp-Session-Id) is kept for one.
 */
export function mintsNoSessionIds(file: ServingFile, transports: readonly ts.NewExpression[]): boolean {
  try {
    return transports.every((transport) => {
      // The option is optional: a transport without it mints no session id (mintsNoSession).
      const generator = transportOptionsOf(transport).sessionIdGenerator;
      return !generator || file.values.isUndefinedValue(generator);
    });
  } catch (error) {
    if (error instanceof CannotRewrite) return false;
    throw error;
  }
}

/** One `sessionIdGenerator: undefined` transport whose function keeps no registry: the v1 stateless idiom. */
export function isStatelessIdiom(file: ServingFile, transports: readonly ts.NewExpression[]): boolean {
  const fn = enclosingFunction(transports[0]!);
  return transports.length === 1 && !!fn && mintsNoSessionIds(file, transports) && file.registriesOf([fn]).length === 0;
}
