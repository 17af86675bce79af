/**
 * HTTP routes, whatever framework declares them: the one place that knows how express, hono,
 * fastify and plain `node:http` / web-standard handlers say "this code answers METHOD PATH".
 * The scan rules read routes through `routesAt` / `routesOf`; `apply`'s serving transform reuses
 * the same descriptions to find the GET/DELETE/POST endpoints it rewrites.
 *
 * Every framework is a row of `ROUTE_STYLES` (data, not code paths): how its route calls are
 * spelled, where the path and the handlers sit, and which modules it is imported from.
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, isRequireCall, memberAccess, outermostWrapper, propertyNameText, unwrap } from './ast.js';
import { boundCall, fieldSources, functionOfMemberAccess, isBindOfThis, memberOfFunction, memberReferences, selfBindStatement, thisMemberName } from './class-members.js';
import { functionOfDeclaration } from './declarations.js';
import type { ValueQueries } from './value.js';
import { moduleOfImport, namedImportOf } from './package-imports.js';

export type RouteFramework = 'express' | 'hono' | 'fastify' | 'koa' | 'node-http' | 'web' | 'unknown';

export interface Route {
  framework: RouteFramework;
  /** Lower-case HTTP method (`get`, `delete`, `post`, …); `all` for a catch-all registration. */
  method: string;
  /** The route path when it is a literal or a constant (`'/mcp'`, `MCP_PATH`); undefined when unknown. */
  path: string | undefined;
  /** The code that answers the route: handler functions, or the branch of a `req.method === 'GET'` test. */
  handlers: ts.Node[];
  /** Where the route names its method: `get` of `app.get(…)`, the `'DELETE'` of `method: 'DELETE'` or of `req.method === 'DELETE'`. */
  node: ts.Node;
  /** The registration call (absent for method comparisons). */
  call?: ts.CallExpression;
}

/** Modules a router object comes from, by framework. */
const FRAMEWORK_MODULES: Record<string, RouteFramework> = {
  express: 'express',
  hono: 'hono',
  'hono/tiny': 'hono',
  fastify: 'fastify',
  // Koa's routers (sweep 29 AC2): recognised for the advice (`ctx.req`, `ctx.res`, `ctx.respond = false`); not rewritten.
  koa: 'koa',
  'koa-router': 'koa',
  '@koa/router': 'koa',
  'node:http': 'node-http',
  http: 'node-http',
  'node:https': 'node-http',
  https: 'node-http',
  'node:http2': 'node-http',
  http2: 'node-http',
  // The SDK's own framework packages: `createMcpExpressApp()` is an express app.
  '@modelcontextprotocol/express': 'express',
  '@modelcontextprotocol/hono': 'hono',
  '@modelcontextprotocol/fastify': 'fastify',
};

/**
 * The SDK's app factories, resolved as SDK exports wherever they come from (v1's
 * `@modelcontextprotocol/sdk/server/express.js`, the v2 framework packages, a vendored or relative SDK).
 */
/**
 * Plugin wrappers by the module they come from, with the framework of the instance the wrapped function is handed:
 * `fp(async (fastify) => { fastify.post(…) })` from fastify-plugin is a fastify plugin, wherever it is registered.
 */
const PLUGIN_WRAPPER_MODULES: Record<string, RouteFramework> = {
  'fastify-plugin': 'fastify',
};

/** A framework's plugin types: a function held by a variable of one is handed that framework's instance. */
const PLUGIN_TYPES: Record<string, RouteFramework> = {
  FastifyPluginAsync: 'fastify',
  FastifyPluginCallback: 'fastify',
};

/**
 * A framework's route handler types, by the module they come from: a function held by a variable of one is that
 * framework's handler (`const mcpHandler: RouteHandlerMethod = async (req, res) => …`, mounted from another module with
 * `fastify.route({ handler: mcpHandler })`, sweep 36 AJ4), and so is a parameter typed with its request type.
 */
const HANDLER_TYPES: Record<string, RouteFramework> = {
  RouteHandlerMethod: 'fastify',
  RouteHandler: 'fastify',
  FastifyRequest: 'fastify',
  RequestHandler: 'express',
};

const SDK_APP_FACTORIES: Record<string, RouteFramework> = {
  createMcpExpressApp: 'express',
  createMcpHonoApp: 'hono',
  createMcpFastifyApp: 'fastify',
};

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all'];

/**
 * The route call styles. `verb`: `app.get(path, ...handlers)` (express, routers, hono, fastify's
 * shorthands, where a handler may also sit in an options object's `handler`). `chain`:
 * `app.route(path).get(h).delete(h)` (express). `on`: `app.on('GET' | ['GET', 'DELETE'], path, h)`
 * (hono). `options`: `fastify.route({ method, url, handler })`.
 */
const ROUTE_STYLES = {
  verb: { methods: new Set(HTTP_METHODS), pathArgument: 0 },
  chain: { start: 'route', methods: new Set(HTTP_METHODS) },
  on: { name: 'on', methodArgument: 0, pathArgument: 1 },
  options: { name: 'route', methodKey: 'method', pathKeys: ['url', 'path'], handlerKeys: ['handler'] },
  /** `req.method === 'GET'` / `switch (req.method) { case 'DELETE': … }` in a request listener. */
  comparison: { member: 'method', pathMembers: ['url', 'pathname', 'path'] },
} as const;

/**
 * Routes declared by decorators on a controller's methods, by the module exporting the decorators: NestJS's
 * `@Controller('mcp')` class whose `@Get()` method answers GET /mcp (sweep 23 W1). Kept apart from `routesOf`: these
 * are reported (`session-route`), not rewritten, as no transform knows how to edit a controller.
 */
const DECORATOR_ROUTES: Readonly<Record<string, { controller: string; methods: Readonly<Record<string, string>>; query: string }>> = {
  '@nestjs/common': { controller: 'Controller', methods: { Get: 'get', Post: 'post', Put: 'put', Patch: 'patch', Delete: 'delete', Head: 'head', Options: 'options', All: 'all' }, query: 'Query' },
};

/**
 * The query parameter a route method's parameter decorator names (`@Query('sessionId') sessionId: string`), when `node` is
 * that decorator's call.
 */
export function decoratedQueryParameter(node: ts.CallExpression, values: ValueQueries): string | undefined {
  if (!node.parent || !ts.isDecorator(node.parent) || !ts.isParameter(node.parent.parent)) return undefined;
  const imported = namedImportOf(values, node.expression);
  const description = imported && DECORATOR_ROUTES[imported.module];
  return description && imported.name === description.query && node.arguments[0] ? values.constantString(node.arguments[0]) : undefined;
}

/** The route a method decorator declares (`@Get()` on a method of a `@Controller('mcp')` class), when `node` is its call. */
export function decoratedRouteAt(node: ts.Node, values: ValueQueries): Route | undefined {
  if (!ts.isCallExpression(node) || !node.parent || !ts.isDecorator(node.parent)) return undefined;
  const method = node.parent.parent;
  if (!ts.isMethodDeclaration(method) || !method.body || !ts.isClassLike(method.parent)) return undefined;
  const imported = namedImportOf(values, node.expression);
  const description = imported && DECORATOR_ROUTES[imported.module];
  const verb = description && Object.hasOwn(description.methods, imported.name) ? description.methods[imported.name] : undefined;
  if (!verb || !description) return undefined;
  const controller = (ts.getDecorators(method.parent) ?? []).map((d) => d.expression).find((e): e is ts.CallExpression => {
    const named = ts.isCallExpression(e) ? namedImportOf(values, e.expression) : undefined;
    return named?.module === imported.module && named.name === description.controller;
  });
  if (!controller) return undefined;
  const segment = (arg: ts.Expression | undefined): string | undefined => (arg === undefined ? '' : values.constantString(arg));
  const base = segment(controller.arguments[0]);
  const own = segment(node.arguments[0]);
  const path = base === undefined || own === undefined ? undefined : `/${[base, own].map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
  return { framework: 'unknown', method: verb, path, handlers: [method], node: ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression };
}

/** Every route declared in a file. */
export function routesOf(file: ts.SourceFile, values: ValueQueries): Route[] {
  const out: Route[] = [];
  forEachDescendant(file, (node) => out.push(...routesAt(node, values)));
  return out;
}

/** The routes `node` declares: a route call, a method comparison (`req.method === 'GET'`) or a `case 'GET':`. */
export function routesAt(node: ts.Node, values: ValueQueries): Route[] {
  if (ts.isCallExpression(node)) {
    const dispatch = methodlessDispatch(node, values) ?? boundDispatch(node, values);
    return dispatch ? [dispatch] : routesOfCall(node, values);
  }
  if (ts.isBinaryExpression(node)) {
    const route = routeOfComparison(node, values);
    return route ? [route] : [];
  }
  if (ts.isCaseClause(node)) {
    const route = routeOfCase(node, values);
    return route ? [route] : [];
  }
  return [];
}

function routesOfCall(call: ts.CallExpression, values: ValueQueries): Route[] {
  const { name, nameNode, receiver } = calleeParts(call);
  if (!name || !receiver) return [];
  const lower = name.toLowerCase();
  if (name === ROUTE_STYLES.options.name && call.arguments.length === 1) return routesOfOptions(call, receiver, values);
  if (name === ROUTE_STYLES.on.name && call.arguments.length >= 3) return routesOfOn(call, receiver, values);
  if (!ROUTE_STYLES.verb.methods.has(name)) return [];
  // `app.route('/mcp').get(h)`: the path belongs to the chain.
  const chain = routeChain(receiver);
  if (chain) {
    if (call.arguments.length < 1 || !isRouter(chain.router, values)) return [];
    return [{ framework: frameworkOf(chain.router, values), method: lower, path: chain.path && values.constantString(chain.path), handlers: handlersOf(values, call.arguments), node: nameNode, call }];
  }
  if (call.arguments.length < 2) return [];
  const pathArg = call.arguments[ROUTE_STYLES.verb.pathArgument]!;
  const path = values.constantString(pathArg);
  // The path is a literal route ('/mcp') or a configured one (MCP_ENDPOINT_PATH, config.path); a
  // string that is not a path (`cache.get('key', …)`) or a function first (`app.get(handler)`) is not a route.
  if (path !== undefined ? !path.startsWith('/') : isFunctionLike(unwrap(pathArg))) return [];
  if (!isRouter(receiver, values)) return [];
  const handlers = handlersOf(values, call.arguments.slice(1));
  if (handlers.length === 0) return [];
  return [{ framework: frameworkOf(receiver, values), method: lower, path, handlers, node: nameNode, call }];
}

/**
 * The route whose handler `node` is inside: an inline handler function of a route call, or the branch of a
 * `req.method === …` test. Undefined outside any route (or in a named handler registered elsewhere).
 */
export function enclosingRoute(node: ts.Node, values: ValueQueries): Route | undefined {
  for (let current: ts.Node | undefined = node; current?.parent; current = current.parent) {
    const parent: ts.Node = current.parent;
    // A controller's method (`@Post('messages')` in a `@Controller('mcp')` class).
    if (ts.isMethodDeclaration(current)) {
      for (const decorator of ts.getDecorators(current) ?? []) {
        const route = decoratedRouteAt(decorator.expression, values);
        if (route) return route;
      }
    }
    if (isFunctionLike(current)) {
      const call = outermostWrapper(current).parent;
      if (call && ts.isCallExpression(call)) {
        const route = routesOfCall(call, values).find((r) => r.handlers.includes(current!));
        if (route) return route;
      }
    }
    if (ts.isIfStatement(parent) && parent.thenStatement === current) {
      let route: Route | undefined;
      const visit = (n: ts.Node): void => {
        if (route) return;
        if (ts.isBinaryExpression(n)) route = routeOfComparison(n, values);
        ts.forEachChild(n, visit);
      };
      visit(parent.expression);
      if (route) return route;
    }
  }
  return undefined;
}

/**
 * `http.createServer(transport.handleRequest.bind(transport))` (or the method itself, or a variable holding either):
 * the transport's own `handleRequest` is the listener, so every request of every method reaches that one transport,
 * as in `methodlessDispatch` (ridafkih/media-library-management-mcp, sweep 13 L6). The handler is the expression
 * naming the method.
 */
function boundDispatch(call: ts.CallExpression, values: ValueQueries): Route | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (name !== 'createServer' || !nameNode || call.arguments.length === 0) return undefined;
  const root = receiver ? unwrap(receiver) : unwrap(call.expression);
  if (!ts.isIdentifier(root) || FRAMEWORK_MODULES[localImportModule(root) ?? ''] !== 'node-http') return undefined;
  let listener = unwrap(call.arguments[call.arguments.length - 1]!);
  if (ts.isIdentifier(listener)) {
    const decl = values.symbolOf(listener)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isVariableDeclarationList(decl.parent) && decl.parent.flags & ts.NodeFlags.Const) listener = unwrap(decl.initializer);
  }
  const method = transportMethodReference(listener);
  if (!method || values.valueOf(method.expression)?.kind !== 'transport') return undefined;
  return { framework: 'node-http', method: 'all', path: undefined, handlers: [listener], node: method.name, call };
}

/** `t.handleRequest` or `t.handleRequest.bind(t)`: the transport's request method handed on, not called. */
export function transportMethodReference(node: ts.Node): ts.PropertyAccessExpression | undefined {
  let inner = unwrap(node as ts.Expression);
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(unwrap(inner.expression)) && (unwrap(inner.expression) as ts.PropertyAccessExpression).name.text === 'bind') {
    inner = unwrap((unwrap(inner.expression) as ts.PropertyAccessExpression).expression);
  }
  return ts.isPropertyAccessExpression(inner) && inner.name.text === 'handleRequest' ? inner : undefined;
}

/** The module a local name is imported or required from (`import { createServer } from 'node:http'`, `const http = require('http')`). */
function localImportModule(id: ts.Identifier): string | undefined {
  for (const statement of id.getSourceFile().statements) {
    if (ts.isImportDeclaration(statement) && statement.importClause && ts.isStringLiteralLike(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const bindings = clause.namedBindings;
      const named = bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === id.text);
      const whole = clause.name?.text === id.text || (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === id.text);
      if (named || whole) return statement.moduleSpecifier.text;
    }
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const bound = ts.isIdentifier(decl.name) ? decl.name.text === id.text : ts.isObjectBindingPattern(decl.name) && decl.name.elements.some((e) => ts.isIdentifier(e.name) && e.name.text === id.text);
        if (bound) return moduleOfImport(decl);
      }
    }
  }
  return undefined;
}

/**
 * A `node:http` listener that hands the request to a transport it did not create for this request
 * (`sessions.get(sid)?.handleRequest(req, res)`) without asking which method it is: every method reaches
 * that transport (GET opens its stream, DELETE ends it), like an `all` route. The `handleRequest` call is
 * where the route names its methods; the handler is the listener (or helper) around it.
 */
function methodlessDispatch(call: ts.CallExpression, values: ValueQueries): Route | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (name !== 'handleRequest' || !receiver || call.arguments.length < 2) return undefined;
  const request = unwrap(call.arguments[0]!);
  if (!ts.isIdentifier(request) || requestFramework(request, values) !== 'node-http') return undefined;
  if (values.valueOf(receiver)?.kind !== 'transport') return undefined;
  const listener = enclosingFunctionOf(call);
  if (!listener || enclosingMethodTest(call, listener)) return undefined;
  return { framework: 'node-http', method: 'all', path: pathTestedIn(call, values), handlers: [listener], node: nameNode, call };
}

function enclosingFunctionOf(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionLike(current)) return current;
  return undefined;
}

/** Whether a `req.method` comparison or `switch (req.method)` between the listener and `node` decides which method gets there. */
function enclosingMethodTest(node: ts.Node, listener: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current && current !== listener; current = current.parent) {
    const condition = ts.isIfStatement(current) ? current.expression : ts.isSwitchStatement(current) ? current.expression : ts.isConditionalExpression(current) ? current.condition : undefined;
    if (!condition) continue;
    let tested = false;
    const visit = (n: ts.Node): void => {
      if (tested) return;
      if ((ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) && requestOfMethodAccess(n)) tested = true;
      ts.forEachChild(n, visit);
    };
    visit(condition);
    if (tested) return true;
  }
  return false;
}

/** hono `app.on('GET', '/mcp', h)` / `app.on(['GET', 'DELETE'], '/mcp', h)`. */
function routesOfOn(call: ts.CallExpression, receiver: ts.Expression, values: ValueQueries): Route[] {
  const path = values.constantString(call.arguments[ROUTE_STYLES.on.pathArgument]!);
  if (path === undefined || !path.startsWith('/') || !isRouter(receiver, values)) return [];
  const handlers = handlersOf(values, call.arguments.slice(ROUTE_STYLES.on.pathArgument + 1));
  if (handlers.length === 0) return [];
  return methodLiterals(call.arguments[ROUTE_STYLES.on.methodArgument]!, values).map(({ method, node }) => ({
    framework: frameworkOf(receiver, values),
    method,
    path,
    handlers,
    node,
    call,
  }));
}

/** fastify `app.route({ method: 'GET' | ['GET', 'DELETE'], url: '/mcp', handler })`. */
function routesOfOptions(call: ts.CallExpression, receiver: ts.Expression, values: ValueQueries): Route[] {
  const options = unwrap(call.arguments[0]!);
  if (!ts.isObjectLiteralExpression(options) || !isRouter(receiver, values)) return [];
  const property = (keys: readonly string[]): ts.Node | undefined => {
    for (const prop of options.properties) {
      const key = propertyNameText(prop.name);
      if (!key || !keys.includes(key)) continue;
      if (ts.isPropertyAssignment(prop)) return prop.initializer;
      if (ts.isShorthandPropertyAssignment(prop)) return prop.name;
      if (ts.isMethodDeclaration(prop)) return prop;
    }
    return undefined;
  };
  const methodNode = property([ROUTE_STYLES.options.methodKey]);
  const pathNode = property(ROUTE_STYLES.options.pathKeys);
  const handlerNode = property(ROUTE_STYLES.options.handlerKeys);
  if (!methodNode || !handlerNode) return [];
  const path = pathNode ? values.constantString(pathNode) : undefined;
  if (path !== undefined && !path.startsWith('/')) return [];
  const handlers = handlersOf(values, [handlerNode]);
  if (handlers.length === 0) return [];
  return methodLiterals(methodNode, values).map(({ method, node }) => ({ framework: frameworkOf(receiver, values), method, path, handlers, node, call }));
}

/** `'GET'`, a constant holding it, or an array of them. */
function methodLiterals(node: ts.Node, values: ValueQueries): Array<{ method: string; node: ts.Node }> {
  const inner = unwrap(node);
  const items = ts.isArrayLiteralExpression(inner) ? [...inner.elements] : [inner];
  const out: Array<{ method: string; node: ts.Node }> = [];
  for (const item of items) {
    const text = values.constantString(item)?.toLowerCase();
    if (text && HTTP_METHODS.includes(text)) out.push({ method: text, node: item });
    if (text === '*') out.push({ method: 'all', node: item });
  }
  return out;
}

/** `req.method === 'DELETE'` (either side): the branch it guards answers DELETE. */
function routeOfComparison(node: ts.BinaryExpression, values: ValueQueries): Route | undefined {
  const op = node.operatorToken.kind;
  if (op !== ts.SyntaxKind.EqualsEqualsEqualsToken && op !== ts.SyntaxKind.EqualsEqualsToken) return undefined;
  const sides: Array<[ts.Expression, ts.Expression]> = [[node.left, node.right], [node.right, node.left]];
  for (const [member, literal] of sides) {
    const request = requestOfMethodAccess(member);
    const method = request && values.constantString(literal);
    if (!request || !method || method !== method.toUpperCase() || !HTTP_METHODS.includes(method.toLowerCase())) continue;
    // The guarded code: the `if` whose condition this comparison is (part of), or the right side of `&&`.
    let condition: ts.Node = outermostWrapper(node);
    // `a && b` guards the branch with both; `req.method === 'GET' || req.method === 'DELETE'` answers either method.
    while (condition.parent && ts.isBinaryExpression(condition.parent) && (condition.parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken || condition.parent.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
      condition = outermostWrapper(condition.parent);
    }
    const statement = condition.parent;
    if (!statement || !ts.isIfStatement(statement) || statement.expression !== condition) return undefined;
    return {
      framework: requestFramework(request, values),
      method: method.toLowerCase(),
      path: pathTestedIn(statement, values),
      handlers: [statement.thenStatement],
      node: literal,
    };
  }
  return undefined;
}

/** `switch (req.method) { case 'GET': … }`: the clause (and any it falls through to) answers GET. */
function routeOfCase(clause: ts.CaseClause, values: ValueQueries): Route | undefined {
  const block = clause.parent;
  const statement = block.parent;
  const request = requestOfMethodAccess(statement.expression);
  const method = request && values.constantString(clause.expression);
  if (!request || !method || method !== method.toUpperCase() || !HTTP_METHODS.includes(method.toLowerCase())) return undefined;
  const clauses = block.clauses;
  const from = clauses.indexOf(clause);
  const body = clauses.slice(from).find((c) => c.statements.length > 0);
  return {
    framework: requestFramework(request, values),
    method: method.toLowerCase(),
    path: pathTestedIn(statement, values),
    handlers: body ? [body] : [],
    node: clause.expression,
  };
}

/** `req.method`, `request.method`, `c.req.method`: the request object, when `expr` reads its method. */
function requestOfMethodAccess(expr: ts.Expression): ts.Expression | undefined {
  const access = memberAccess(unwrap(expr));
  return access?.name === ROUTE_STYLES.comparison.member ? access.object : undefined;
}

/** The first path literal an enclosing condition compares the URL against (`req.url === '/mcp'`, `url.pathname.startsWith('/mcp')`). */
function pathTestedIn(statement: ts.Node, values: ValueQueries): string | undefined {
  for (let current: ts.Node | undefined = statement; current && !isFunctionLike(current); current = current.parent) {
    const condition = ts.isIfStatement(current) ? current.expression : ts.isSwitchStatement(current) ? current.expression : undefined;
    if (!condition) continue;
    let found: string | undefined;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (ts.isBinaryExpression(node) || ts.isCallExpression(node)) {
        const parts = ts.isBinaryExpression(node) ? [node.left, node.right] : [node.expression, ...node.arguments];
        const mentionsUrl = parts.some((p) => /\b(url|pathname|path)\b/.test(p.getText()));
        const literal = parts.map((p) => values.constantString(p)).find((text) => text?.startsWith('/'));
        if (mentionsUrl && literal) found = literal;
      }
      ts.forEachChild(node, visit);
    };
    visit(condition);
    if (found) return found;
  }
  return undefined;
}

/** A plain listener (`http.createServer((req, res) => …)`, `IncomingMessage`) or a web-standard `Request`. */
function requestFramework(request: ts.Expression, values: ValueQueries): RouteFramework {
  const inner = unwrap(request);
  if (!ts.isIdentifier(inner)) return frameworkOf(inner, values) === 'hono' ? 'hono' : 'web';
  const decl = values.symbolOf(inner)?.valueDeclaration;
  if (!decl || !ts.isParameter(decl)) return 'web';
  const typeText = decl.type?.getText() ?? '';
  if (/IncomingMessage/.test(typeText)) return 'node-http';
  const fn = decl.parent;
  const typed = frameworkOfTypeName(decl.type, HANDLER_TYPES, values) ?? (isFunctionLike(fn) ? frameworkOfTypeName(heldBy(fn)?.type, HANDLER_TYPES, values) : undefined);
  if (typed) return typed;
  const call = fn.parent;
  if (call && ts.isCallExpression(call) && call.arguments.includes(fn as ts.Expression) && calleeParts(call).name === 'createServer') return 'node-http';
  return 'web';
}

/** A function held by a variable typed as a framework's route handler (`const h: RouteHandlerMethod = …`): that framework. */
export function typedRouteHandler(fn: ts.Node, values: ValueQueries): RouteFramework | undefined {
  return frameworkOfTypeName(heldBy(fn)?.type, HANDLER_TYPES, values);
}

/** The variable a function is held by (`const h: RouteHandlerMethod = async (…) => …`). */
function heldBy(fn: ts.Node): ts.VariableDeclaration | undefined {
  const holder = outermostWrapper(fn).parent;
  return holder && ts.isVariableDeclaration(holder) ? holder : undefined;
}

/** `app.route('/mcp').get(h).post(h)`: the `.route(path)` call a chained verb hangs off. */
function routeChain(receiver: ts.Expression): { router: ts.Expression; path: ts.Expression | undefined } | undefined {
  let current = unwrap(receiver);
  while (ts.isCallExpression(current)) {
    const { name, receiver: next } = calleeParts(current);
    if (name === ROUTE_STYLES.chain.start && next) return { router: next, path: current.arguments[0] };
    if (!name || !next || !ROUTE_STYLES.chain.methods.has(name)) return undefined;
    current = unwrap(next);
  }
  return undefined;
}

/** SDK objects (servers, transports, contexts) are not routers. */
function isRouter(receiver: ts.Expression, values: ValueQueries): boolean {
  return !values.valueOf(receiver);
}

/** The handler code among route arguments: inline functions, named functions, or an options object's `handler`. */
function handlersOf(values: ValueQueries, args: readonly ts.Node[], depth = 0): ts.Node[] {
  const out: ts.Node[] = [];
  for (const arg of args) {
    const inner = unwrap(arg);
    if (isFunctionLike(inner)) out.push(inner);
    // `this.handlePost.bind(this)`: the method itself.
    else if (ts.isCallExpression(inner) && isBindOfThis(inner)) out.push(...handlersOf(values, [(inner.expression as ts.PropertyAccessExpression).expression], depth));
    // `withErrorHandling(async (req, res) => …)`, `asyncHandler(handle)`: the handler a wrapper is given.
    else if (ts.isCallExpression(inner) && depth < 2) out.push(...handlersOf(values, inner.arguments, depth + 1));
    else if (ts.isPropertyAccessExpression(inner) && thisMemberName(inner)) {
      // `this.handlePost`: a method of the class (or a field holding a function).
      const fn = functionOfMemberAccess(inner, values);
      if (fn) out.push(fn);
    } else if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
      for (const decl of values.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner)?.declarations ?? []) {
        const fn = functionOfDeclaration(decl);
        if (fn) out.push(fn);
      }
    } else if (ts.isObjectLiteralExpression(inner)) {
      const handler = inner.properties.find((p) => ROUTE_STYLES.options.handlerKeys.includes(propertyNameText(p.name) as 'handler'));
      if (handler && ts.isMethodDeclaration(handler)) out.push(handler);
      else if (handler && ts.isPropertyAssignment(handler)) out.push(...handlersOf(values, [handler.initializer]));
    }
  }
  return out;
}

/** Which framework a router comes from: the module its root identifier (or its factory) is imported from. */
function frameworkOf(router: ts.Node, values: ValueQueries, depth = 0): RouteFramework {
  let root = unwrap(router);
  while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root) || ts.isNewExpression(root)) {
    // `this.app`: a field of the class, by its declared type, its initializer or what the class assigns to it.
    if (ts.isPropertyAccessExpression(root) && thisMemberName(root) && depth <= 4) {
      for (const source of fieldSources(root, values)) {
        const framework = frameworkOf(source, values, depth + 1);
        if (framework !== 'unknown') return framework;
      }
      return 'unknown';
    }
    // `require('express').Router()`: the module required in place.
    if (isRequireCall(root)) {
      const module = root.arguments[0];
      return module && ts.isStringLiteralLike(module) ? (FRAMEWORK_MODULES[module.text] ?? 'unknown') : 'unknown';
    }
    root = unwrap(root.expression);
  }
  if (!ts.isIdentifier(root) || depth > 4) return 'unknown';
  const factory = SDK_APP_FACTORIES[values.sdk.exportOf(root)?.name ?? ''];
  if (factory) return factory;
  for (const decl of values.symbolOf(root)?.declarations ?? []) {
    const module = moduleOfImport(decl);
    if (module !== undefined) return FRAMEWORK_MODULES[module] ?? 'unknown';
    if (ts.isVariableDeclaration(decl) && decl.initializer) return frameworkOf(decl.initializer, values, depth + 1);
    // `let app: express.Application;` assigned in a test's `beforeEach`: the declared type says which router it is.
    if ((ts.isParameter(decl) || ts.isVariableDeclaration(decl)) && decl.type && ts.isTypeReferenceNode(decl.type)) {
      return frameworkOf(ts.isIdentifier(decl.type.typeName) ? decl.type.typeName : decl.type.typeName.left, values, depth + 1);
    }
    // A fastify plugin: `app.register(async (instance) => { instance.post(…) })` hands the plugin a fastify instance.
    const plugin = ts.isParameter(decl) && !decl.type ? pluginRegistration(decl) : undefined;
    if (plugin && frameworkOf(plugin.expression, values, depth + 1) === 'fastify') return 'fastify';
    // A plugin in a module of its own: wrapped by fastify-plugin (`fp(async (fastify) => …)`), or held by a
    // variable typed with the framework's plugin type (`const routes: FastifyPluginAsync = async (fastify) => …`).
    const own = ts.isParameter(decl) && !decl.type ? pluginOfOwnModule(decl, values) : undefined;
    if (own) return own;
  }
  return 'unknown';
}

/** The framework of a plugin function whose first parameter is `param`: by its wrapper's module, or by its variable's declared type. */
function pluginOfOwnModule(param: ts.ParameterDeclaration, values: ValueQueries): RouteFramework | undefined {
  const fn = param.parent;
  if (!ts.isFunctionLike(fn) || fn.parameters[0] !== param) return undefined;
  let holder = outermostWrapper(fn as ts.Node).parent;
  if (holder && ts.isCallExpression(holder) && unwrap(holder.arguments[0] ?? holder) === fn) {
    const callee = unwrap(holder.expression);
    const name = ts.isIdentifier(callee) ? callee : undefined;
    for (const decl of (name && values.symbolOf(name)?.declarations) || []) {
      const module = moduleOfImport(decl);
      if (module !== undefined && PLUGIN_WRAPPER_MODULES[module]) return PLUGIN_WRAPPER_MODULES[module];
    }
    holder = outermostWrapper(holder).parent;
  }
  // `export const routes: FastifyPluginAsync = …`: the type's module is the framework's.
  return holder && ts.isVariableDeclaration(holder) ? frameworkOfTypeName(holder.type, PLUGIN_TYPES, values) : undefined;
}

/** The framework a type reference names, by `table`, when the type is imported from a module of that framework. */
function frameworkOfTypeName(type: ts.TypeNode | undefined, table: Readonly<Record<string, RouteFramework>>, values: ValueQueries): RouteFramework | undefined {
  if (!type || !ts.isTypeReferenceNode(type)) return undefined;
  const typeName = type.typeName;
  const framework = table[ts.isIdentifier(typeName) ? typeName.text : typeName.right.text];
  if (!framework) return undefined;
  const imported = values.symbolOf(ts.isIdentifier(typeName) ? typeName : typeName.left)?.declarations ?? [];
  return imported.some((d) => { const module = moduleOfImport(d); return module !== undefined && FRAMEWORK_MODULES[module] === framework; }) ? framework : undefined;
}

/** `app.register(fn)` when `param` is the first parameter of `fn`: the call's callee (`app.register`). */
function pluginRegistration(param: ts.ParameterDeclaration): ts.CallExpression | undefined {
  const fn = param.parent;
  if (!ts.isFunctionLike(fn) || fn.parameters[0] !== param) return undefined;
  const call = outermostWrapper(fn as ts.Node).parent;
  if (!call || !ts.isCallExpression(call) || unwrap(call.arguments[0] ?? call) !== fn) return undefined;
  return calleeParts(call).name === 'register' ? call : undefined;
}


/**
 * The route calls a named handler function is mounted with (`app.post('/mcp', mcpHandler)`,
 * `app.get('/mcp', mcpHandler)`, …), when every use of its name is such a mount; undefined when the
 * function is anonymous, used in any other way, or never mounted.
 */
export function mountsOf(fn: ts.FunctionLikeDeclaration, values: ValueQueries): Route[] | undefined {
  const member = memberOfFunction(fn);
  if (member) return memberMounts(fn, member, values);
  const holder = ts.isFunctionDeclaration(fn) ? fn : outermostWrapper(fn).parent;
  const name = holder && (ts.isFunctionDeclaration(holder) || ts.isVariableDeclaration(holder)) ? holder.name : undefined;
  if (!name || !ts.isIdentifier(name)) return undefined;
  const declaration = values.symbolOf(name)?.valueDeclaration;
  const routes: Route[] = [];
  let elsewhere = false;
  forEachDescendant(fn.getSourceFile(), (node) => {
    if (elsewhere || !ts.isIdentifier(node) || node === name || node.text !== name.text || values.symbolOf(node)?.valueDeclaration !== declaration) return;
    const call = outermostWrapper(node).parent;
    const route = call && ts.isCallExpression(call) && call.arguments[call.arguments.length - 1] === outermostWrapper(node) ? routesOfCall(call, values).find((r) => r.handlers.includes(fn)) : undefined;
    if (route) routes.push(route);
    else elsewhere = true;
  });
  return elsewhere || routes.length === 0 ? undefined : routes;
}

/**
 * The route calls a class mounts one of its handler methods with (`this.app.post('/mcp', this.handlePost)` or
 * `….bind(this)`), when every other use of the member is the constructor's `this.m = this.m.bind(this)`.
 */
function memberMounts(fn: ts.FunctionLikeDeclaration, member: NonNullable<ReturnType<typeof memberOfFunction>>, values: ValueQueries): Route[] | undefined {
  const routes: Route[] = [];
  for (const ref of memberReferences(member, values)) {
    if (selfBindStatement(ref)) continue;
    const arg = outermostWrapper(boundCall(ref) ?? ref);
    const call = arg.parent;
    const route = call && ts.isCallExpression(call) && call.arguments[call.arguments.length - 1] === arg ? routesOfCall(call, values).find((r) => r.handlers.includes(fn)) : undefined;
    if (!route) return undefined;
    routes.push(route);
  }
  return routes.length > 0 ? routes : undefined;
}
