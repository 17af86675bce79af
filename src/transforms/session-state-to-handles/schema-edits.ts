/**
 * Edits of the syntax a tool is declared with: a property in its schema object (zod shape or JSON Schema), a
 * member in its arguments' type, a name in a destructuring pattern; each keeps the layout already there.
 * They append to the caller's edit list, in order, like every edit of one store's rewrite.
 */
import { ts } from '../../typescript.js';
import { propertyNameText, unwrap } from '../../analysis/ast.js';
import type { ToolRegistration } from '../../analysis/tools.js';
import type { TextEdit } from '../kit/edits.js';
import { CannotRewrite } from '../kit/handler-sites.js';
import { indentAt } from '../kit/source-style.js';

/** Replaces `node`'s text (or the range `start`..`end` in its file) with `text`. */
export function replaceText(edits: TextEdit[], node: ts.Node, text: string, start = node.getStart(node.getSourceFile()), end = node.end): void {
  edits.push({ file: node.getSourceFile().fileName, start, end, text });
}

/** Inserts `text` at `offset` of `sf`. */
export function insertText(edits: TextEdit[], sf: ts.SourceFile, offset: number, text: string): void {
  edits.push({ file: sf.fileName, start: offset, end: offset, text });
}
/** `{ ticker: string }` → `{ ticker: string; watchlist_id: string }`; a named type gets `& { watchlist_id: string }`. */
export function addTypeMember(edits: TextEdit[], type: ts.TypeNode, name: string): void {
  const sf = type.getSourceFile();
  if (ts.isTypeLiteralNode(type)) {
    const last = type.members[type.members.length - 1];
    if (!last) replaceText(edits, type, `{ ${name}: string }`);
    else if (/[;,]$/.test(last.getText(sf))) insertText(edits, sf, last.end, ` ${name}: string;`);
    else insertText(edits, sf, last.end, `; ${name}: string`);
    return;
  }
  insertText(edits, sf, type.end, ` & { ${name}: string }`);
}

/** `{ a }` → `{ a, name }` (before a rest element: `{ name, ...rest }`); nothing when the name is bound already. */
export function addBindingElement(edits: TextEdit[], pattern: ts.ObjectBindingPattern, name: string): void {
  if (pattern.elements.some((e) => ts.isIdentifier(e.name) && e.name.text === name)) return;
  const sf = pattern.getSourceFile();
  const last = pattern.elements[pattern.elements.length - 1];
  if (!last) replaceText(edits, pattern, `{ ${name} }`);
  else if (last.dotDotDotToken) insertText(edits, sf, last.getStart(sf), `${name}, `);
  else insertText(edits, sf, last.end, `, ${name}`);
}

/** Adds `property` to an object literal, keeping its one-line or multi-line layout. */
export function addProperty(edits: TextEdit[], object: ts.ObjectLiteralExpression, property: string): void {
  const sf = object.getSourceFile();
  const text = sf.text;
  const last = object.properties[object.properties.length - 1];
  if (!last) {
    replaceText(edits, object, `{ ${property} }`);
    return;
  }
  const multiline = text.slice(object.getStart(sf), object.end).includes('\n');
  const trailingComma = object.properties.hasTrailingComma;
  if (multiline) {
    const indent = indentAt(text, last.getStart(sf));
    insertText(edits, sf, trailingComma ? text.indexOf(',', last.end) + 1 : last.end, `${trailingComma ? '' : ','}\n${indent}${property}${trailingComma ? ',' : ''}`);
  } else {
    insertText(edits, sf, last.end, `, ${property}`);
  }
}

/** A required property of a JSON Schema: in its `properties` and its `required` list, each added when missing. */
export function addJsonSchemaProperty(edits: TextEdit[], schema: ts.ObjectLiteralExpression, arg: string, argSchema: string): void {
  const prop = (name: string) => schema.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === name);
  const properties = prop('properties');
  const entry = `${arg}: ${argSchema}`;
  if (properties && ts.isObjectLiteralExpression(unwrap(properties.initializer))) addProperty(edits, unwrap(properties.initializer) as ts.ObjectLiteralExpression, entry);
  else if (!properties) addProperty(edits, schema, `properties: { ${entry} }`);
  else throw new CannotRewrite('the JSON Schema properties are not written in place', properties);
  const required = prop('required');
  if (required && ts.isArrayLiteralExpression(unwrap(required.initializer))) {
    const array = unwrap(required.initializer) as ts.ArrayLiteralExpression;
    const lastElement = array.elements[array.elements.length - 1];
    if (lastElement) insertText(edits, schema.getSourceFile(), lastElement.end, `, '${arg}'`);
    else replaceText(edits, array, `['${arg}']`);
  } else if (!required) addProperty(edits, schema, `required: ['${arg}']`);
  else throw new CannotRewrite('the JSON Schema required list is not written in place', required);
}

/** The description string literal of a tool, when written in place. */
export function descriptionLiteral(tool: ToolRegistration): ts.StringLiteral | undefined {
  if (tool.config) {
    const prop = tool.config.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'description');
    return prop && ts.isStringLiteral(prop.initializer) ? prop.initializer : undefined;
  }
  const second = tool.api === 'tool' ? tool.call.arguments[1] : undefined;
  return second && ts.isStringLiteral(second) && tool.call.arguments.length > 2 ? second : undefined;
}
