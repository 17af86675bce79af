/**
 * The SDK values a store holds, which decide what kind of store it is: a registry of transports (or of
 * `{ transport, server }` bundles) is serving plumbing, one of servers is a per-session server, anything else
 * application state. Read from what is written into it (the value itself, an object literal, a project class
 * constructed with the values, a factory's result) and from its declared type (type arguments, a project interface
 * or class, a type whose members are all the same SDK class's own).
 */
import { ts } from '../typescript.js';
import { isFunctionLike, unwrap } from './ast.js';
import { valuesGivenTo } from './assignments.js';
import { calleeText, declaredType, returnedExpressions, type ValueAnalysis } from './values.js';
import type { Value } from './value.js';

/**
 * The SDK values an entry written into a store carries: the value itself, or the members of a
 * bundle — an object literal (`{ transport, server }`, also through a `const` or returned by a
 * factory), a project class constructed with them (`new Session(transport, server)`), or one
 * whose declared members are typed so. A registry of such bundles is serving plumbing, not state.
 */
export function heldValues(values: ValueAnalysis, written: ts.Expression, depth: number): Value[] {
  const direct = values.valueOf(written);
  if (direct && direct.kind !== 'shape') return [direct];
  if (direct?.shape) {
    const members = membersOfShape(values, direct.shape);
    if (members.length) return members;
    // A structural type names no SDK class (`{ server: { connect(…) }; transport: { handleRequest(…) } }`): what the
    // variable was given says what it holds (`session = { server, transport }`, sweep 25 Y3).
    const inner = unwrap(written);
    const given = ts.isIdentifier(inner) && depth <= 3 ? valuesGivenTo(values, inner) ?? [] : [];
    const assigned = given.flatMap((g) => heldValues(values, g, depth + 1)).filter((v) => v.kind !== 'shape');
    return assigned.length ? assigned : [direct];
  }
  if (depth > 3) return [];
  const inner = unwrap(written);
  const out: Value[] = [];
  if (ts.isObjectLiteralExpression(inner)) {
    for (const prop of inner.properties) {
      if (ts.isPropertyAssignment(prop)) out.push(...heldValues(values, prop.initializer, depth + 1));
      else if (ts.isShorthandPropertyAssignment(prop)) out.push(...heldValues(values, prop.name, depth + 1));
    }
    return out;
  }
  if (ts.isIdentifier(inner)) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer) return heldValues(values, decl.initializer, depth + 1);
    return [];
  }
  if (ts.isNewExpression(inner)) {
    for (const arg of inner.arguments ?? []) if (!ts.isSpreadElement(arg)) out.push(...heldValues(values, arg, depth + 1));
    const cls = classDeclarationOf(values, inner.expression);
    if (cls) out.push(...membersOfClass(values, cls));
    return out;
  }
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return [...heldValues(values, inner.left, depth + 1), ...heldValues(values, inner.right, depth + 1)];
  }
  if (ts.isConditionalExpression(inner)) return [...heldValues(values, inner.whenTrue, depth + 1), ...heldValues(values, inner.whenFalse, depth + 1)];
  if (ts.isCallExpression(inner)) {
    const callee = unwrap(inner.expression);
    // `(async () => { … })()`: an immediately invoked set-up.
    const fn = isFunctionLike(callee) ? callee : values.calls.functionOfCall(inner);
    const returns = fn ? returnedExpressions(fn) : [];
    for (const returned of returns) out.push(...heldValues(values, returned, depth + 1));
    // The pending set-up of a session (`pending.set(sid, (async () => { new StreamableHTTPServerTransport(…); … })())`):
    // the entry stands for the transport being created, so the store is serving plumbing too.
    if (returns.length === 0 && fn?.body) {
      const created = transportCreatedIn(values, fn);
      if (created) out.push({ ...created, hops: [{ text: `set up by ${calleeText(inner)}`, node: inner }] });
    }
  }
  return out;
}

/** An SDK transport constructed in the body of `fn` itself (not in a function nested in it). */
function transportCreatedIn(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration): Value | undefined {
  let found: Value | undefined;
  const visit = (node: ts.Node): void => {
    if (found || (node !== fn && isFunctionLike(node))) return;
    if (ts.isNewExpression(node)) {
      const value = values.valueOf(node);
      if (value?.kind === 'transport') found = value;
    }
    ts.forEachChild(node, visit);
  };
  visit(fn);
  return found;
}

/** SDK values declared as members of a project type (`interface Session { transport: …; server: … }`). */
function membersOfShape(values: ValueAnalysis, shape: ts.TypeLiteralNode | ts.InterfaceDeclaration | ts.ClassLikeDeclaration): Value[] {
  if (ts.isClassDeclaration(shape) || ts.isClassExpression(shape)) return membersOfClass(values, shape);
  const out: Value[] = [];
  for (const member of shape.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const value = values.valueOfType(member.type, []);
    if (value && value.kind !== 'shape') out.push(value);
  }
  return out;
}

/** SDK values held by a project class: typed fields and constructor parameter properties. */
function membersOfClass(values: ValueAnalysis, cls: ts.ClassLikeDeclaration): Value[] {
  const out: Value[] = [];
  const types: ts.TypeNode[] = [];
  for (const member of cls.members) {
    if (ts.isPropertyDeclaration(member) && member.type) types.push(member.type);
    if (ts.isConstructorDeclaration(member)) {
      for (const param of member.parameters) if (param.type && ts.getModifiers(param)?.length) types.push(param.type);
    }
  }
  for (const type of types) {
    const value = values.valueOfType(type, []);
    if (value && value.kind !== 'shape') out.push(value);
  }
  return out;
}

/**
 * A type parameter or alias that stands for an SDK class by its members: `T extends ServerLike` with
 * `type ServerLike = { close: Server['close']; connect: Server['connect'] }` is a server, whatever `T` is
 * instantiated with, since every member it declares is the SDK class's own. Only when every member is
 * such an indexed access of one and the same SDK class.
 */
function structuralSdkValue(values: ValueAnalysis, type: ts.TypeNode, depth: number): Value | undefined {
  if (depth > 3) return undefined;
  if (ts.isTypeLiteralNode(type)) {
    let found: Value | undefined;
    for (const member of type.members) {
      const memberType = ts.isPropertySignature(member) ? member.type : undefined;
      if (!memberType || !ts.isIndexedAccessTypeNode(memberType) || !ts.isTypeReferenceNode(memberType.objectType)) return undefined;
      const owner = values.valueOfType(memberType.objectType, []);
      if (!owner || owner.kind === 'shape' || (found && (found.kind !== owner.kind || found.cls !== owner.cls))) return undefined;
      found = owner;
    }
    return found && { ...found, hops: [] };
  }
  if (!ts.isTypeReferenceNode(type)) return undefined;
  for (const decl of values.symbolOf(type.typeName)?.declarations ?? []) {
    const next = ts.isTypeParameterDeclaration(decl) ? decl.constraint : ts.isTypeAliasDeclaration(decl) ? decl.type : undefined;
    const value = next && structuralSdkValue(values, next, depth + 1);
    if (value) return value;
  }
  return undefined;
}

/** SDK values named in a store's declared type or in `new Map<K, V>()` type arguments. */
export function valuesInDeclaredType(values: ValueAnalysis, decl: ts.Node): Value[] {
  const out: Value[] = [];
  const typeNodes: ts.Node[] = [];
  const type = declaredType(decl);
  if (type) typeNodes.push(type);
  const init = (decl as { initializer?: ts.Expression }).initializer;
  if (init) {
    const inner = unwrap(init);
    if (ts.isNewExpression(inner) && inner.typeArguments) typeNodes.push(...inner.typeArguments);
    if (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) typeNodes.push(init.type);
  }
  for (const root of typeNodes) {
    const visit = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node)) {
        const value = values.valueOfType(node, []);
        const members = value?.shape ? membersOfShape(values, value.shape) : [];
        const structural = members.length === 0 ? structuralSdkValue(values, value?.shape && ts.isTypeLiteralNode(value.shape) ? value.shape : node, 0) : undefined;
        if (members.length) out.push(...members);
        else if (structural) out.push(structural);
        else if (value) out.push(value);
        else {
          const cls = classDeclarationOf(values, node.typeName);
          if (cls) out.push(...membersOfClass(values, cls));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(root);
  }
  return out;
}

/** The project class an expression or type name refers to (`new Session(…)`, `Map<string, Session>`). */
function classDeclarationOf(values: ValueAnalysis, ref: ts.Node): ts.ClassLikeDeclaration | undefined {
  const inner = unwrap(ref);
  const id = ts.isPropertyAccessExpression(inner) ? inner.name : ts.isQualifiedName(inner) ? inner.right : inner;
  if (!ts.isIdentifier(id)) return undefined;
  return values.symbolOf(id)?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassDeclaration(d) || ts.isClassExpression(d));
}
