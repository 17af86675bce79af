import { ts } from '../../analysis/typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, unwrap } from '../../analysis/ast.js';
import { SSE_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { SESSION_HEADER, functionOfDeclaration } from '../../analysis/values.js';
import { defineRule, specUrl, type Analysis } from '../rule.js';

const ROUTE_METHODS = new Set(['get', 'delete']);
const CHAINABLE = new Set(['get', 'post', 'put', 'patch', 'delete', 'all', 'options', 'head']);

/** Whether a route handler serves or ends a session: reads the session header, uses a transport registry, or opens an SSE stream. */
function servesSession(analysis: Analysis, handler: ts.Node, registries: Set<ts.Node>): boolean {
  let found = false;
  forEachDescendant(handler, (node) => {
    if (found) return;
    if (ts.isElementAccessExpression(node) || ts.isCallExpression(node)) {
      if (analysis.values.headerAccess(node)?.name === SESSION_HEADER) found = true;
    }
    if (ts.isNewExpression(node)) {
      const ref = analysis.sdk.exportOf(node.expression);
      if (ref && SSE_TRANSPORTS.has(ref.name)) found = true;
    }
    if (ts.isCallExpression(node) && calleeParts(node).name === 'handleRequest') {
      // A transport that outlives the request (module-level, or reached from outside the handler).
      const receiver = calleeParts(node).receiver;
      if (receiver && analysis.values.valueOf(receiver)?.kind === 'transport' && !createdWithin(analysis, receiver, handler)) found = true;
    }
    if (ts.isIdentifier(node) && registries.size) {
      const decl = analysis.values.symbolOf(node)?.valueDeclaration;
      if (decl && registries.has(decl)) found = true;
    }
  });
  return found;
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

/** `app.route('/mcp').get(h).delete(h)`: the `.route(path)` call a chained verb hangs off, if any. */
function isRouteChain(receiver: ts.Expression): boolean {
  let current = unwrap(receiver);
  while (ts.isCallExpression(current)) {
    const { name, receiver: next } = calleeParts(current);
    if (name === 'route') return true;
    if (!name || !next || !CHAINABLE.has(name)) return false;
    current = unwrap(next);
  }
  return false;
}

function handlerBodies(analysis: Analysis, args: readonly ts.Expression[]): ts.Node[] {
  const out: ts.Node[] = [];
  for (const arg of args) {
    const inner = unwrap(arg);
    if (isFunctionLike(inner)) out.push(inner);
    else if (ts.isIdentifier(inner)) {
      for (const decl of analysis.values.symbolOf(inner)?.declarations ?? []) {
        const fn = functionOfDeclaration(decl);
        if (fn) out.push(fn);
      }
    }
  }
  return out;
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
      delete: 'DELETE ends a session; 2026-07-28 has no sessions (servers answer DELETE with 405).',
    },
    spec: specUrl('basic/transports/streamable-http'),
  },
  create(context) {
    const { analysis } = context;
    let registries: Set<ts.Node> | undefined;
    return {
      visitors: {
        [ts.SyntaxKind.CallExpression]: (call: ts.CallExpression) => {
          const { name, nameNode, receiver } = calleeParts(call);
          if (!name || !receiver || !ROUTE_METHODS.has(name)) return;
          // app.get('/mcp', handler...) or app.route('/mcp').get(handler)
          const routed = isRouteChain(receiver);
          if (call.arguments.length < (routed ? 1 : 2)) return;
          // The path is a literal route ('/mcp') or a configured one (MCP_ENDPOINT_PATH, config.path).
          const path = routed ? '/' : analysis.values.constantString(call.arguments[0]!);
          if (path !== undefined ? !path.startsWith('/') : isFunctionLike(unwrap(call.arguments[0]!))) return;
          if (analysis.values.valueOf(receiver)) return; // SDK objects are not routers
          registries ??= analysis.sessions.registryDeclarations();
          const handlers = handlerBodies(analysis, routed ? call.arguments : call.arguments.slice(1));
          if (handlers.some((h) => servesSession(analysis, h, registries!))) {
            context.report({ node: nameNode, messageId: name });
          }
        },
      },
    };
  },
});
