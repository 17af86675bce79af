/**
 * The HTTP+SSE session id (the deprecated 2024-11-05 transport): the `?sessionId=` a client posts its messages
 * with, read in the route an SDK `SSEServerTransport` of the project tells clients to post to. Apart from
 * legacy-sse.ts (the endpoint's code, for rules and apply) because the inference asks these questions, and
 * legacy-sse.ts reads the analysis model that the inference builds.
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, memberAccess, stringValue, unwrap } from './ast.js';
import { holdsRequestPart, type RequestQueries } from './http-requests.js';
import { decoratedQueryParameter, enclosingRoute } from './routes.js';
import { SSE_POST_METHOD, SSE_SESSION_QUERY_PARAMETER, SSE_TRANSPORTS } from './sdk-modules.js';
import type { ValueQueries } from './value.js';

/** What these recognisers ask of the analysis (`ValueAnalysis` answers). */
export interface SseQueries extends ValueQueries, RequestQueries {
  /** The analysed files, where the SSE transports are created. */
  readonly files: readonly ts.SourceFile[];
}

/** `sseEndpoints`' answers, per analysis. */
const endpointsOf = new WeakMap<SseQueries, Set<string>>();

/**
 * `req.query.sessionId`, `c.req.query('sessionId')`, `url.searchParams.get('sessionId')` inside the route that
 * an SDK `SSEServerTransport` in the project posts to (`new SSEServerTransport('/messages', res)`): the HTTP+SSE
 * session id. Returns the node naming the parameter.
 */
export function sseSessionQuery(values: SseQueries, node: ts.Node): ts.Node | undefined {
  const nameNode = sessionQueryParameter(values, node);
  if (!nameNode) return undefined;
  return inSseMessageRoute(values, node, 0) ? nameNode : undefined;
}

/** In the SSE message route, or in a helper it calls (`sessionIdFromQuery(req.query)`, up to two calls deep). */
function inSseMessageRoute(values: SseQueries, node: ts.Node, depth: number): boolean {
  const endpoints = sseEndpoints(values);
  const route = enclosingRoute(node, values);
  if (route?.path !== undefined && endpoints.has(normalPath(route.path))) return true;
  if (postsToSseTransport(values, node)) return true;
  if (route || depth >= 2) return false;
  const fn = enclosingFunction(node);
  return !!fn && values.calls.callsOf(fn).some((call) => inSseMessageRoute(values, call, depth + 1));
}

/**
 * The syntactic shape of a `?sessionId=` read, wherever it is (`req.query.sessionId`, `c.req.query('sessionId')`,
 * `url.searchParams.get('sessionId')`): a candidate only. It is a session id when it sits in the SSE endpoint's
 * route (`sseSessionQuery`) or when it looks up a transport registry (decided by the session flow).
 */
export function sessionQueryParameter(values: SseQueries, node: ts.Node): ts.Node | undefined {
  let nameNode: ts.Node | undefined;
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    const access = memberAccess(node);
    const holder = unwrap(access?.object ?? node);
    if (access?.name !== SSE_SESSION_QUERY_PARAMETER || (memberAccess(holder)?.name !== 'query' && !holdsRequestPart(values, holder, 'query'))) return undefined;
    nameNode = access.nameNode;
  } else if (ts.isCallExpression(node) && node.arguments.length === 1) {
    const { name, receiver } = calleeParts(node);
    const owner = receiver && memberAccess(unwrap(receiver));
    // A NestJS route's parameter decorator (`@Query('sessionId') sessionId: string`, sweep 39 AM2).
    const decorator = !receiver && decoratedQueryParameter(node, values) !== undefined;
    const queryCall = name === 'query' || (name === 'get' && owner?.name === 'searchParams') || decorator;
    if (!queryCall || stringValue(node.arguments[0]) !== SSE_SESSION_QUERY_PARAMETER) return undefined;
    nameNode = node.arguments[0];
  } else return undefined;
  return nameNode;
}

/**
 * Whether the function around `node` hands the request to an SDK SSE transport (`transport.handlePostMessage(req, res)`):
 * the message route of a server whose routing is not declared with a path (`node:http`, a helper taking the endpoint).
 */
function postsToSseTransport(values: SseQueries, node: ts.Node): boolean {
  const fn = enclosingFunction(node);
  if (!fn?.body || !fn.body.getText().includes(SSE_POST_METHOD)) return false;
  let found = false;
  forEachDescendant(fn.body, (n) => {
    if (found || !ts.isCallExpression(n)) return;
    const { name, receiver } = calleeParts(n);
    if (name !== SSE_POST_METHOD || !receiver) return;
    const value = values.valueOf(receiver);
    found = (value?.kind === 'transport' && value.cls !== undefined && SSE_TRANSPORTS.has(value.cls)) || narrowedToSseTransport(values, receiver, n);
  });
  return found;
}

/** `if (transport instanceof SSEServerTransport) { … transport.handlePostMessage(…) }`: the `if` says what it is. */
function narrowedToSseTransport(values: SseQueries, receiver: ts.Expression, use: ts.Node): boolean {
  const inner = unwrap(receiver);
  const symbol = ts.isIdentifier(inner) ? values.symbolOf(inner) : undefined;
  if (!symbol) return false;
  for (let current: ts.Node = use; current.parent && !isFunctionLike(current); current = current.parent) {
    const parent = current.parent;
    if (!ts.isIfStatement(parent) || parent.thenStatement !== current) continue;
    let narrowed = false;
    const visit = (n: ts.Node): void => {
      if (narrowed) return;
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword) {
        const left = unwrap(n.left);
        const cls = values.sdk.exportOf(n.right)?.name;
        narrowed = ts.isIdentifier(left) && values.symbolOf(left) === symbol && cls !== undefined && SSE_TRANSPORTS.has(cls);
      }
      ts.forEachChild(n, visit);
    };
    visit(parent.expression);
    if (narrowed) return true;
  }
  return false;
}

/** The paths SDK SSE transports in the project tell clients to post to (their first argument). */
function sseEndpoints(values: SseQueries): Set<string> {
  const known = endpointsOf.get(values);
  if (known) return known;
  const out = new Set<string>();
  endpointsOf.set(values, out);
  for (const file of values.files) {
    if (!file.text.includes('SSE')) continue;
    forEachDescendant(file, (node) => {
      if (!ts.isNewExpression(node) || !node.arguments?.length) return;
      const ref = values.sdk.exportOf(node.expression);
      const path = ref && SSE_TRANSPORTS.has(ref.name) ? values.constantString(node.arguments[0]!) : undefined;
      if (path) out.add(normalPath(path));
    });
  }
  return out;
}

/** `/messages/` and `/messages?x=1` → `/messages` (an absolute URL keeps only its path). */
function normalPath(path: string): string {
  const bare = path.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0]!;
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}
