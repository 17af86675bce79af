import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, outermostWrapper, unwrap } from '../../analysis/ast.js';
import { forOfLoop } from '../../analysis/declarations.js';
import { decoratedRouteAt, routesAt, transportMethodReference, type Route } from '../../analysis/routes.js';
import { SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { SESSION_HEADER } from '../../analysis/http-requests.js';
import { mintsNoSession } from '../../analysis/constructor-options.js';
import { defineRule, specUrl } from '../rule.js';
import type { Analysis } from '../../analysis/model.js';

const ROUTE_METHODS = new Set(['get', 'delete']);

/**
 * How a route handler serves or ends a session: `session` when it reads the session header, uses a transport registry,
 * opens an SSE stream or hands the request to a session's transport kept outside it; `outliving` when its only sign is
 * a stateless transport (`sessionIdGenerator: undefined`) created outside it, one for every request: no session to
 * speak of, but GET and DELETE reach it all the same.
 */
type Serving = 'session' | 'sse' | 'registry' | 'header' | 'outliving';

/**
 * `registry`: its only sign is a keyed use of a transport registry (`transports.has(id)`): on the MCP endpoint's path that
 * is its session route; on another path (an operator's `GET /debug/sessions` listing the registry, sweep 27 AA4) it only
 * reads a registry that goes with the sessions, which the registry's own finding covers.
 * `header`: the handler's only sign of a session is a read of the `Mcp-Session-Id` header. On the MCP endpoint's path
 * that is its session route; on another path (an OAuth redirect keying its state by the id, sweep 12 K5) it is not
 * an SSE stream or a session's end, and `session-header` reports the read.
 */
function servesSession(analysis: Analysis, handler: ts.Node, registries: Set<ts.Node>, strict = false, depth = 0, seen = new Set<ts.Node>()): Serving | undefined {
  let session = false;
  // The session's sign is an HTTP+SSE transport it makes (`new SSEServerTransport('/messages', res)`): the deprecated
  // transport's own stream, not Streamable HTTP's standalone GET stream (sweep 39 AM2).
  let sse = false;
  let registry = false;
  let header = false;
  let outliving = false;
  seen.add(handler);
  const visit = (node: ts.Node): void => {
    if (session) return;
    let found = false;
    // `await handleSessionRequest(req, res)`: a local helper the handler delegates to (two calls deep).
    if (ts.isCallExpression(node) && depth < 2) {
      const callee = analysis.values.calls.functionOfCall(node);
      const inner = callee?.body && !seen.has(callee) ? servesSession(analysis, callee, registries, strict, depth + 1, seen) : undefined;
      if (inner === 'session') found = true;
      else if (inner === 'sse') found = sse = true;
      else if (inner === 'registry') registry = true;
      else if (inner === 'header') header = true;
      else if (inner === 'outliving') outliving = true;
    }
    // A catch-all route counts only when it hands requests to a session's transport (a header read alone may be a 410).
    if (!strict && (ts.isElementAccessExpression(node) || ts.isCallExpression(node))) {
      if (analysis.values.headerAccessOf(node, SESSION_HEADER)) header = true;
    }
    if (ts.isNewExpression(node)) {
      const ref = analysis.sdk.exportOf(node.expression);
      if (ref && SSE_TRANSPORTS.has(ref.name)) found = sse = true;
    }
    // `t.handleRequest(…)`, or the method handed on as the listener itself (`t.handleRequest.bind(t)`).
    const reference = transportMethodReference(node);
    if ((ts.isCallExpression(node) && calleeParts(node).name === 'handleRequest') || (reference && reference === node && !isCalled(reference))) {
      // A transport that outlives the request (module-level, or reached from outside the handler).
      const receiver = reference === node ? reference.expression : calleeParts(node as ts.CallExpression).receiver;
      if (receiver && analysis.values.valueOf(receiver)?.kind === 'transport' && !createdWithin(analysis, receiver, handler)) {
        if (createdStateless(analysis, receiver)) outliving = true;
        else found = true;
      }
    }
    if (ts.isIdentifier(node) && registries.size) {
      const decl = analysis.values.symbolOf(node)?.valueDeclaration;
      if (decl && registries.has(decl) && isKeyedUse(node)) {
        // A key taken from the registry itself (`[...transports.keys()].filter((id) => transports.has(id))`) lists it; a key
        // from the request (`transports.get(req.params.id)`) reaches one session.
        if (keyFromRegistry(analysis, node, decl)) registry = true;
        else found = true;
      }
    }
    if (found) session = true;
  };
  // The handler itself may be the transport's method handed on (`http.createServer(t.handleRequest.bind(t))`).
  visit(handler);
  forEachDescendant(handler, visit);
  return session ? (sse ? 'sse' : 'session') : registry ? 'registry' : header ? 'header' : outliving ? 'outliving' : undefined;
}

/**
 * Whether the key of a registry's keyed use is taken from that registry: a parameter of a callback handed to a call over
 * it (`Array.from(transports.keys()).filter((id) => transports.has(id))`) or the variable of a loop over it.
 */
function keyFromRegistry(analysis: Analysis, id: ts.Identifier, registry: ts.Node): boolean {
  const outer = outermostWrapper(id.parent && ts.isPropertyAccessExpression(id.parent) && id.parent.name === id ? id.parent : id);
  const parent = outer.parent;
  const key = parent && ts.isElementAccessExpression(parent) ? parent.argumentExpression : parent && ts.isPropertyAccessExpression(parent) && ts.isCallExpression(parent.parent) ? parent.parent.arguments[0] : undefined;
  const keyId = key && unwrap(key);
  if (!keyId || !ts.isIdentifier(keyId)) return false;
  const declaration = analysis.values.symbolOf(keyId)?.valueDeclaration;
  if (!declaration) return false;
  const mentionsRegistry = (node: ts.Node): boolean => {
    let found = false;
    forEachDescendant(node, (n) => {
      if (!found && ts.isIdentifier(n) && analysis.values.symbolOf(n)?.valueDeclaration === registry) found = true;
    });
    return found;
  };
  if (ts.isParameter(declaration)) {
    const fn = declaration.parent;
    const call = fn.parent;
    if (!ts.isCallExpression(call) || !call.arguments.includes(fn as ts.Expression)) return false;
    const receiver = calleeParts(call).receiver;
    return !!receiver && mentionsRegistry(receiver);
  }
  // `for (const id of transports.keys())`
  const loop = ts.isVariableDeclaration(declaration) ? forOfLoop(declaration) : undefined;
  return !!loop && mentionsRegistry(loop.expression);
}

/** Whether `access` is the callee of a call (`t.handleRequest(…)`), rather than handed on. */
function isCalled(access: ts.PropertyAccessExpression): boolean {
  const outer = outermostWrapper(access);
  return !!outer.parent && ts.isCallExpression(outer.parent) && outer.parent.expression === outer;
}

/** Whether a route handler hands the request to an SDK transport (`transport.handleRequest(…)`) or opens an HTTP+SSE stream. */
function servesMcp(analysis: Analysis, handler: ts.Node): boolean {
  let found = false;
  forEachDescendant(handler, (node) => {
    if (found) return;
    if (ts.isCallExpression(node) && calleeParts(node).name === 'handleRequest') {
      const receiver = calleeParts(node).receiver;
      if (receiver && analysis.values.valueOf(receiver)?.kind === 'transport') found = true;
    }
    if (ts.isNewExpression(node)) {
      const ref = analysis.sdk.exportOf(node.expression);
      if (ref && SSE_TRANSPORTS.has(ref.name)) found = true;
    }
  });
  return found;
}

/** `transport` names a variable initialised with `new …({ sessionIdGenerator: undefined })`: a stateless transport. */
function createdStateless(analysis: Analysis, transport: ts.Expression): boolean {
  const inner = unwrap(transport);
  const declaration = ts.isIdentifier(inner) ? analysis.values.symbolOf(inner)?.valueDeclaration : undefined;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return false;
  let created: ts.Node = unwrap(declaration.initializer);
  if (ts.isAwaitExpression(created)) created = unwrap(created.expression);
  return ts.isNewExpression(created) && mintsNoSession(created);
}

const KEYED_METHODS = new Set(['get', 'has', 'delete', 'set']);
/** Receivers whose methods only look at a collection as a whole (`Object.keys(transports).length`). */
const WHOLE_COLLECTION_RECEIVERS = new Set(['Object', 'Array', 'JSON', 'console']);

/**
 * A use of a registry that reaches one session's entry (`transports[sid]`, `transports.get(sid)`,
 * or the registry handed to a helper), not one that only counts or lists it (`/health` answering
 * `{ sessions: transports.size }`).
 */
function isKeyedUse(id: ts.Identifier): boolean {
  const expr = id.parent && ts.isPropertyAccessExpression(id.parent) && id.parent.name === id ? id.parent : id;
  const outer = outermostWrapper(expr);
  const parent = outer.parent;
  if (!parent) return false;
  if (ts.isElementAccessExpression(parent)) return parent.expression === outer;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === outer) {
    const call = parent.parent;
    return KEYED_METHODS.has(parent.name.text) && !!call && ts.isCallExpression(call) && call.expression === parent && call.arguments.length > 0;
  }
  if (ts.isCallExpression(parent) && parent.arguments.includes(outer as ts.Expression)) {
    const receiver = calleeParts(parent).receiver;
    const root = receiver && unwrap(receiver);
    return !(root && ts.isIdentifier(root) && WHOLE_COLLECTION_RECEIVERS.has(root.text));
  }
  return false;
}

/** `const t = new StreamableHTTPServerTransport(...)` inside the handler itself: a per-request transport. */
function createdWithin(analysis: Analysis, receiver: ts.Expression, handler: ts.Node): boolean {
  const inner = unwrap(receiver);
  if (!ts.isIdentifier(inner)) return false;
  const decl = analysis.values.symbolOf(inner)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !ts.isNewExpression(unwrap(decl.initializer))) return false;
  for (let current: ts.Node | undefined = decl; current; current = current.parent) if (current === handler) return true;
  return false;
}

export default defineRule({
  meta: {
    id: 'session-transport/session-route',
    category: 'session-transport',
    severity: 'error',
    fix: 'auto',
    summary: 'A GET or DELETE route that serves a session\'s SSE stream or ends a session',
    messages: {
      get: 'GET opens a standalone per-session SSE stream; 2026-07-28 removed it (servers answer GET with 405). Server-initiated notifications now travel on `subscriptions/listen`.',
      sseGet:
        'GET opens an HTTP+SSE session stream (`SSEServerTransport`, the deprecated transport): each client gets a stream its later POSTs find again by `?sessionId=`. 2026-07-28 has no such stream: serve POST with `createMcpHandler`, and keep this endpoint only for 2025-era clients (`@modelcontextprotocol/server-legacy`).',
      delete: 'DELETE ends a session; 2026-07-28 has no sessions (servers answer DELETE with 405).',
      all: 'This route answers every method and hands requests to a session\'s transport, so GET (a standalone per-session SSE stream) and DELETE (ending a session) reach it too; 2026-07-28 answers GET and DELETE with 405. Serve POST with `createMcpHandler`.',
      allShared:
        'This route answers every method and hands every request to one transport created outside it, so GET (a standalone SSE stream) and DELETE reach that transport too; 2026-07-28 answers GET and DELETE with 405 and serves each request with its own server and transport. Serve POST with `createMcpHandler`.',
    },
    spec: specUrl('basic/transports/streamable-http'),
  },
  create(context) {
    const { analysis } = context;
    let registries: Set<ts.Node> | undefined;
    // The paths of the program's MCP endpoints, and the routes whose only sign is a header read, judged at the end.
    const endpoints = new Set<string>();
    // Paths with a POST (or catch-all) route: where JSON-RPC requests may arrive, whatever serves them (a project's own
    // transport manager included).
    const posted = new Set<string>();
    const headerOnly: Route[] = [];
    const registryOnly: Route[] = [];
    const decoratedRoutes = new Set<Route>();
    const check = (node: ts.Node): void => {
      const decorated = decoratedRouteAt(node, analysis.values);
      for (const route of decorated ? [decorated] : routesAt(node, analysis.values)) {
        if (route.path !== undefined && !endpoints.has(route.path) && route.handlers.some((h) => servesMcp(analysis, h))) endpoints.add(route.path);
        if (route.path !== undefined && (route.method === 'post' || route.method === 'all')) posted.add(route.path);
        if (!ROUTE_METHODS.has(route.method) && route.method !== 'all') continue;
        registries ??= analysis.sessions.registryDeclarations();
        const strict = route.method === 'all';
        const serving = route.handlers.map((h) => servesSession(analysis, h, registries!, strict));
        // A route declared by a decorator (a NestJS controller) is reported, not rewritten: no transform edits controllers.
        const fix = decorated ? { fix: 'manual' as const } : {};
        if (decorated) decoratedRoutes.add(route);
        if (serving.includes('sse') && route.method === 'get') context.report({ node: route.node, messageId: 'sseGet', ...fix });
        else if (serving.includes('session') || serving.includes('sse')) context.report({ node: route.node, messageId: route.method, ...fix });
        // Only a registry or the header is read: a session route on the MCP endpoint's path (or a path the code computes), not elsewhere.
        else if (serving.includes('registry')) registryOnly.push(route);
        else if (serving.includes('header')) headerOnly.push(route);
        // One transport for every request, with no other sign of a session: said as it is (a stateless one has no session).
        else if (serving.includes('outliving')) context.report({ node: route.node, messageId: route.method === 'all' ? 'allShared' : route.method, ...fix });
      }
    };
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: check,
        [ts.SyntaxKind.BinaryExpression]: check,
        [ts.SyntaxKind.CaseClause]: check,
      },
      end() {
        // Without an endpoint in sight (a file scanned alone), the route is judged by its header read, as before.
        for (const route of registryOnly) {
          if (route.path === undefined || endpoints.size === 0 || endpoints.has(route.path) || posted.has(route.path)) context.report({ node: route.node, messageId: route.method, ...(decoratedRoutes.has(route) ? { fix: 'manual' as const } : {}) });
        }
        for (const route of headerOnly) {
          if (route.path === undefined || endpoints.size === 0 || endpoints.has(route.path) || posted.has(route.path)) context.report({ node: route.node, messageId: route.method, ...(decoratedRoutes.has(route) ? { fix: 'manual' as const } : {}) });
        }
      },
    };
  },
});
