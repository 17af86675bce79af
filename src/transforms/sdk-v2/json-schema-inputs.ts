/**
 * A JSON Schema object written where SDK 1.x takes a zod shape: `server.tool(name, desc, { type: 'object',
 * properties: { query: { type: 'string' } } }, async (inputs) => …)` (SLdragon/mcp-elicitation-server, sweep 13 L2).
 * SDK 1.x recognised a zod shape by its zod values: this object was none, so `tool()` read it as annotations, the tool
 * had no input schema and the handler got the request context where it reads `inputs.query`. The official codemod
 * wraps every object literal it finds there in `z.object(…)`, which zod 4 rejects on every call ("expected a Zod
 * schema" for `type`). v2 takes JSON Schema through `fromJsonSchema(…)`: the object becomes the tool's input schema,
 * as its author meant, and the codemod's own comment asks for the tool to be checked (its handler now receives the
 * arguments). The `z` import the codemod added for the wrapping goes when nothing else uses it.
 */
import type { Diagnostic } from '@modelcontextprotocol/codemod';
import type { CallExpression, ObjectLiteralExpression, SourceFile } from 'ts-morph';
import { loadTsMorph } from '../../typescript.js';
import { mergeableImport } from './bindings.js';
import { TOOL_REGISTRATION } from '../../analysis/sdk-modules.js';

const V2_SERVER = '@modelcontextprotocol/server';
const FROM_JSON_SCHEMA = 'fromJsonSchema';

export function jsonSchemaInputs(sf: SourceFile, zodInjected: boolean): { changes: number; diagnostics: Diagnostic[]; zodDropped: boolean; converted: CallExpression[] } {
  const { Node, SyntaxKind } = loadTsMorph();
  const diagnostics: Diagnostic[] = [];
  let changes = 0;
  const converted: CallExpression[] = [];
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (call.wasForgotten()) continue;
    const callee = call.getExpression();
    const config = call.getArguments()[1];
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== TOOL_REGISTRATION || !config || !Node.isObjectLiteralExpression(config)) continue;
    const property = config.getProperty('inputSchema');
    if (!Node.isPropertyAssignment(property)) continue;
    const value = property.getInitializer();
    // `z.object({ type: 'object', … })` (the codemod's wrapping) or the object itself, perhaps cast (`/** @type {any} */ ({ … })`, `{ … } as any`).
    const argument = value && Node.isCallExpression(value) && isZodObjectCall(value.getExpression().getText()) && value.getArguments().length === 1 ? value.getArguments()[0] : value;
    let wrapped = argument;
    while (wrapped && (Node.isParenthesizedExpression(wrapped) || Node.isAsExpression(wrapped) || Node.isTypeAssertion(wrapped) || Node.isSatisfiesExpression(wrapped))) wrapped = wrapped.getExpression();
    if (!wrapped || !Node.isObjectLiteralExpression(wrapped) || !isJsonSchemaObject(wrapped)) continue;
    value!.replaceWithText(`${FROM_JSON_SCHEMA}(${wrapped.getText()})`);
    changes++;
    converted.push(call);
    diagnostics.push({
      level: 'warning' as Diagnostic['level'],
      file: sf.getFilePath(),
      line: call.getStartLineNumber(),
      // The import edits below move lines: the comment's line is read once they are made.
      resolveCurrentLine: () => call.getStartLineNumber(),
      message: `SDK 1.x takes zod shapes only: this JSON Schema object gave the tool no usable input schema (\`tool()\` read it as annotations, and its handler got the request context first). It is now the tool's input schema, through v2's ${FROM_JSON_SCHEMA}(), and the handler gets the arguments first: check the tool.`,
      insertComment: true,
    });
  }
  if (changes === 0) return { changes, diagnostics, zodDropped: false, converted };
  addValueImport(sf);
  const zodDropped = zodInjected && dropUnusedZodImport(sf);
  return { changes, diagnostics, zodDropped, converted };
}

function isZodObjectCall(calleeText: string): boolean {
  return /^z\.object$/.test(calleeText);
}

/** `{ type: 'object', properties: { … } }` whose property schemas are plain objects (JSON Schema, not zod calls). */
function isJsonSchemaObject(object: ObjectLiteralExpression): boolean {
  const { Node } = loadTsMorph();
  const type = object.getProperty('type');
  const properties = object.getProperty('properties');
  if (!Node.isPropertyAssignment(type) || !Node.isPropertyAssignment(properties)) return false;
  const kind = type.getInitializer();
  const fields = properties.getInitializer();
  if (!kind || !Node.isStringLiteral(kind) || kind.getLiteralValue() !== 'object' || !fields || !Node.isObjectLiteralExpression(fields)) return false;
  return fields.getProperties().every((p) => Node.isPropertyAssignment(p) && Node.isObjectLiteralExpression(p.getInitializer()));
}

function addValueImport(sf: SourceFile): void {
  const existing = mergeableImport(sf, V2_SERVER, false);
  if (existing) {
    if (!existing.getNamedImports().some((n) => n.getName() === FROM_JSON_SCHEMA && !n.getAliasNode())) existing.addNamedImport(FROM_JSON_SCHEMA);
    return;
  }
  const imports = sf.getImportDeclarations();
  sf.insertImportDeclaration(imports.length ? imports.at(-1)!.getChildIndex() + 1 : 0, { moduleSpecifier: V2_SERVER, namedImports: [FROM_JSON_SCHEMA] });
}

/** The codemod's `import { z } from 'zod'`, when no `z` is left to use it. */
function dropUnusedZodImport(sf: SourceFile): boolean {
  const { SyntaxKind } = loadTsMorph();
  const declaration = sf.getImportDeclarations().find((d) => d.getModuleSpecifierValue() === 'zod' && d.getNamedImports().length === 1 && d.getNamedImports()[0]!.getName() === 'z' && !d.getDefaultImport() && !d.getNamespaceImport());
  if (!declaration) return false;
  const uses = sf.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === 'z' && !declaration.containsRange(id.getPos(), id.getEnd()));
  if (uses.length > 0) return false;
  declaration.remove();
  return true;
}
