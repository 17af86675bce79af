/**
 * Class members reached through `this`: a handler method (or an arrow-function field) a class mounts on its
 * own router (`this.app.post('/mcp', this.handlePost)`, `this.handlePost.bind(this)`), the constructor's
 * `this.handlePost = this.handlePost.bind(this)`, and the fields (`this.transports`, `this.app`) its code uses.
 * Plain language semantics (`this`, `bind`), resolved through the checker: no framework knowledge here.
 */
import { ts } from '../typescript.js';
import { forEachDescendant, outermostWrapper, unwrap } from './ast.js';
import type { ValueQueries } from './value.js';

/** A member of a class: a method, or a field holding a function (`private handle = async (req, res) => …`). */
export interface ClassMember {
  cls: ts.ClassLikeDeclaration;
  /** The member's declaration (a method, a property, or a constructor parameter property). */
  declaration: ts.ClassElement | ts.ParameterDeclaration;
  name: string;
}

/** The class member `fn` is: a method, or the function a field is initialized with. */
export function memberOfFunction(fn: ts.Node): ClassMember | undefined {
  if (ts.isMethodDeclaration(fn) && ts.isClassLike(fn.parent) && ts.isIdentifier(fn.name) && !isStatic(fn)) return { cls: fn.parent, declaration: fn, name: fn.name.text };
  const holder = outermostWrapper(fn).parent;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && holder && ts.isPropertyDeclaration(holder) && ts.isClassLike(holder.parent) && ts.isIdentifier(holder.name) && !isStatic(holder)) {
    return { cls: holder.parent, declaration: holder, name: holder.name.text };
  }
  return undefined;
}

/** `this.name` when `node` is such an access made directly in a member of a class (not in a nested function's own `this`). */
export function thisMemberName(node: ts.Node): string | undefined {
  const inner = unwrap(node);
  if (!ts.isPropertyAccessExpression(inner) || unwrap(inner.expression).kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  return inner.name.text;
}

/** The declarations a `this.name` access resolves to (a field, a method, a parameter property, a JS `this.x = …`). */
export function memberDeclarations(access: ts.PropertyAccessExpression, values: ValueQueries): ts.Node[] {
  return [...(values.symbolOf(access.name)?.declarations ?? [])];
}

/** Every `this.<name>` access of `member` inside its class. */
export function memberReferences(member: ClassMember, values: ValueQueries): ts.PropertyAccessExpression[] {
  const out: ts.PropertyAccessExpression[] = [];
  forEachDescendant(member.cls, (node) => {
    if (!ts.isPropertyAccessExpression(node) || thisMemberName(node) !== member.name) return;
    const decls = memberDeclarations(node, values);
    if (decls.length === 0 || decls.includes(member.declaration)) out.push(node);
  });
  return out;
}

/** The statement `this.name = this.name.bind(this);` that `ref` is part of (either side), if it is one. */
export function selfBindStatement(ref: ts.PropertyAccessExpression): ts.ExpressionStatement | undefined {
  const bound = boundCall(ref);
  const node = outermostWrapper(bound ?? ref);
  const assignment = node.parent;
  if (!assignment || !ts.isBinaryExpression(assignment) || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isExpressionStatement(assignment.parent)) return undefined;
  const left = thisMemberName(assignment.left);
  const right = unwrap(assignment.right);
  if (!left || !ts.isCallExpression(right) || !isBindOfThis(right)) return undefined;
  return thisMemberName((right.expression as ts.PropertyAccessExpression).expression) === left ? assignment.parent : undefined;
}

/** `ref.bind(this)` when `ref` is the receiver of such a call. */
export function boundCall(ref: ts.Node): ts.CallExpression | undefined {
  const access = ref.parent;
  const call = access?.parent;
  if (!access || !ts.isPropertyAccessExpression(access) || access.expression !== ref || !call || !ts.isCallExpression(call) || call.expression !== access) return undefined;
  return isBindOfThis(call) ? call : undefined;
}

/** `x.bind(this)`. */
export function isBindOfThis(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'bind' && call.arguments.length === 1 && unwrap(call.arguments[0]!).kind === ts.SyntaxKind.ThisKeyword;
}

/** The function a `this.name` access denotes, when it names a method or a function field. */
export function functionOfMemberAccess(access: ts.PropertyAccessExpression, values: ValueQueries): ts.FunctionLikeDeclaration | undefined {
  for (const decl of memberDeclarations(access, values)) {
    if (ts.isMethodDeclaration(decl) && decl.body) return decl;
    if (ts.isPropertyDeclaration(decl) && decl.initializer) {
      const init = unwrap(decl.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}

/**
 * The values a field is given: its initializer, its declared type's name, and every `this.name = value`
 * assignment in its class (a constructor's `this.app = express()`).
 */
export function fieldSources(access: ts.PropertyAccessExpression, values: ValueQueries): ts.Node[] {
  const name = thisMemberName(access);
  const out: ts.Node[] = [];
  let cls: ts.Node | undefined;
  for (const decl of memberDeclarations(access, values)) {
    if ((ts.isPropertyDeclaration(decl) || ts.isParameter(decl)) && decl.type && ts.isTypeReferenceNode(decl.type)) out.push(decl.type.typeName);
    if (ts.isPropertyDeclaration(decl) && decl.initializer) out.push(decl.initializer);
    cls ??= ts.isParameter(decl) ? decl.parent.parent : decl.parent;
  }
  if (!cls || !name) return out;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  if (!cls) return out;
  forEachDescendant(cls, (node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && thisMemberName(node.left) === name) out.push(node.right);
  });
  return out;
}

function isStatic(node: ts.Node): boolean {
  return (ts.getModifiers(node as ts.HasModifiers) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
}
