/**
 * Where the MCP session id is read: `extra.sessionId` / `ctx.sessionId` (and a destructured `{ sessionId }`) when
 * the value analysis says it is the session's, `transport.sessionId`, the `Mcp-Session-Id` header (or an id the
 * serving code mints and sends as that header), the argument of `onsessioninitialized` / `onsessionclosed`, the
 * HTTP+SSE `?sessionId=`, and fields of a request's `_meta` the project copies the id into by hand. Each read found
 * is handed to `SessionFlow`, which follows it to its sinks.
 */
import { ts } from '../typescript.js';
import { forEachDescendant, forEachOfKind, isFunctionLike, memberAccess, propertyNameText, unwrap } from './ast.js';
import { returnedExpressions } from './declarations.js';
import type { ValueAnalysis } from './values.js';
import { SESSION_HEADER, headerDecoratorOf, isHeaderWrite } from './http-requests.js';
import { isTransportOptions, sessionCallbackName } from './constructor-options.js';
import { sessionQueryParameter, sseSessionQuery } from './sse-session-ids.js';
import type { Value } from './value.js';
import type { SessionIdInjection } from './session-flow-types.js';

/** Where the reads found go: `SessionFlow` follows and keeps each. */
export interface FoundReads {
  addRead(reportAt: ts.Node, valueNode: ts.Node, value: Value): void;
  /**
   * `?sessionId=` reads outside a recognisable SSE endpoint route: session ids only if they turn out to look up a
   * transport registry, which is known once every other read has been followed.
   */
  readonly queryCandidates: Array<{ node: ts.Node; nameNode: ts.Node }>;
}

/** The session-id reads of one file. */
/** What `findSessionIdReads` looks at: member accesses, bindings, calls, option properties and callback parameters. */
const READ_KINDS = [ts.SyntaxKind.PropertyAccessExpression, ts.SyntaxKind.ElementAccessExpression, ts.SyntaxKind.BindingElement, ts.SyntaxKind.CallExpression, ts.SyntaxKind.PropertyAssignment, ts.SyntaxKind.Parameter];

export function findSessionIdReads(file: ts.SourceFile, values: ValueAnalysis, found: FoundReads): void {
  forEachOfKind(file, READ_KINDS, (node) => {
    const access = (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) ? memberAccess(node) : undefined;
    if (access?.name === 'sessionId') {
      const value = values.valueOf(node);
      if (value?.kind === 'session-id') found.addRead(access.nameNode, node, value);
      else if (sessionQueryParameter(values, node)) found.queryCandidates.push({ node, nameNode: access.nameNode });
      return;
    }
    if (ts.isBindingElement(node) && ts.isIdentifier(node.name)) {
      const header = values.headerAccessOf(node, SESSION_HEADER);
      if (header) {
        found.addRead(header.nameNode, node.name, { kind: 'session-id', origin: 'header', hops: [] });
        return;
      }
    }
    if (ts.isBindingElement(node) && (propertyNameText(node.propertyName) ?? (ts.isIdentifier(node.name) ? node.name.text : '')) === 'sessionId') {
      const value = values.valueOfDeclaration(node);
      if (value?.kind === 'session-id' && ts.isIdentifier(node.name)) {
        found.addRead(node.propertyName ?? node.name, node.name, value);
      }
      return;
    }
    if (ts.isCallExpression(node)) {
      const query = sseSessionQuery(values, node);
      if (query) {
        found.addRead(query, node, { kind: 'session-id', origin: 'query', hops: [] });
        return;
      }
      const candidate = sessionQueryParameter(values, node);
      if (candidate) found.queryCandidates.push({ node, nameNode: candidate });
    }
    if (ts.isElementAccessExpression(node) || ts.isCallExpression(node)) {
      const header = values.headerAccessOf(node, SESSION_HEADER);
      if (header && !isHeaderWrite(node)) {
        // `@Headers('mcp-session-id') sessionId`: what holds the id is the parameter the decorator fills.
        const injected = ts.isCallExpression(node) ? headerDecoratorOf(values, node) : undefined;
        found.addRead(header.nameNode, injected && ts.isIdentifier(injected.name) ? injected.name : node, { kind: 'session-id', origin: 'header', hops: [] });
      } else if (header && ts.isCallExpression(node)) {
        // `res.setHeader('mcp-session-id', sessionId)` with `const sessionId = \`session_${Date.now()}\``: an id minted
        // by hand is the session id once it is sent as the header; what it keys is session state or a registry.
        const minted = mintedSessionId(values, node.arguments[1]);
        if (minted) found.addRead(header.nameNode, minted, { kind: 'session-id', origin: 'header', hops: [] });
      }
      return;
    }
    if (ts.isPropertyAssignment(node) && propertyNameText(node.name) === 'sessionIdGenerator') {
      // `const newId = randomUUID(); … sessionIdGenerator: () => newId`: the id minted by hand is the session's once the
      // transport hands it out; what it keys (a store filled for the session, a server built with it) is session state.
      for (const minted of generatedSessionIds(values, node)) found.addRead(minted, minted, { kind: 'session-id', origin: 'header', hops: [] });
      return;
    }
    if (ts.isParameter(node) && isFunctionLike(node.parent) && node.parent.parameters[0] === node && ts.isIdentifier(node.name)) {
      const callback = sessionCallbackName(values, node.parent);
      if (callback) {
        found.addRead(node.name, node.name, { kind: 'session-id', origin: 'callback', hops: [] });
      }
    }
  });
}

/**
 * The variables a transport's `sessionIdGenerator` returns, declared with a value, when not already session ids:
 * `() => newId`; a body that mints the id, files it and returns it (`{ const id = randomUUID(); …; return id; }`);
 * or a parameter of the function creating the transport (`(id) => new Transport({ sessionIdGenerator: () => id })`),
 * where what each caller passes is the minted id.
 */
function generatedSessionIds(values: ValueAnalysis, option: ts.PropertyAssignment): ts.Identifier[] {
  const fn = unwrap(option.initializer);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return [];
  // One value returned (an expression body, or a body with one `return`).
  const returns = returnedExpressions(fn);
  const returned = returns.length === 1 ? returns[0] : undefined;
  if (!returned || !isTransportOptions(values, option.parent)) return [];
  const minted = mintedSessionId(values, returned);
  if (minted) return [minted];
  const inner = unwrap(returned);
  const param = ts.isIdentifier(inner) ? values.symbolOf(inner)?.valueDeclaration : undefined;
  if (!param || !ts.isParameter(param) || !isFunctionLike(param.parent) || param.parent === fn || values.valueOf(inner)?.kind === 'session-id') return [];
  const index = param.parent.parameters.indexOf(param);
  return values.calls.callsOf(param.parent).flatMap((call) => {
    const passed = mintedSessionId(values, call.arguments[index]);
    return passed ? [passed] : [];
  });
}

/** The declared name of a local variable a header write sends (`const sid = …; res.setHeader(H, sid)`), when not already a session id. */
function mintedSessionId(values: ValueAnalysis, sent: ts.Expression | undefined): ts.Identifier | undefined {
  const inner = sent && unwrap(sent);
  if (!inner || !ts.isIdentifier(inner) || values.valueOf(inner)?.kind === 'session-id') return undefined;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  return decl && ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && decl.initializer ? decl.name : undefined;
}

/** `params._meta?.mcpSessionId`, `const { _meta: meta } = params; meta?.mcpSessionId` for every injected field. */
export function findInjectedReads(
  files: readonly ts.SourceFile[],
  values: ValueAnalysis,
  injections: readonly SessionIdInjection[],
  addRead: FoundReads['addRead'],
): void {
  const fields = new Set(injections.map((i) => i.field));
  if (fields.size === 0) return;
  const writes = new Set<ts.Node>(injections.map((i) => i.assignment.left));
  for (const file of files) {
    forEachDescendant(file, (node) => {
      if (!ts.isPropertyAccessExpression(node) || !fields.has(node.name.text) || writes.has(node)) return;
      if (!isRequestMeta(node.expression, values)) return;
      addRead(node.name, node, { kind: 'session-id', origin: 'injected', hops: [] });
    });
  }
}

/** The request's `_meta` (MCP: `params._meta`), where a project may carry its own fields from transport to handler. */
export const REQUEST_META = '_meta';

/** `x._meta.field` / `x._meta?.field` (the field written), or undefined. */
export function requestMetaField(access: ts.PropertyAccessExpression): string | undefined {
  const holder = unwrap(access.expression);
  return ts.isPropertyAccessExpression(holder) && holder.name.text === REQUEST_META ? access.name.text : undefined;
}

/** `x._meta`, or a name bound to it (`const { _meta: meta } = params`, `const meta = params._meta`). */
function isRequestMeta(node: ts.Expression, values: ValueAnalysis): boolean {
  const inner = unwrap(node);
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === REQUEST_META;
  if (!ts.isIdentifier(inner)) return false;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  if (decl && ts.isBindingElement(decl)) return (propertyNameText(decl.propertyName) ?? (ts.isIdentifier(decl.name) ? decl.name.text : undefined)) === REQUEST_META;
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
    const init = unwrap(decl.initializer);
    return ts.isPropertyAccessExpression(init) && init.name.text === REQUEST_META;
  }
  return false;
}
