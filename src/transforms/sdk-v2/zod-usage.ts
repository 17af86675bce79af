/**
 * Before package.json raises zod from 3 to ^4.2 (SDK v2 needs it), the project's own zod code is
 * checked for what zod 4 removed, with the type checker over the package's files that can hold it
 * (resolved against the project's installed zod):
 * - `.errors` read on a `ZodError`: gone in zod 4. Rewritten to `.issues`, which zod 3 has too;
 * - `z.record(valueSchema)` with one argument: zod 4 needs the key schema. Rewritten to
 *   `z.record(z.string(), valueSchema)`, what the one-argument form meant in zod 3 (and valid there);
 * - `zod-to-json-schema` imported: it does not read zod 4 schemas. A file that only calls
 *   `zodToJsonSchema(schema)` with the schema alone, and has zod's `z` in scope, gets
 *   `z.toJSONSchema(schema, { target: 'draft-07', io: 'input' })`, zod 4's own converter set to what
 *   zod-to-json-schema produced by default (draft-07, the schema's input side), and loses the import.
 *   Any other use (options, a name argument, the function passed on, a type from the package, require)
 *   is not rewritten.
 * A site that is not rewritten would break the build on zod 4 (or, for zod-to-json-schema, the tool
 * schemas at run time), so then zod is left as it is, nothing here is rewritten, and the report names
 * each site. The rewrites are made only when they let zod be raised.
 */
import path from 'node:path';
import { bundledLibFiles, ts } from '../../typescript.js';
import { usesName } from '../kit/handler-sites.js';

export interface Zod4Break {
  file: string;
  /** 1-based. */
  line: number;
  what: string;
  /** The edits (on the file's current text) that move this site to zod 4, when it can be moved by rewriting. */
  fix?: Zod4Edit[];
  /** What the fix does, for the report. */
  fixed?: string;
}

export interface Zod4Edit {
  start: number;
  end: number;
  text: string;
}

const ZOD_TO_JSON_SCHEMA = 'zod-to-json-schema';

/** What the checks below look at, as text: a file without any of it cannot break (and is not parsed and checked). */
const BREAK_SHAPES = /zod-to-json-schema|\.\s*errors\b|\.\s*record\b/;

/**
 * Files that can hold one of the breaks. They need not import zod: a ZodError typed through another module
 * (`tool.inputSchema.safeParse(args).error.errors`, with the schema's type declared elsewhere) breaks too.
 */
export function mayBreakOnZod4(text: string): boolean {
  return BREAK_SHAPES.test(text);
}

function declaredInZod(symbol: ts.Symbol | undefined): boolean {
  return (symbol?.declarations ?? []).some((d) => d.getSourceFile().fileName.split(path.sep).join('/').includes('/node_modules/zod/'));
}

/**
 * @param movesToV2 whether a file is one the official codemod moves to SDK v2 in this run: a tool's JSON Schema
 * there is cast to the SDK's `Tool['inputSchema']` (see toolSchemaCast).
 */
export function zod4Breaks(files: readonly string[], readFile: (file: string) => string | undefined, movesToV2: (file: string) => boolean = () => false): Zod4Break[] {
  if (!files.length) return [];
  const options: ts.CompilerOptions = { allowJs: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, skipLibCheck: true, noEmit: true, types: [] };
  const host = ts.createCompilerHost(options, true);
  const wanted = new Set(files);
  const lib = bundledLibFiles();
  const readBase = host.readFile.bind(host);
  const existsBase = host.fileExists.bind(host);
  host.readFile = (file) => (wanted.has(file) ? readFile(file) : (lib.files.get(file) ?? readBase(file)));
  host.fileExists = (file) => lib.files.has(file) || existsBase(file);
  host.getDefaultLibLocation = () => lib.folder;
  host.getDefaultLibFileName = (o) => path.join(lib.folder, ts.getDefaultLibFileName(o));
  const program = ts.createProgram({ rootNames: files, options, host });
  const checker = program.getTypeChecker();
  const out: Zod4Break[] = [];
  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (!sf) continue;
    const at = (node: ts.Node, what: string, fix: Zod4Edit[] | undefined, fixed: string) => out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what, ...(fix ? { fix, fixed } : {}) });
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) && node.text === ZOD_TO_JSON_SCHEMA && isModuleSpecifier(node)) {
        at(node, 'imports zod-to-json-schema, which does not read zod 4 schemas (zod 4 has z.toJSONSchema)', zodToJsonSchemaFix(sf, node, checker, movesToV2(file)), "zodToJsonSchema(schema) → z.toJSONSchema(schema, { target: 'draft-07', io: 'input' })");
      } else if (ts.isPropertyAccessExpression(node) && node.name.text === 'errors') {
        const type = checker.getNonNullableType(checker.getTypeAtLocation(node.expression));
        const symbol = type.getSymbol() ?? type.aliasSymbol;
        if (symbol?.name === 'ZodError' && declaredInZod(symbol)) {
          at(node.name, 'reads ZodError.errors, which zod 4 removed (use .issues)', [{ start: node.name.getStart(sf), end: node.name.getEnd(), text: 'issues' }], 'ZodError.errors → .issues');
        }
      } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'record') {
        const owner = node.expression.expression;
        let target = checker.getSymbolAtLocation(owner);
        if (target && target.flags & ts.SymbolFlags.Alias) target = checker.getAliasedSymbol(target);
        const callee = checker.getSymbolAtLocation(node.expression.name);
        if (declaredInZod(target) || declaredInZod(callee)) {
          // `z.record(v)` keyed its records by string: the same, written out, is valid in zod 3 and 4.
          const fix = isNamePath(owner) ? [{ start: node.arguments[0]!.getStart(sf), end: node.arguments[0]!.getStart(sf), text: `${owner.getText(sf)}.string(), ` }] : undefined;
          at(node, 'calls z.record with the value schema only; zod 4 needs the key schema too (z.record(z.string(), value))', fix, 'z.record(value) → z.record(z.string(), value)');
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** `z`, `zod.z`: a name path, safe to write twice. */
function isNamePath(node: ts.Expression): boolean {
  return ts.isIdentifier(node) || (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.name) && isNamePath(node.expression));
}

/**
 * The rewrite of a file's zod-to-json-schema use to zod 4's `toJSONSchema`, when the import is
 * `import { zodToJsonSchema } from 'zod-to-json-schema'` (or its default import) alone, every use of
 * the binding is a call with the schema as its one argument, and the file imports zod's `z` as a value.
 */
function zodToJsonSchemaFix(sf: ts.SourceFile, specifier: ts.StringLiteral, checker: ts.TypeChecker, movesToV2: boolean): Zod4Edit[] | undefined {
  const declaration = specifier.parent;
  if (!ts.isImportDeclaration(declaration)) return undefined;
  const clause = declaration.importClause;
  if (!clause || clause.isTypeOnly) return undefined;
  const named = clause.namedBindings;
  let local: ts.Identifier | undefined;
  if (clause.name && !named) local = clause.name;
  else if (!clause.name && named && ts.isNamedImports(named) && named.elements.length === 1) {
    const only = named.elements[0]!;
    if (!only.isTypeOnly && (only.propertyName ?? only.name).text === 'zodToJsonSchema') local = only.name;
  }
  if (!local) return undefined;
  // Without zod's `z` in the file, the zod-to-json-schema import becomes one of `z` (unless the file has a `z` of its own).
  const zod = zodNamespaceIn(sf) ?? (usesName(sf, 'z') ? undefined : 'z');
  if (!zod) return undefined;
  const importsZ = zodNamespaceIn(sf) === undefined;
  const binding = checker.getSymbolAtLocation(local);
  if (!binding) return undefined;
  const quote = sf.text[specifier.getStart(sf)] === '"' ? '"' : "'";
  const edits: Zod4Edit[] = [];
  const casts: Array<{ at: number; property: string }> = [];
  let unfit = false;
  const visit = (node: ts.Node): void => {
    if (unfit) return;
    if (ts.isIdentifier(node) && node !== local && node.text === local!.text && checker.getSymbolAtLocation(node) === binding) {
      const call = node.parent;
      if (!ts.isCallExpression(call) || call.expression !== node || call.arguments.length !== 1 || ts.isSpreadElement(call.arguments[0]!)) {
        unfit = true;
        return;
      }
      edits.push({ start: node.getStart(sf), end: node.getEnd(), text: `${zod}.toJSONSchema` });
      const argumentEnd = call.arguments[0]!.getEnd();
      edits.push({ start: argumentEnd, end: argumentEnd, text: `, { target: ${quote}draft-07${quote}, io: ${quote}input${quote} }` });
      const schemaOf = movesToV2 ? toolSchemaProperty(call) : undefined;
      if (schemaOf) casts.push({ at: call.getEnd(), property: schemaOf });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (unfit) return undefined;
  if (casts.length) {
    const cast = toolSchemaCast(sf);
    if (!cast) return undefined;
    edits.push(...cast.edits);
    for (const c of casts) edits.push({ start: c.at, end: c.at, text: ` as ${cast.tool}[${quote}${c.property}${quote}]` });
  }
  const start = declaration.getStart(sf);
  if (importsZ) {
    const semicolon = sf.text.slice(start, declaration.getEnd()).trimEnd().endsWith(';') ? ';' : '';
    edits.push({ start, end: declaration.getEnd(), text: `import { z } from ${quote}zod${quote}${semicolon}` });
    return edits;
  }
  // The import goes with its line (and the line break after it).
  const lineStart = sf.text.lastIndexOf('\n', start - 1) + 1;
  const wholeLine = sf.text.slice(lineStart, start).trim() === '';
  const newline = sf.text.indexOf('\n', declaration.getEnd());
  const restOfLine = sf.text.slice(declaration.getEnd(), newline < 0 ? sf.text.length : newline).trim() === '';
  if (wholeLine && restOfLine) edits.push({ start: lineStart, end: newline < 0 ? sf.text.length : newline + 1, text: '' });
  else edits.push({ start, end: declaration.getEnd(), text: '' });
  return edits;
}

/** `inputSchema` or `outputSchema` when the call is that property's value in an object literal (a tool of tools/list). */
function toolSchemaProperty(call: ts.CallExpression): string | undefined {
  let node: ts.Node = call;
  while (ts.isParenthesizedExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (!ts.isPropertyAssignment(parent) || parent.initializer !== node) return undefined;
  const name = ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name) ? parent.name.text : undefined;
  return name === 'inputSchema' || name === 'outputSchema' ? name : undefined;
}

const V1_TYPES = /^@modelcontextprotocol\/sdk\/types(?:\.js)?$/;

/**
 * SDK v2 types a tool's `inputSchema` as a JSON Schema object whose `type` is `'object'`; zod's converter (like
 * zod-to-json-schema's) returns a JSON Schema of any type, so a tools/list handler returning it no longer
 * type-checks on v2 (v1 took any result). The value gets `as Tool['inputSchema']`, and `Tool` a type import
 * beside the file's SDK v1 types import, which the official codemod then moves to v2 with the rest. Without
 * such an import, or where the file has its own `Tool`, there is no rewrite.
 */
function toolSchemaCast(sf: ts.SourceFile): { tool: string; edits: Zod4Edit[] } | undefined {
  const typesImport = sf.statements.find((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && V1_TYPES.test(s.moduleSpecifier.text));
  const named = typesImport?.importClause?.namedBindings;
  if (!typesImport || !named || !ts.isNamedImports(named) || typesImport.importClause!.name) return undefined;
  const existing = named.elements.find((e) => (e.propertyName ?? e.name).text === 'Tool');
  if (existing) return { tool: existing.name.text, edits: [] };
  if (usesName(sf, 'Tool')) return undefined;
  const last = named.elements[named.elements.length - 1];
  const typeOnly = typesImport.importClause!.isTypeOnly;
  const specifier = typeOnly ? 'Tool' : 'type Tool';
  const edit = last ? { start: last.getEnd(), end: last.getEnd(), text: `, ${specifier}` } : { start: named.getStart(sf) + 1, end: named.getStart(sf) + 1, text: ` ${specifier} ` };
  return { tool: 'Tool', edits: [edit] };
}

/** The local name of zod's `z` (named, namespace or default import from 'zod'), imported as a value. */
function zodNamespaceIn(sf: ts.SourceFile): string | undefined {
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || statement.moduleSpecifier.text !== 'zod') continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) return clause.name.text;
    const named = clause.namedBindings;
    if (named && ts.isNamespaceImport(named)) return named.name.text;
    const z = named && ts.isNamedImports(named) ? named.elements.find((e) => !e.isTypeOnly && (e.propertyName ?? e.name).text === 'z') : undefined;
    if (z) return z.name.text;
  }
  return undefined;
}

/** The text with the edits made (they do not overlap). */
export function applyZod4Edits(text: string, edits: readonly Zod4Edit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

function isModuleSpecifier(node: ts.StringLiteral): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return parent.moduleSpecifier === node;
  if (ts.isExternalModuleReference(parent)) return true;
  if (ts.isCallExpression(parent)) return parent.arguments[0] === node && (parent.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(parent.expression) && parent.expression.text === 'require'));
  return ts.isImportTypeNode(parent.parent) || (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent));
}
