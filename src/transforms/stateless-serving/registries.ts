/**
 * The session registries one serving rewrite replaces, and how each is named and removed.
 *
 * A registry is either a variable (`const transports = new Map()`) or one property of an object that
 * holds a registry per transport kind (`const transports = { streamable: {}, sse: {} }`, reached as
 * `transports.streamable[id]`). Only the registries the replaced code uses go with it: a registry of the
 * HTTP+SSE endpoint kept for 2025-era clients stays, as does the rest of an object it is a property of.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isInside, propertyNameText, statementOf } from '../../analysis/ast.js';
import { memberDeclarations, thisMemberName } from '../../analysis/class-members.js';
import type { AnalysisResult } from '../../analysis/model.js';
import type { SessionStore } from '../../analysis/session-flow.js';
import { annotatedObjectHolder, typedMemberInitializer, typedMemberSignature } from '../../analysis/store-declarations.js';
import { removalRange } from './text.js';

type Values = AnalysisResult['analysis']['values'];

/** Transport and server registries declared in `sf` that code inside one of `roots` uses. */
export function registriesUsedIn(result: AnalysisResult, sf: ts.SourceFile, roots: readonly ts.Node[]): SessionStore[] {
  const values = result.analysis.values;
  return [...result.analysis.sessions.stores.values()].filter(
    (s) => (s.kind === 'transport' || s.kind === 'server') && s.declaration?.getSourceFile() === sf && registryReferences(s, sf, values).some((ref) => roots.some((root) => isInside(ref, root))),
  );
}

/**
 * Where `registry` is named outside its declaration: the identifiers bound to a registry variable, or the
 * `holder.kind` / `holder['kind']` accesses of a registry property.
 */
export function registryReferences(registry: SessionStore, sf: ts.SourceFile, values: Values): ts.Node[] {
  const decl = registry.declaration;
  if (!decl) return [];
  const out: ts.Node[] = [];
  if (ts.isPropertyAssignment(decl)) {
    const key = propertyNameText(decl.name);
    forEachDescendant(sf, (node) => {
      const name = ts.isPropertyAccessExpression(node) ? node.name : ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) ? node.argumentExpression : undefined;
      if (!name || (ts.isIdentifier(name) ? name.text : (name as ts.StringLiteralLike).text) !== key) return;
      const symbol = values.symbolOf(name);
      const declared = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      // An annotated object's member is declared by its type literal (`typedMemberInitializer`).
      if (declared === decl || (declared !== undefined && typedMemberInitializer(declared) === decl)) out.push(node);
    });
    return out;
  }
  const field = ts.isPropertyDeclaration(decl) && ts.isIdentifier(decl.name) ? decl.name.text : thisMemberName(decl);
  if (field) {
    // A class field (declared, or assigned in the constructor as JS does): its `this.transports` accesses.
    const key = field;
    forEachDescendant(sf, (node) => {
      if (node !== decl && ts.isPropertyAccessExpression(node) && thisMemberName(node) === key && memberDeclarations(node, values).some((d) => d === decl || (ts.isBinaryExpression(d) && d.left === decl))) out.push(node);
    });
    return out;
  }
  const declared = ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) ? decl.name : undefined;
  if (!declared) return [];
  forEachDescendant(sf, (node) => {
    if (ts.isIdentifier(node) && node !== declared && node.text === declared.text && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) && values.symbolOf(node)?.valueDeclaration === decl) out.push(node);
  });
  return out;
}

/**
 * The references of dotted registries (`transports.streamable`): the serving checks read them as the
 * registry, not as a use of the object that holds it (which may hold a registry that stays).
 */
export function dottedReferences(registries: readonly SessionStore[], sf: ts.SourceFile, values: Values): ts.Node[] {
  return registries.filter((r) => r.declaration && (ts.isPropertyAssignment(r.declaration) || ts.isPropertyDeclaration(r.declaration) || !!thisMemberName(r.declaration))).flatMap((r) => registryReferences(r, sf, values));
}

/**
 * The text range that removes the registries: a variable's statement; a property of an object with its
 * line (and its comma); the whole statement when every property of the object goes.
 */
export function registryRemovals(registries: readonly SessionStore[], sf: ts.SourceFile): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  const properties = new Map<ts.ObjectLiteralExpression, ts.PropertyAssignment[]>();
  const declarators = new Map<ts.VariableDeclarationList, ts.VariableDeclaration[]>();
  for (const registry of registries) {
    const decl = registry.declaration!;
    if (ts.isPropertyAssignment(decl) && ts.isObjectLiteralExpression(decl.parent)) properties.set(decl.parent, [...(properties.get(decl.parent) ?? []), decl]);
    else if (ts.isVariableDeclaration(decl) && ts.isVariableDeclarationList(decl.parent) && decl.parent.declarations.length > 1) declarators.set(decl.parent, [...(declarators.get(decl.parent) ?? []), decl]);
    else out.push(removalRange(sf, statementOf(decl)));
  }
  // `const transports = {}, carts = new Map()`: the registry's declarator goes with its comma; the others stay.
  for (const [list, removed] of declarators) {
    if (list.declarations.every((d) => removed.includes(d))) {
      out.push(removalRange(sf, statementOf(list)));
      continue;
    }
    for (const decl of removed) {
      const at = list.declarations.indexOf(decl);
      const next = list.declarations[at + 1];
      out.push(next ? { start: decl.getStart(sf), end: next.getStart(sf) } : { start: list.declarations[at - 1]!.end, end: decl.end });
    }
  }
  for (const [object, removed] of properties) {
    if (object.properties.every((p) => removed.includes(p as ts.PropertyAssignment))) {
      out.push(removalRange(sf, statementOf(object)));
      // A field the constructor gave the object (`this.transports = { … }`) goes with that statement.
      const holder = annotatedObjectHolder(object);
      if (holder && ts.isPropertyDeclaration(holder) && !holder.initializer) out.push(removalRange(sf, holder));
      continue;
    }
    for (const property of removed) {
      out.push(propertyRange(sf, property));
      // The annotation's member goes too, or the object left behind no longer fits its type.
      const signature = typedMemberSignature(property);
      if (signature) out.push(memberRange(sf, signature));
    }
  }
  return out;
}

/** A property with its comma: its whole lines when it has lines of its own, else `prop, ` (or `, prop` when last). */
function propertyRange(sf: ts.SourceFile, property: ts.PropertyAssignment): { start: number; end: number } {
  const text = sf.text;
  const list = (property.parent as ts.ObjectLiteralExpression).properties;
  const comma = list.hasTrailingComma || list.indexOf(property) < list.length - 1 ? text.indexOf(',', property.end) : -1;
  let end = comma >= 0 ? comma + 1 : property.end;
  const lineStart = text.lastIndexOf('\n', property.getStart(sf) - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim();
  // A comment after the comma describes the property: it goes with the line.
  const ownLines = text.slice(lineStart, property.getStart(sf)).trim() === '' && (rest === '' || rest.startsWith('//'));
  if (ownLines) {
    // Comments directly above the property describe it: they go with it.
    const range = removalRange(sf, property, true, false);
    return { start: range.start, end: lineEnd < 0 ? text.length : lineEnd + 1 };
  }
  if (comma >= 0) {
    while (/[ \t]/.test(text[end] ?? '')) end++;
    return { start: property.getStart(sf), end };
  }
  // The last property on a shared line, no comma after it: the comma before it goes.
  const before = text.lastIndexOf(',', property.getStart(sf));
  return { start: before, end: property.end };
}

/** A type literal's member with its separator: its whole line when it has one of its own (and a comment after it), else `name: T; `. */
function memberRange(sf: ts.SourceFile, member: ts.TypeElement): { start: number; end: number } {
  const text = sf.text;
  const start = member.getStart(sf);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  let end = member.end;
  const lineEnd = text.indexOf('\n', end);
  const rest = text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim();
  // A comment after the member describes it: it goes with the line.
  if (text.slice(lineStart, start).trim() === '' && (rest === '' || rest.startsWith('//'))) {
    return { start: lineStart, end: lineEnd < 0 ? text.length : lineEnd + 1 };
  }
  while (/[ \t]/.test(text[end] ?? '')) end++;
  return { start, end };
}

