/**
 * Syntax-level facts about declarations and functions, with no symbol lookups: what a type
 * annotation is, which function a declaration holds, what a function returns, what a
 * collection type contains. ValueAnalysis builds its inferences on these.
 */
import { ts } from '../typescript.js';
import { enclosingFunction, isFunctionLike, outermostWrapper, unwrap } from './ast.js';

/** What a collection type holds: `Map<K, V>`/`Record<K, V>`/`Set<V>`/`Array<V>` → V, `{ [k: string]: V }` → V, `V[]` → V. */
export function collectionElementType(type: ts.TypeNode): ts.TypeNode | undefined {
  if (ts.isTypeReferenceNode(type) && type.typeArguments?.length) return type.typeArguments[type.typeArguments.length - 1];
  if (ts.isTypeLiteralNode(type)) return type.members.find(ts.isIndexSignatureDeclaration)?.type;
  if (ts.isArrayTypeNode(type)) return type.elementType;
  return undefined;
}

/** The names a declaration binds: `a`, or each name of a destructuring pattern, however nested. */
export function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : boundNames(e.name)));
}

/** The `for (const x of …)` a variable is the loop variable of. */
export function forOfLoop(decl: ts.VariableDeclaration): ts.ForOfStatement | undefined {
  const loop = decl.parent?.parent;
  return loop && ts.isForOfStatement(loop) && loop.initializer === decl.parent ? loop : undefined;
}

/** `X[]`, `readonly X[]`, `Array<X>`, `ReadonlyArray<X>`, `Iterable<X>` → `X`. */
export function arrayElementType(type: ts.TypeNode): ts.TypeNode | undefined {
  if (ts.isTypeOperatorNode(type)) return arrayElementType(type.type);
  if (ts.isArrayTypeNode(type)) return type.elementType;
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && /^(Readonly)?Array$|^Iterable(Iterator)?$/.test(type.typeName.text)) {
    return type.typeArguments?.[0];
  }
  return undefined;
}

/** A declaration's type annotation: TypeScript syntax, or a JSDoc `@type`/`@param` type in JavaScript files. */
export function declaredType(decl: ts.Node): ts.TypeNode | undefined {
  const explicit = (decl as { type?: ts.TypeNode }).type;
  if (explicit) return explicit;
  return /\.[cm]?jsx?$/.test(decl.getSourceFile().fileName) ? ts.getJSDocType(decl) : undefined;
}

export function functionOfDeclaration(decl: ts.Node): ts.FunctionLikeDeclaration | undefined {
  if (isFunctionLike(decl)) return decl;
  if (ts.isExportAssignment(decl)) {
    const inner = unwrap(decl.expression);
    return ts.isArrowFunction(inner) || ts.isFunctionExpression(inner) ? inner : undefined;
  }
  if ((ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl) || ts.isPropertyDeclaration(decl)) && decl.initializer) {
    const init = unwrap(decl.initializer);
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  }
  if (ts.isBinaryExpression(decl)) {
    const right = unwrap(decl.right);
    if (ts.isArrowFunction(right) || ts.isFunctionExpression(right)) return right;
  }
  if (ts.isPropertyAccessExpression(decl) && ts.isBinaryExpression(decl.parent)) return functionOfDeclaration(decl.parent);
  return undefined;
}

/**
 * The name a function is called by: its own (`function defineServer()`, a method `build()`), or the variable holding it
 * (`const defineServer = () => …`, `= function () …`, also in parentheses); undefined for an anonymous one.
 */
export function functionName(fn: ts.Node): ts.Identifier | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return undefined;
  let holder: ts.Node = fn.parent;
  while (holder && ts.isParenthesizedExpression(holder)) holder = holder.parent;
  return holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name : undefined;
}

/** The function that returns `fn` directly (`(h) => async (args, extra) => ...`, `return async function ...`). */
export function returningFunction(fn: ts.FunctionLikeDeclaration): ts.FunctionLikeDeclaration | undefined {
  const holder = outermostWrapper(fn);
  const parent = holder.parent;
  if (parent && ts.isArrowFunction(parent) && parent.body === holder) return parent;
  if (parent && ts.isReturnStatement(parent)) return enclosingFunction(parent);
  return undefined;
}

export function returnedExpressions(fn: ts.FunctionLikeDeclaration): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const out: ts.Expression[] = [];
  const walk = (node: ts.Node): void => {
    if (isFunctionLike(node)) return; // returns of nested functions are theirs
    if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
    ts.forEachChild(node, walk);
  };
  ts.forEachChild(fn.body, walk);
  return out;
}
