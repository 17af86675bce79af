/**
 * Routing tables a list request fills and a later request reads: a proxy that learns which upstream owns a tool
 * while answering `tools/list` (`toolOwners.set(tool.name, upstream)`) and routes `tools/call` through that map.
 * The call then relies on an earlier list request having reached the same server instance — true of a 2025
 * session, false on 2026-07-28, where `createMcpHandler` builds a server per request (a map declared in the
 * factory is empty on every call) and a client may call a tool it listed on another instance, or never listed.
 *
 * Only a project collection (`Map`, `Set`, object/`Record`) counts whose every write is inside a handler of a
 * list method and which a handler of the method that list feeds reads; one filled anywhere else (at start-up)
 * does not depend on the order of requests.
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, isInside, unwrap } from './ast.js';
import { handlerRegistration, type SdkModelParts } from './sdk-features.js';
// Not the description's `schemaMethods`: a method there makes every such handler a handler site for the transforms, which do not act on these.
import { LIST_AND_LOOKUP_SCHEMA_METHODS as LIST_AND_LOOKUP_SCHEMAS, REQUEST_HANDLER_REGISTRATION } from './sdk-modules.js';
import { isCollectionDeclaration } from './session-flow.js';
import { isServerKind } from './value.js';

/** Each list method and the requests that look up what it listed. */
const LOOKUPS_OF_LIST: Readonly<Record<string, readonly string[]>> = {
  'tools/list': ['tools/call'],
  'prompts/list': ['prompts/get'],
  'resources/list': ['resources/read', 'resources/subscribe'],
  'resources/templates/list': ['resources/read'],
};
const WRITE_METHODS = new Set(['set', 'add']);
const READ_METHODS = new Set(['get', 'has']);

export interface ListRouting {
  /** The collection's declaration (a variable or class property). */
  declaration: ts.VariableDeclaration | ts.PropertyDeclaration;
  name: string;
  list: string;
  use: string;
}

export interface RequestHandler {
  method: string;
  fn: ts.FunctionLikeDeclaration;
}

/** `server.setRequestHandler(XSchema | 'method', (request) => …)` with an inline (or named) handler function. */
export function requestHandlerOf(model: SdkModelParts, call: ts.CallExpression): RequestHandler | undefined {
  const { name, receiver } = calleeParts(call);
  if (name !== REQUEST_HANDLER_REGISTRATION || call.arguments.length < 2 || !receiver || !isServerKind(model.values.valueOf(receiver))) return undefined;
  const schema = model.sdk.exportOf(unwrap(call.arguments[0]!));
  const method = (schema && LIST_AND_LOOKUP_SCHEMAS[schema.name]) || handlerRegistration(model, call)?.method;
  if (!method) return undefined;
  const last = call.arguments[call.arguments.length - 1];
  let fn: ts.Node | undefined = last && unwrap(last);
  if (fn && ts.isIdentifier(fn)) {
    const decl = model.values.symbolOf(fn)?.valueDeclaration;
    fn = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : decl;
  }
  return fn && isFunctionLike(fn) ? { method, fn } : undefined;
}

/** The routing tables among the collections the given handlers touch. */
export function listRoutingTables(model: SdkModelParts, handlers: readonly RequestHandler[]): ListRouting[] {
  const out: ListRouting[] = [];
  const seen = new Set<ts.Node>();
  for (const list of handlers) {
    const uses = LOOKUPS_OF_LIST[list.method];
    if (!uses) continue;
    for (const declaration of collectionsWrittenIn(model, list.fn)) {
      if (seen.has(declaration)) continue;
      const lookup = handlers.find((h) => uses.includes(h.method) && readsEntryOf(model, h.fn, declaration));
      if (!lookup || writtenOutside(model, declaration, handlers.filter((h) => LOOKUPS_OF_LIST[h.method]).map((h) => h.fn))) continue;
      seen.add(declaration);
      out.push({ declaration, name: declaration.name.getText(), list: list.method, use: lookup.method });
    }
  }
  return out;
}

/** Project collections the handler writes an entry into (`m.set(k, v)`, `s.add(v)`, `o[k] = v`). */
function collectionsWrittenIn(model: SdkModelParts, fn: ts.FunctionLikeDeclaration): Array<ts.VariableDeclaration | ts.PropertyDeclaration> {
  const out = new Set<ts.VariableDeclaration | ts.PropertyDeclaration>();
  forEachDescendant(fn, (node) => {
    const target = writeTarget(node);
    const declaration = target && collectionDeclaration(model, target);
    if (declaration) out.add(declaration);
  });
  return [...out];
}

/** The collection expression an entry is written into by `node`, if it is such a write. */
function writeTarget(node: ts.Node): ts.Expression | undefined {
  if (ts.isCallExpression(node)) {
    const { name, receiver } = calleeParts(node);
    return name && receiver && WRITE_METHODS.has(name) ? receiver : undefined;
  }
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    const left = unwrap(node.left);
    return ts.isElementAccessExpression(left) ? left.expression : undefined;
  }
  return undefined;
}

/** Whether `fn` reads an entry of the collection `declaration` declares (`m.get(k)`, `m.has(k)`, `o[k]`). */
function readsEntryOf(model: SdkModelParts, fn: ts.Node, declaration: ts.Node): boolean {
  let found = false;
  forEachDescendant(fn, (node) => {
    if (found) return;
    let target: ts.Expression | undefined;
    if (ts.isCallExpression(node)) {
      const { name, receiver } = calleeParts(node);
      if (name && receiver && READ_METHODS.has(name)) target = receiver;
    } else if (ts.isElementAccessExpression(node) && !isAssigned(node)) target = node.expression;
    if (target && collectionDeclaration(model, target) === declaration) found = true;
  });
  return found;
}

/** Whether any write into the collection lies outside every list handler (it is filled regardless of requests). */
function writtenOutside(model: SdkModelParts, declaration: ts.Node, listHandlers: readonly ts.FunctionLikeDeclaration[]): boolean {
  let outside = false;
  forEachDescendant(declaration.getSourceFile(), (node) => {
    if (outside) return;
    const target = writeTarget(node);
    if (!target || collectionDeclaration(model, target) !== declaration) return;
    if (!listHandlers.some((fn) => isInside(node, fn))) outside = true;
  });
  // An initializer with entries (`new Map([[…]])`, `{ a: x }`) fills it before any request too.
  const init = declaration && (declaration as ts.VariableDeclaration).initializer;
  const inner = init && unwrap(init);
  if (inner && ts.isNewExpression(inner) && (inner.arguments?.length ?? 0) > 0) outside = true;
  if (inner && ts.isObjectLiteralExpression(inner) && inner.properties.length > 0) outside = true;
  return outside;
}

function isAssigned(access: ts.ElementAccessExpression): boolean {
  let outer: ts.Node = access;
  while (outer.parent && ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
  const parent = outer.parent;
  return !!parent && ts.isBinaryExpression(parent) && parent.left === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
}

/** The project declaration of a collection named by `target` (`owners`, `this.owners`). */
function collectionDeclaration(model: SdkModelParts, target: ts.Expression): ts.VariableDeclaration | ts.PropertyDeclaration | undefined {
  const inner = unwrap(target);
  const name = ts.isPropertyAccessExpression(inner) ? inner.name : inner;
  if (!ts.isIdentifier(name) && !ts.isPrivateIdentifier(name)) return undefined;
  const decl = model.values.symbolOf(name)?.valueDeclaration;
  if (!decl || !(ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl)) || decl.getSourceFile().isDeclarationFile) return undefined;
  return isCollectionDeclaration(decl, model.values) ? decl : undefined;
}
