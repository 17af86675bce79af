/**
 * Where a store the session id keys is declared: the collection (`const carts = new Map()`, `transports = {}`, a
 * class field) its accesses go back to, through the parameters and destructured options helpers receive it by. A
 * store with a declaration is one store however many places touch it; a client object (Redis, a KV) has none, and
 * each of its accesses stands alone.
 */
import { ts } from '../typescript.js';
import { isFunctionLike, propertyNameText, unwrap } from './ast.js';
import type { ValueAnalysis } from './values.js';
import { isCollectionDeclaration, storeRoot } from './keyed-collections.js';

/** The declaration of a collection (`const carts = new Map()`, `transports = {}`, a class field) — not of a client. */
export function storeDeclaration(values: ValueAnalysis, store: ts.Expression, depth = 0): ts.Node | undefined {
  const root = storeRoot(store);
  const target = ts.isPropertyAccessExpression(root) ? root.name : root;
  if (!ts.isIdentifier(target) || depth > 4) return undefined;
  const symbol = values.symbolOf(target);
  let decl = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  // JavaScript: the checker declares `this.notes` by the assignment `this.notes = new Map()` itself.
  if (decl && ts.isBinaryExpression(decl) && ts.isPropertyAccessExpression(decl.left)) decl = decl.left;
  // A member of an annotated object (`transports: { streamable: Record<…> } = { streamable: {} }`): its initializer's property.
  if (decl && ts.isPropertySignature(decl)) decl = typedMemberInitializer(decl) ?? decl;
  if (!decl) return undefined;
  if (ts.isParameter(decl)) {
    // `function handleSSE(..., sessions: Map<string, SSEServerTransport>)`: the store is what callers pass.
    const fn = decl.parent;
    const index = isFunctionLike(fn) ? fn.parameters.indexOf(decl) : -1;
    for (const call of isFunctionLike(fn) ? values.calls.callsOf(fn) : []) {
      const arg = call.arguments[index];
      const found = arg && !ts.isSpreadElement(arg) ? storeDeclaration(values, arg, depth + 1) : undefined;
      if (found) return found;
    }
    return undefined;
  }
  // `({ activeTransports }: { activeTransports: Record<…> }) => …` called with `{ activeTransports: sessions, … }`.
  const passed = passedForBinding(values, decl);
  if (passed) {
    for (const arg of passed) {
      const found = storeDeclaration(values, arg, depth + 1);
      if (found) return found;
    }
    return undefined;
  }

  if (!(ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl) || (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent)))) {
    return undefined;
  }
  return isCollectionDeclaration(decl, values) ? decl : undefined;
}

/**
 * For a name bound by destructuring a function's object parameter (`({ sessions, res }) => …`): what the callers pass
 * for that member (`handle({ sessions: activeSessions, res })`, `{ sessions }` shorthand). Undefined for any other binding.
 */
function passedForBinding(values: ValueAnalysis, decl: ts.Node): ts.Expression[] | undefined {
  if (!ts.isBindingElement(decl) || !ts.isObjectBindingPattern(decl.parent) || !ts.isParameter(decl.parent.parent)) return undefined;
  const param = decl.parent.parent;
  const fn = param.parent;
  const member = propertyNameText(decl.propertyName) ?? (ts.isIdentifier(decl.name) ? decl.name.text : undefined);
  if (!isFunctionLike(fn) || !member) return undefined;
  const index = fn.parameters.indexOf(param);
  const out: ts.Expression[] = [];
  for (const call of values.calls.callsOf(fn)) {
    const arg = call.arguments[index];
    const inner = arg && !ts.isSpreadElement(arg) ? unwrap(arg) : undefined;
    if (!inner || !ts.isObjectLiteralExpression(inner)) continue;
    for (const prop of inner.properties) {
      if (!(ts.isPropertyAssignment(prop) || ts.isShorthandPropertyAssignment(prop)) || propertyNameText(prop.name) !== member) continue;
      out.push(ts.isPropertyAssignment(prop) ? prop.initializer : prop.name);
    }
  }
  return out;
}

/**
 * `streamable` in `private transports: { streamable: Record<string, T> } = { streamable: {} }` (jae-jae/fetcher-mcp):
 * the checker declares the member by the annotation's type literal, but the collection is the initializer's
 * property of that name, as it is for the same object without an annotation. Undefined for any other declaration.
 */
export function typedMemberInitializer(decl: ts.Node): ts.PropertyAssignment | undefined {
  if (!ts.isPropertySignature(decl) || !ts.isTypeLiteralNode(decl.parent)) return undefined;
  const holder = decl.parent.parent;
  if (!(ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder)) || holder.type !== decl.parent) return undefined;
  const value = holder.initializer ?? (ts.isPropertyDeclaration(holder) ? constructorAssignment(holder) : undefined);
  if (!value) return undefined;
  const init = unwrap(value);
  const name = propertyNameText(decl.name);
  if (!ts.isObjectLiteralExpression(init) || name === undefined) return undefined;
  return init.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === name);
}

/** The annotation's member for a property of an annotated object's initializer (the inverse of `typedMemberInitializer`). */
export function typedMemberSignature(property: ts.PropertyAssignment): ts.PropertySignature | undefined {
  const object = property.parent;
  const holder = ts.isObjectLiteralExpression(object) ? annotatedObjectHolder(object) : undefined;
  const name = propertyNameText(property.name);
  if (!holder?.type || !ts.isTypeLiteralNode(holder.type) || name === undefined) return undefined;
  return holder.type.members.find((m): m is ts.PropertySignature => ts.isPropertySignature(m) && propertyNameText(m.name) === name);
}

/** The annotated variable or field whose value `object` is: its initializer, or the constructor's `this.<field> = object`. */
export function annotatedObjectHolder(object: ts.ObjectLiteralExpression): ts.VariableDeclaration | ts.PropertyDeclaration | undefined {
  let node: ts.Node = object;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent)) node = node.parent;
  const holder = node.parent;
  if ((ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder)) && holder.initializer === node) return holder;
  // `this.transports = { … }` in the constructor of a class declaring `transports` without an initializer.
  const field = ts.isBinaryExpression(holder) && holder.right === node ? assignedField(holder) : undefined;
  return field && constructorAssignment(field) === node ? field : undefined;
}

/**
 * The value a field without an initializer gets in its class's constructor, as the constructor's own statement
 * `this.<field> = <value>;` (fetcher-mcp sets its annotated registry object so). Undefined when it has none.
 */
function constructorAssignment(field: ts.PropertyDeclaration): ts.Expression | undefined {
  if (field.initializer || !ts.isIdentifier(field.name) || !ts.isClassLike(field.parent)) return undefined;
  const ctor = field.parent.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
  for (const statement of ctor?.body?.statements ?? []) {
    const expr = ts.isExpressionStatement(statement) ? statement.expression : undefined;
    if (expr && ts.isBinaryExpression(expr) && assignedField(expr) === field) return expr.right;
  }
  return undefined;
}

/** The field of the enclosing class that `this.<name> = …` assigns. */
function assignedField(assignment: ts.BinaryExpression): ts.PropertyDeclaration | undefined {
  const left = assignment.left;
  if (assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isPropertyAccessExpression(left) || left.expression.kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  let cls: ts.Node | undefined = assignment.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  return cls && ts.isClassLike(cls) ? cls.members.find((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === left.name.text) : undefined;
}

