/**
 * Which expressions and declarations are keyed collections (a `Map`, a `Set`, an indexed object, an array, a class
 * field holding one) and which collection an access belongs to. A store the session id keys is one of these or a
 * client object with methods (Redis, a KV); only a collection has a declaration to report the store at.
 * Syntax and declared types only, no value inference: other analyses (list routing, per-session servers) ask it too.
 */
import { ts } from '../typescript.js';
import { unwrap } from './ast.js';
import { declaredType } from './values.js';

const COLLECTION_CLASSES = new Set(['Map', 'WeakMap', 'Set', 'WeakSet', 'LRUCache', 'Array']);

/** `counts.get(sid)`, `counts[sid]`: the previous entry, in `(counts.get(sid) ?? 0) + 1`. */
export function isCollectionRead(node: ts.Expression): boolean {
  return storeRoot(node) !== unwrap(node);
}

/** For `X.get(k)`, `X[k]`, `cond ? X.get(k) : new Set()`, `X.get(k) ?? new Set()`: the collection `X`. */
export function aliasedCollection(init: ts.Expression): ts.Expression | undefined {
  const inner = unwrap(init) as ts.Expression;
  if (ts.isConditionalExpression(inner)) return aliasedCollection(inner.whenTrue) ?? aliasedCollection(inner.whenFalse);
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return aliasedCollection(inner.left);
  }
  const root = storeRoot(inner);
  return root !== inner ? root : undefined;
}

/** `subscriptions.get(uri).add(sid)` is an access of `subscriptions`; `this.carts[sid]` of `this.carts`. */
export function storeRoot(expr: ts.Expression): ts.Expression {
  let current = unwrap(expr) as ts.Expression;
  for (;;) {
    if (ts.isCallExpression(current)) {
      const callee = unwrap(current.expression);
      if (ts.isPropertyAccessExpression(callee) && ['get', 'getOrCreate'].includes(callee.name.text)) {
        current = unwrap(callee.expression) as ts.Expression;
        continue;
      }
    }
    if (ts.isElementAccessExpression(current)) {
      current = unwrap(current.expression) as ts.Expression;
      continue;
    }
    return current;
  }
}

/**
 * Whether a declared type is a keyed collection: an index signature, `Record`, `Map`/`Set`/…, an array, or a project
 * interface or type alias that is one (`interface TransportMap { [sessionId: string]: SSEServerTransport }`).
 * Undefined when the type says nothing (a reference that does not resolve): the initializer decides.
 */
function isCollectionType(type: ts.TypeNode, values: { symbolOf(node: ts.Node): ts.Symbol | undefined }, depth = 0): boolean | undefined {
  if (ts.isTypeLiteralNode(type)) return type.members.some(ts.isIndexSignatureDeclaration);
  if (ts.isArrayTypeNode(type)) return true;
  if (!ts.isTypeReferenceNode(type)) return undefined;
  const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
  if (COLLECTION_CLASSES.has(name) || name === 'Record' || name === 'ReadonlyMap') return true;
  const declarations = depth < 3 ? (values.symbolOf(type.typeName)?.declarations ?? []) : [];
  for (const d of declarations) {
    if (ts.isInterfaceDeclaration(d)) return d.members.some(ts.isIndexSignatureDeclaration);
    if (ts.isTypeAliasDeclaration(d)) return isCollectionType(d.type, values, depth + 1) ?? false;
  }
  return declarations.length ? false : undefined;
}

/** A declaration that holds a collection rather than a client object with methods. */
export function isCollectionDeclaration(decl: ts.Node, values: { symbolOf(node: ts.Node): ts.Symbol | undefined }): boolean {
  const type = declaredType(decl);
  if (type) {
    const collection = isCollectionType(type, values);
    // A project type that is not a collection by its declaration (`TransportMap` without an index
    // signature): what it is initialised with decides.
    if (collection !== undefined && (collection || !ts.isTypeReferenceNode(type))) return collection;
  }
  const init = (decl as { initializer?: ts.Expression }).initializer ?? (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent) ? decl.parent.right : undefined);
  if (!init) return false;
  const inner = unwrap(init);
  if (ts.isNewExpression(inner) && ts.isIdentifier(inner.expression)) return COLLECTION_CLASSES.has(inner.expression.text);
  if (ts.isArrayLiteralExpression(inner)) return true;
  if (ts.isObjectLiteralExpression(inner)) {
    // An object with methods is a client (a fake KV, a repository), not a keyed collection.
    return !inner.properties.some((p) => ts.isMethodDeclaration(p) || (ts.isPropertyAssignment(p) && (ts.isArrowFunction(p.initializer) || ts.isFunctionExpression(p.initializer))));
  }
  if (ts.isCallExpression(inner)) return inner.expression.getText() === 'Object.create';
  return false;
}
