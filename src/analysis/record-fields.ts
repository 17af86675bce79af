/**
 * What a registry's records keep besides the serving layer's objects: the fields of each per-session record that
 * are neither an SDK object (a transport, a server, an event store), the session id, bookkeeping (a time, a count, a
 * timer, a flag) nor a callback, and that code reads back (`sessionManager.getSession(sid).apiToken`). A transport
 * registry whose records keep such a field is not only serving plumbing: removing it with the session routing would
 * lose what the handlers read (sweep 19 S2: lark-base's `Map<sessionId, { appToken, personalBaseToken, transport }>`).
 *
 * Reads are found through the checker (the property the access resolves to is the record's own), so only typed
 * records have any: a record reached through an untyped `Map` (`new Map()` in JavaScript) has none, and stays what
 * its SDK members make it.
 */
import { basename } from 'node:path';
import { ts } from '../typescript.js';
import { forEachOfKind, isFunctionLike, unwrap } from './ast.js';
import { declaredType } from './declarations.js';
import type { ValueAnalysis } from './values.js';
import type { HeldField, SessionStore } from './session-flow-types.js';
import { isBookkeepingValue, writtenInto } from './store-classification.js';
import { isLogCall } from './log-calls.js';

/** Types a record member can have and still be bookkeeping of the session, not what a handler reads back. */
const BOOKKEEPING_TYPE_NAMES = new Set(['Date', 'Timeout', 'Timer', 'NodeJS.Timeout', 'NodeJS.Timer', 'ReturnType', 'AbortController']);

interface Candidate {
  name: string;
  /** The member's declarations (an interface's property signature, an object literal's property). */
  declarations: Set<ts.Node>;
}

/** The fields of `store`'s records that hold state and are read back (empty for most registries). */
export function fieldsReadBack(values: ValueAnalysis, store: SessionStore, files: readonly ts.SourceFile[]): HeldField[] {
  const candidates = recordMembers(values, store);
  if (candidates.size === 0) return [];
  const reads = new Map<string, ts.Node[]>();
  const note = (name: string, node: ts.Node): void => {
    const list = reads.get(name) ?? [];
    list.push(node);
    reads.set(name, list);
  };
  const isMember = (candidate: Candidate, symbol: ts.Symbol | undefined): boolean => !!symbol?.declarations?.some((d) => candidate.declarations.has(d));
  for (const file of files) {
    forEachOfKind(file, [ts.SyntaxKind.PropertyAccessExpression, ts.SyntaxKind.BindingElement], (node) => {
      if (ts.isPropertyAccessExpression(node)) {
        const candidate = candidates.get(node.name.text);
        // A log line naming the field (`console.log(session.userAgent)`) reads nothing back for the tools (review 35 C1).
        if (!candidate || isWriteTarget(node) || insideLogCall(node)) return;
        // The record's own property by type, or a member of what a lookup in the registry returns (`sessions.get(id)?.apiKey`,
        // `const s = sessions.get(id); s.apiKey`): a `Map`'s `get` has no type where the program loads no lib.
        if (isMember(candidate, values.symbolOf(node.name)) || (store.declaration && isRecordOf(values, node.expression, store.declaration, 0))) note(candidate.name, node);
        return;
      }
      const element = node as ts.BindingElement;
      if (!ts.isObjectBindingPattern(element.parent)) return;
      const key = element.propertyName ?? element.name;
      if (!ts.isIdentifier(key)) return;
      const candidate = candidates.get(key.text);
      if (!candidate) return;
      // `const { apiToken } = session`: the property of the destructured value's type.
      const type = values.checker.getTypeAtLocation(element.parent);
      const property = type.getNonNullableType().getProperty(key.text);
      if (isMember(candidate, property)) note(candidate.name, element);
    });
  }
  return [...reads].map(([name, nodes]) => ({ name, reads: nodes }));
}

/** The record members of `store` that may hold state: from its declared type and from the object literals written into it. */
function recordMembers(values: ValueAnalysis, store: SessionStore): Map<string, Candidate> {
  const out = new Map<string, Candidate>();
  const excluded = new Set<string>();
  const add = (name: string, decl: ts.Node): void => {
    const candidate = out.get(name) ?? { name, declarations: new Set<ts.Node>() };
    candidate.declarations.add(decl);
    out.set(name, candidate);
  };
  const decl = store.declaration;
  if (decl) {
    for (const shape of recordShapes(values, decl)) {
      for (const member of shape) {
        if (!ts.isPropertySignature(member) && !ts.isPropertyDeclaration(member)) continue;
        const name = member.name && ts.isIdentifier(member.name) ? member.name.text : undefined;
        if (!name) continue;
        if (member.type && mayHoldState(values, member.type)) add(name, member);
        else excluded.add(name);
      }
    }
  }
  const written = [...store.accesses.map((a) => a.written), ...(decl ? writtenInto(values, decl) : [])].filter((w): w is ts.Expression => w !== undefined);
  for (const value of written) {
    for (const prop of objectLiteralOf(values, value)?.properties ?? []) {
      const name = ts.isPropertyAssignment(prop) || ts.isShorthandPropertyAssignment(prop) ? (ts.isIdentifier(prop.name) ? prop.name.text : undefined) : undefined;
      if (!name) continue;
      const initializer = ts.isPropertyAssignment(prop) ? prop.initializer : (prop as ts.ShorthandPropertyAssignment).name;
      if (writesState(values, initializer)) add(name, prop);
      else excluded.add(name);
    }
  }
  // A member anything written or declared marks as the serving layer's (the transport, the id, a timestamp) is not state.
  for (const name of excluded) out.delete(name);
  return out;
}

/** The members of the record types a registry's declared type names: `Map<string, Session>`, `Record<string, { … }>`, `{ [id: string]: Session }`. */
function recordShapes(values: ValueAnalysis, decl: ts.Node): Array<ts.NodeArray<ts.TypeElement> | ts.NodeArray<ts.ClassElement>> {
  const roots: ts.TypeNode[] = [];
  const type = declaredType(decl);
  if (type) roots.push(type);
  const init = (decl as { initializer?: ts.Expression }).initializer;
  const inner = init && unwrap(init);
  if (inner && ts.isNewExpression(inner) && inner.typeArguments) roots.push(...inner.typeArguments);
  const out: Array<ts.NodeArray<ts.TypeElement> | ts.NodeArray<ts.ClassElement>> = [];
  const seen = new Set<ts.Node>();
  const visit = (node: ts.Node, depth: number): void => {
    if (depth > 4 || seen.has(node)) return;
    seen.add(node);
    if (ts.isTypeLiteralNode(node)) {
      // An index signature is the container (`{ [id: string]: Session }`); named members are the record.
      const index = node.members.filter(ts.isIndexSignatureDeclaration);
      // An index signature without its type (`{ [id: string] }`, a syntax error the parser recovers from) holds no record.
      if (index.length === node.members.length) for (const sig of index) if (sig.type) visit(sig.type, depth + 1);
      else out.push(node.members);
      return;
    }
    if (ts.isTypeReferenceNode(node)) {
      for (const declaration of values.symbolOf(node.typeName)?.declarations ?? []) {
        if (ts.isInterfaceDeclaration(declaration)) out.push(declaration.members);
        else if (ts.isClassDeclaration(declaration)) out.push(declaration.members);
        else if (ts.isTypeAliasDeclaration(declaration)) visit(declaration.type, depth + 1);
      }
      for (const arg of node.typeArguments ?? []) visit(arg, depth + 1);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, depth + 1));
  };
  for (const root of roots) visit(root, 0);
  return out;
}

/**
 * Whether a member of this declared type can be state a handler reads back: a string, or a type of the project's
 * own (a credentials object, a client wrapper) — not an SDK object, a number, a flag, a time, a timer, a
 * function, or a type from a package the program does not load (`Response`, `ChildProcess`: the serving layer's).
 */
function mayHoldState(values: ValueAnalysis, type: ts.TypeNode): boolean {
  if (ts.isUnionTypeNode(type)) return type.types.some((t) => mayHoldState(values, t));
  if (ts.isParenthesizedTypeNode(type) || ts.isArrayTypeNode(type)) return mayHoldState(values, ts.isArrayTypeNode(type) ? type.elementType : type.type);
  if (type.kind === ts.SyntaxKind.StringKeyword || ts.isLiteralTypeNode(type)) return ts.isLiteralTypeNode(type) ? ts.isStringLiteral(type.literal) : true;
  if (ts.isTypeLiteralNode(type)) return true;
  if (!ts.isTypeReferenceNode(type)) return false;
  if (BOOKKEEPING_TYPE_NAMES.has(type.typeName.getText())) return false;
  const value = values.valueOfType(type, []);
  if (value && value.kind !== 'shape') return false;
  return !!values.symbolOf(type.typeName)?.declarations?.some((d) => ts.isInterfaceDeclaration(d) || ts.isClassDeclaration(d) || ts.isTypeAliasDeclaration(d));
}

/** Whether a value written into a record's member is state (not an SDK object, the session id, bookkeeping or a callback). */
function writesState(values: ValueAnalysis, written: ts.Expression): boolean {
  const inner = unwrap(written) as ts.Expression;
  if (isFunctionLike(inner)) return false;
  const value = values.valueOf(inner);
  if (value && value.kind !== 'shape') return false;
  return !isBookkeepingValue(values, inner, 0);
}

/** The object literal written (directly, or through a `const` holding one). */
function objectLiteralOf(values: ValueAnalysis, written: ts.Expression): ts.ObjectLiteralExpression | undefined {
  const inner = unwrap(written);
  if (ts.isObjectLiteralExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  return init && ts.isObjectLiteralExpression(init) ? init : undefined;
}

/** A record of the registry `decl`: `registry.get(k)`, `registry[k]` (through `!`, `?.`, `await`), or a `const` initialized so. */
function isRecordOf(values: ValueAnalysis, expression: ts.Expression, decl: ts.Node, depth: number): boolean {
  const inner = unwrap(expression) as ts.Expression;
  const isRegistry = (receiver: ts.Expression): boolean => {
    const target = unwrap(receiver);
    const name = ts.isPropertyAccessExpression(target) ? target.name : target;
    const symbol = values.symbolOf(name);
    return !!symbol && (symbol.valueDeclaration === decl || !!symbol.declarations?.includes(decl as ts.Declaration));
  };
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(inner.expression) && inner.expression.name.text === 'get') return isRegistry(inner.expression.expression);
  if (ts.isElementAccessExpression(inner)) return isRegistry(inner.expression);
  if (ts.isIdentifier(inner) && depth < 2) {
    const declaration = values.symbolOf(inner)?.valueDeclaration;
    return !!declaration && ts.isVariableDeclaration(declaration) && !!declaration.initializer && isRecordOf(values, declaration.initializer, decl, depth + 1);
  }
  return false;
}

/** Whether `node` is inside the arguments of a log call (`console.log(…)`, `logger.info({ … })`, log-calls.ts). */
function insideLogCall(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current && !isFunctionLike(current); current = current.parent) {
    if (ts.isCallExpression(current) && isLogCall(current)) return true;
  }
  return false;
}

/** `record.field = x` (also `+=`): the member is written, not read. */
function isWriteTarget(access: ts.PropertyAccessExpression): boolean {
  const parent = access.parent;
  return ts.isBinaryExpression(parent) && parent.left === access && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
}

/** "`apiToken`", "`appToken` and `userToken`", "`a`, `b` and `c`". */
export function heldFieldList(fields: readonly HeldField[]): string {
  const names = fields.map((f) => `\`${f.name}\``);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0]!;
}

/**
 * "mcpServer.ts", "this file and auth.ts": the files the fields are read in (`from`: the registry's own, "this file"). File names, not lines: a marker apply
 * writes above the read would move it, and the text must read the same on a second run.
 */
export function readPlaces(fields: readonly HeldField[], from?: ts.SourceFile): string {
  const files = [...new Set(fields.flatMap((f) => f.reads).map((n) => (n.getSourceFile() === from ? 'this file' : basename(n.getSourceFile().fileName))))];
  return files.length > 1 ? `${files.slice(0, -1).join(', ')} and ${files.at(-1)}` : files[0]!;
}
