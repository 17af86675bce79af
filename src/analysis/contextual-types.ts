/**
 * The type a function written in place gets from its surroundings, read from declarations (the analysis'
 * program has no lib, so the compiler's own contextual typing cannot see through `Record<…>`):
 *
 *   const BROADCASTS: Record<Kind, Broadcast> = { tools: { send: (s) => s.server.sendToolListChanged() } };
 *
 * `s` is the `session` of `interface Broadcast { send: (session: Session) => … }`. Followed: a variable's
 * annotation, the members of object literals written into it, a function's declared return type, and the
 * parameter of a project function the callback is passed to.
 */
import { ts } from '../typescript.js';
import { outermostWrapper, propertyNameText } from './ast.js';
import { collectionElementType, declaredType } from './declarations.js';

/** What the contextual typing needs from the value analysis: declarations of a name, the function a call calls. */
interface ContextLookup {
  declarationsOf(name: ts.Node): readonly ts.Node[];
  functionOfCall(call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined;
}

const MAX_DEPTH = 6;

/** The declared type of parameter `index` of `fn` according to where `fn` is written; undefined when nothing declares it. */
export function contextualParameterType(fn: ts.FunctionLikeDeclaration, index: number, lookup: ContextLookup): ts.TypeNode | undefined {
  const signature = signatureOf(contextualType(fn, lookup, 0), lookup, 0);
  return signature?.parameters[index] ? declaredType(signature.parameters[index]!) : undefined;
}

/** The type node an expression is expected to have where it stands. */
function contextualType(expr: ts.Node, lookup: ContextLookup, depth: number): ts.TypeNode | ts.SignatureDeclaration | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const outer = outermostWrapper(expr);
  const parent = outer.parent;
  if (!parent) return undefined;
  if (ts.isSatisfiesExpression(outer) || ts.isAsExpression(outer)) return outer.type;
  if (ts.isVariableDeclaration(parent) && parent.initializer === outer) return declaredType(parent);
  if (ts.isPropertyDeclaration(parent) && parent.initializer === outer) return declaredType(parent);
  if (ts.isPropertyAssignment(parent) && parent.initializer === outer && ts.isObjectLiteralExpression(parent.parent)) {
    const name = propertyNameText(parent.name);
    const owner = contextualType(parent.parent, lookup, depth + 1);
    return name && owner && !isSignature(owner) ? memberType(owner, name, lookup, 0) : undefined;
  }
  if (ts.isReturnStatement(parent)) {
    let fn: ts.Node | undefined = parent.parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    return fn && (fn as ts.SignatureDeclaration).type;
  }
  if (ts.isCallExpression(parent) && parent.expression !== outer) {
    const callee = lookup.functionOfCall(parent);
    const param = callee?.parameters[parent.arguments.indexOf(outer as ts.Expression)];
    return param && !param.dotDotDotToken ? declaredType(param) : undefined;
  }
  return undefined;
}

function isSignature(node: ts.Node): node is ts.SignatureDeclaration {
  return ts.isFunctionTypeNode(node) || ts.isMethodSignature(node) || ts.isCallSignatureDeclaration(node);
}

/** The type of member `name` of an object type: a type literal, an interface, a type alias of one, `Record<K, V>`. */
function memberType(type: ts.TypeNode, name: string, lookup: ContextLookup, depth: number): ts.TypeNode | ts.SignatureDeclaration | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (ts.isParenthesizedTypeNode(type)) return memberType(type.type, name, lookup, depth + 1);
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) {
    for (const part of type.types) {
      const found = memberType(part, name, lookup, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (ts.isTypeLiteralNode(type)) return memberOfMembers(type.members, name);
  if (!ts.isTypeReferenceNode(type)) return undefined;
  const declarations = lookup.declarationsOf(ts.isQualifiedName(type.typeName) ? type.typeName.right : type.typeName);
  for (const decl of declarations) {
    if (ts.isInterfaceDeclaration(decl)) {
      const found = memberOfMembers(decl.members, name);
      if (found) return found;
    } else if (ts.isTypeAliasDeclaration(decl)) {
      const found = memberType(decl.type, name, lookup, depth + 1);
      if (found) return found;
    }
  }
  if (declarations.length > 0 || !ts.isIdentifier(type.typeName)) return undefined;
  // The lib's mapped types (absent from the program): every key of `Record<K, V>` holds a V; `Partial<T>` has T's members.
  if (type.typeName.text === 'Record') return collectionElementType(type);
  const inner = type.typeArguments?.[0];
  return inner && LIB_WRAPPERS.has(type.typeName.text) ? memberType(inner, name, lookup, depth + 1) : undefined;
}

const LIB_WRAPPERS = new Set(['Partial', 'Readonly', 'Required']);

function memberOfMembers(members: ts.NodeArray<ts.TypeElement>, name: string): ts.TypeNode | ts.SignatureDeclaration | undefined {
  for (const member of members) {
    if (propertyNameText(member.name) !== name) continue;
    if (ts.isMethodSignature(member)) return member;
    if (ts.isPropertySignature(member) && member.type) return member.type;
  }
  return members.find(ts.isIndexSignatureDeclaration)?.type;
}

/** The call signature a contextual type stands for: a function type, a method, or an alias/interface of one. */
function signatureOf(type: ts.TypeNode | ts.SignatureDeclaration | undefined, lookup: ContextLookup, depth: number): ts.SignatureDeclaration | undefined {
  if (!type || depth > MAX_DEPTH) return undefined;
  if (isSignature(type)) return type;
  if (ts.isParenthesizedTypeNode(type)) return signatureOf(type.type, lookup, depth + 1);
  if (ts.isTypeLiteralNode(type)) return type.members.find(ts.isCallSignatureDeclaration);
  if (!ts.isTypeReferenceNode(type)) return undefined;
  for (const decl of lookup.declarationsOf(ts.isQualifiedName(type.typeName) ? type.typeName.right : type.typeName)) {
    if (ts.isTypeAliasDeclaration(decl)) return signatureOf(decl.type, lookup, depth + 1);
    if (ts.isInterfaceDeclaration(decl)) {
      const call = decl.members.find(ts.isCallSignatureDeclaration);
      if (call) return call;
    }
  }
  return undefined;
}
