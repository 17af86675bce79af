/**
 * A file's HTTP+SSE endpoint (the deprecated 2024-11-05 transport): the code that serves it, found through
 * the SDK symbols (`new SSEServerTransport(…)`, `transport.handlePostMessage(…)` on one), not by name.
 *
 * Shared by `apply` and `scan` so both mean the same code: `stateless-serving` keeps the endpoint for
 * 2025-era clients (one decision marker on it) or removes it with `--modern-only`; the rules engine lets
 * that decision marker stand for every session finding inside the endpoint (the session ids it reads,
 * logs and keys its registry with exist only for those clients), so each kept site is reported once.
 */
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isInside, outermostWrapper, statementOf, unwrap } from './ast.js';
import { isServerKind } from './value.js';
import type { Analysis } from './model.js';
import { enclosingRoute } from './routes.js';
import { CONNECT_METHOD, SSE_TRANSPORTS, STREAMABLE_HTTP_TRANSPORTS, SSE_POST_METHOD } from './sdk-modules.js';
import type { SessionStore } from './session-flow.js';
import { createdTransportClass } from './transport-classes.js';

export interface LegacySseEndpoint {
  /**
   * The statements that serve the endpoint, in source order: a route registration (`app.get('/sse', …)`), or
   * the function declaring a handler (`async function handleSSE(…)`, `const onMessage = async (…) => …`).
   * A piece of a function that also serves Streamable HTTP is the SSE code alone (its own statement).
   */
  parts: ts.Node[];
  /** The parts that are route registrations (`app.get('/sse', …)`): code nothing else calls. */
  routeParts: ReadonlySet<ts.Node>;
  /** Transport registries declared in the file and used by the endpoint's parts only. */
  registries: SessionStore[];
  /** The part that opens the stream (creates the transport): where the decision about the endpoint is recorded. */
  anchor: ts.Node;
  /** `GET /sse`, `POST /message` (`GET route` when the path is not a constant): the routes of its route parts. */
  routes: string[];
}

/** The HTTP+SSE endpoint of `sf`, or undefined when the file creates no SSE transport. */
export function legacySseEndpoint(analysis: Analysis, sf: ts.SourceFile): LegacySseEndpoint | undefined {
  if (!sf.text.includes('SSE')) return undefined;
  const creations: ts.NewExpression[] = [];
  const posts: ts.CallExpression[] = [];
  forEachDescendant(sf, (node) => {
    if (ts.isNewExpression(node) && SSE_TRANSPORTS.has(createdTransportClass(analysis, node)?.name ?? '')) creations.push(node);
    else if (ts.isCallExpression(node) && isSsePost(analysis, node)) posts.push(node);
  });
  if (creations.length === 0) return undefined;
  const parts = new Set<ts.Node>();
  const routeParts = new Set<ts.Node>();
  const routes: string[] = [];
  for (const site of [...creations, ...posts]) {
    const route = enclosingRoute(site, analysis.values);
    const statement = route?.call && statementOf(route.call);
    if (statement && !servesStreamable(analysis, statement)) {
      if (!parts.has(statement)) routes.push(`${route.method.toUpperCase()} ${route.path ?? 'route'}`);
      parts.add(statement);
      routeParts.add(statement);
      continue;
    }
    parts.add(handlerStatement(analysis, site));
  }
  const ordered = [...parts].sort((a, b) => a.getStart(sf) - b.getStart(sf)).filter((p, _, all) => !all.some((o) => o !== p && isInside(p, o)));
  const anchor = ordered.find((p) => creations.some((c) => isInside(c, p)))!;
  const registries = [...analysis.sessions.stores.values()].filter((store) => store.kind === 'transport' && usedOnlyBy(analysis, store, sf, ordered));
  return { parts: ordered, routeParts, registries, anchor, routes };
}

/**
 * `transport.handlePostMessage(req, res)` in a file that creates SDK SSE transports: the endpoint's message
 * route. `handlePostMessage` is the SSE transport's own method; a receiver the value analysis cannot follow
 * (`transports.sse[id]`, a registry entry narrowed by `instanceof`) is taken to be one, one it resolves to
 * another class is not.
 */
export function isSsePost(analysis: Analysis, call: ts.CallExpression): boolean {
  const { name, receiver } = calleeParts(call);
  if (name !== SSE_POST_METHOD || !receiver) return false;
  if (narrowedToSse(analysis, receiver) || declaredAsSse(analysis, receiver)) return true;
  const value = analysis.values.valueOf(receiver);
  if (value?.kind === 'transport' && value.cls) return SSE_TRANSPORTS.has(value.cls);
  return value === undefined || value.kind === 'transport';
}

/** `const transport = registry.get(id) as SSEServerTransport` or `let transport: SSEServerTransport`: the type it is declared with. */
function declaredAsSse(analysis: Analysis, receiver: ts.Expression): boolean {
  const decl = ts.isIdentifier(receiver) ? analysis.values.symbolOf(receiver)?.valueDeclaration : undefined;
  if (!decl || !ts.isVariableDeclaration(decl)) return false;
  const asserted = decl.initializer && (ts.isAsExpression(decl.initializer) || ts.isTypeAssertionExpression(decl.initializer)) ? decl.initializer.type : undefined;
  const type = decl.type ?? asserted;
  return !!type && ts.isTypeReferenceNode(type) && SSE_TRANSPORTS.has(analysis.sdk.exportOf(type.typeName)?.name ?? '');
}

/** `if (!(existing instanceof SSEServerTransport)) return;` in the function around the call: an entry of a registry of both kinds. */
function narrowedToSse(analysis: Analysis, receiver: ts.Expression): boolean {
  if (!ts.isIdentifier(receiver)) return false;
  const symbol = analysis.values.symbolOf(receiver);
  let scope: ts.Node | undefined = receiver.parent;
  while (scope && !isFunctionLike(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  let found = false;
  forEachDescendant(scope ?? receiver.getSourceFile(), (node) => {
    if (found || !ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.InstanceOfKeyword || !ts.isIdentifier(node.left)) return;
    found = analysis.values.symbolOf(node.left) === symbol && SSE_TRANSPORTS.has(analysis.sdk.exportOf(node.right)?.name ?? '');
  });
  return found;
}

/**
 * The statement declaring the outermost function around `site` that serves only HTTP+SSE; the site's own
 * statement when even the innermost function also serves Streamable HTTP (a dispatcher for both).
 */
function handlerStatement(analysis: Analysis, site: ts.Node): ts.Node {
  let best: ts.Node = statementOf(site);
  for (let current: ts.Node | undefined = site.parent; current && !ts.isSourceFile(current); current = current.parent) {
    if (!isFunctionLike(current)) continue;
    const holder = declaringStatement(current);
    const candidate = holder ?? current;
    if (servesStreamable(analysis, candidate)) break;
    best = candidate;
  }
  return best;
}

/** `function f() {}`, `const f = () => …` or a class method: the statement (or member) that declares `fn`. */
function declaringStatement(fn: ts.FunctionLikeDeclaration): ts.Node | undefined {
  if (ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) return fn;
  const holder = outermostWrapper(fn).parent;
  if (holder && ts.isVariableDeclaration(holder) && ts.isVariableDeclarationList(holder.parent) && holder.parent.declarations.length === 1) return holder.parent.parent;
  return undefined;
}

/** Whether `node` creates, types or hands a request to a Streamable HTTP transport. */
function servesStreamable(analysis: Analysis, node: ts.Node): boolean {
  let found = false;
  forEachDescendant(node, (n) => {
    if (found) return;
    if ((ts.isIdentifier(n) || ts.isPropertyAccessExpression(n)) && STREAMABLE_HTTP_TRANSPORTS.has(analysis.sdk.exportOf(n)?.name ?? '')) found = true;
    else if (ts.isCallExpression(n) && calleeParts(n).name === 'handleRequest') {
      const receiver = calleeParts(n).receiver;
      const value = receiver && analysis.values.valueOf(receiver);
      found = !value || value.kind !== 'transport' || !value.cls || !SSE_TRANSPORTS.has(value.cls);
    }
  });
  return found;
}

/** A registry variable of `sf` named only inside `parts` (besides its declaration). */
function usedOnlyBy(analysis: Analysis, store: SessionStore, sf: ts.SourceFile, parts: readonly ts.Node[]): boolean {
  const decl = store.declaration;
  if (!decl || decl.getSourceFile() !== sf || !ts.isVariableDeclaration(decl) || !ts.isIdentifier(decl.name)) return false;
  const name = decl.name;
  const refs: ts.Node[] = [];
  forEachDescendant(sf, (node) => {
    if (ts.isIdentifier(node) && node !== name && node.text === name.text && analysis.values.symbolOf(node)?.valueDeclaration === decl) refs.push(node);
  });
  return refs.length > 0 && refs.every((ref) => parts.some((p) => isInside(ref, p)));
}

/**
 * `server.connect(transport)` where the transport is an SSE transport created for this connection and the
 * server is not: one server instance shared by every connection.
 */
export function sharedSseServerConnect(analysis: Analysis, call: ts.CallExpression): ts.Node | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (name !== CONNECT_METHOD || !receiver || call.arguments.length !== 1) return undefined;
  // No SSE transport in a program that never names its class: the transport's value (a parameter's callers) is not needed.
  if (!analysis.values.programText.mentions(SSE_TRANSPORTS)) return undefined;
  const transport = analysis.values.valueOf(call.arguments[0]!);
  if (transport?.kind !== 'transport' || !transport.cls || !SSE_TRANSPORTS.has(transport.cls)) return undefined;
  if (!isServerKind(analysis.values.valueOf(receiver))) return undefined;
  const connection = enclosingFunction(call);
  if (!connection) return undefined;
  const root = unwrap(receiver);
  const decl = ts.isIdentifier(root) ? analysis.values.symbolOf(root)?.valueDeclaration : undefined;
  // `const server = createServer()` inside the connection handler: a server per connection, not shared.
  if (!decl || isInside(decl, connection)) return undefined;
  return nameNode;
}
