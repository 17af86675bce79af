/**
 * An application's own Server-Sent Events stream (a log feed, a dashboard's live updates): the branch of a request
 * handler that answers with a `text/event-stream` body it writes itself and that reaches nothing of MCP — no SDK name
 * or value (a transport, a server, an SDK `EventStore`), no MCP session header, no JSON-RPC message — neither itself
 * nor through the project functions it calls. A `Last-Event-ID` read there resumes that stream, not an MCP one
 * (WinstonFassett/web-dev-mcp's `/__admin/events`, sweep 34 AH1), as a `/health` route beside `/mcp` is no MCP route.
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, propertyNameText, unwrap } from './ast.js';
import { declaredType, functionOfDeclaration } from './declarations.js';
import { SESSION_HEADER } from './http-requests.js';
import { isSseFrameWrite } from './own-sse-transports.js';
import { isJsonRpcMessageLiteral } from './json-rpc-literals.js';
import type { Analysis } from './model.js';

/** The media type of a Server-Sent Events response (WHATWG HTML, "Server-sent events"). */
const EVENT_STREAM_TYPE = 'text/event-stream';
const CONTENT_TYPE = 'content-type';
/** Methods that set a response's media type from it alone (express `res.type(…)`, koa/hono `contentType`). */
const MEDIA_TYPE_SETTERS: ReadonlySet<string> = new Set(['type', 'contentType']);
/** How deep project functions called from the stream are followed for MCP. */
const MAX_CALL_DEPTH = 3;

/**
 * Whether `node` (a header read) lies in the application's own SSE stream: the smallest block around it, within its
 * function, that declares a `text/event-stream` response (or writes SSE frames) and reaches nothing of MCP. A block
 * that also reaches MCP (the same handler serving a transport), or no stream declared around the read (a helper
 * given the request), is not one.
 */
export function inAppEventStream(analysis: Analysis, node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current && !ts.isSourceFile(current); current = current.parent) {
    const scope = ts.isBlock(current) || ts.isCaseClause(current) || ts.isDefaultClause(current) || (current.parent && isFunctionLike(current.parent) && (current.parent as ts.FunctionLikeDeclaration).body === current);
    if (scope && declaresEventStream(analysis, current)) return !reachesMcp(analysis, current, new Set(), 0);
    if (isFunctionLike(current)) return false;
  }
  return false;
}

/** A `Content-Type: text/event-stream` set on a response (header object, `setHeader`, `res.type`) or an SSE frame written. */
function declaresEventStream(analysis: Analysis, scope: ts.Node): boolean {
  const { values } = analysis;
  const isEventStream = (n: ts.Node | undefined): boolean => {
    const text = n && values.constantString(n);
    return text !== undefined && text.split(';')[0]!.trim().toLowerCase() === EVENT_STREAM_TYPE;
  };
  const isContentType = (n: ts.Node | undefined): boolean => (n && values.constantString(n))?.toLowerCase() === CONTENT_TYPE;
  let found = false;
  forEachDescendant(scope, (n) => {
    if (found) return;
    if (ts.isPropertyAssignment(n)) found = propertyNameText(n.name)?.toLowerCase() === CONTENT_TYPE && isEventStream(n.initializer);
    else if (ts.isCallExpression(n)) {
      const { name } = calleeParts(n);
      const [first, second] = n.arguments;
      found = (isContentType(first) && isEventStream(second)) || (!!name && MEDIA_TYPE_SETTERS.has(name) && n.arguments.length === 1 && isEventStream(first)) || isSseFrameWrite(n);
    }
  });
  return found;
}

/**
 * Whether `scope` reaches MCP: an SDK name or value, a name typed with an SDK type or holding an instance of a project
 * class built on one (an `EventStore` implementation), the MCP session header, a JSON-RPC message, or a project
 * function called from it that does.
 */
function reachesMcp(analysis: Analysis, scope: ts.Node, seen: Set<ts.Node>, depth: number): boolean {
  const { sdk, values } = analysis;
  let found = false;
  forEachDescendant(scope, (n) => {
    if (found) return;
    if (ts.isIdentifier(n)) {
      found = !!sdk.exportOf(n) || isSdkValue(analysis, n) || declaredWithSdk(analysis, n);
    } else if (ts.isCallExpression(n) || ts.isNewExpression(n)) {
      found = isSdkValue(analysis, n) || (ts.isCallExpression(n) && calledReachesMcp(analysis, n, seen, depth));
    } else if (ts.isElementAccessExpression(n)) {
      found = !!values.headerAccessOf(n, SESSION_HEADER);
    } else if (ts.isObjectLiteralExpression(n)) {
      found = isJsonRpcMessageLiteral(n);
    }
    if (!found && ts.isCallExpression(n)) found = !!values.headerAccessOf(n, SESSION_HEADER);
  });
  return found;
}

/** An SDK value (a server, a transport, a context, a session id): a project object type that may hold one (`shape`) is not one itself. */
function isSdkValue(analysis: Analysis, node: ts.Node): boolean {
  const value = analysis.values.valueOf(node);
  return !!value && value.kind !== 'shape';
}

/** A name whose declaration is typed with an SDK type (`store: EventStore`) or holds `new C()` of a project class extending or implementing one. */
function declaredWithSdk(analysis: Analysis, id: ts.Identifier): boolean {
  const declaration = analysis.values.symbolOf(id)?.valueDeclaration;
  if (!declaration || declaration.getSourceFile().isDeclarationFile) return false;
  if (ts.isClassLike(declaration)) return builtOnSdk(analysis, declaration);
  const type = declaredType(declaration);
  // An SDK type anywhere in the declared type (`Array<{ id: number; message: JSONRPCMessage }>`, review 42 S42-6).
  if (type && mentionsSdkType(analysis, type)) return true;
  const init = ts.isVariableDeclaration(declaration) && declaration.initializer ? unwrap(declaration.initializer) : undefined;
  if (!init || !ts.isNewExpression(init)) return false;
  const cls = analysis.values.symbolOf(init.expression)?.valueDeclaration;
  return !!cls && ts.isClassLike(cls) && builtOnSdk(analysis, cls);
}

function mentionsSdkType(analysis: Analysis, type: ts.TypeNode): boolean {
  if (ts.isTypeReferenceNode(type) && analysis.sdk.exportOf(type.typeName)) return true;
  let found = false;
  type.forEachChild(function visit(node): void {
    if (found) return;
    if (ts.isTypeReferenceNode(node) && analysis.sdk.exportOf(node.typeName)) found = true;
    else node.forEachChild(visit);
  });
  return found;
}

function builtOnSdk(analysis: Analysis, cls: ts.ClassLikeDeclaration): boolean {
  return (cls.heritageClauses ?? []).some((clause) => clause.types.some((t) => !!analysis.sdk.exportOf(t.expression)));
}

/** A project function the call runs (`replayFrom(lastEventId, res)`) that reaches MCP itself. */
function calledReachesMcp(analysis: Analysis, call: ts.CallExpression, seen: Set<ts.Node>, depth: number): boolean {
  if (depth >= MAX_CALL_DEPTH) return false;
  const declaration = analysis.values.symbolOf(call.expression)?.valueDeclaration;
  const fn = declaration && !declaration.getSourceFile().isDeclarationFile ? functionOfDeclaration(declaration) : undefined;
  if (!fn?.body || seen.has(fn)) return false;
  seen.add(fn);
  return reachesMcp(analysis, fn.body, seen, depth + 1);
}
