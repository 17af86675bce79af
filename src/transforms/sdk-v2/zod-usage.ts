/**
 * Before package.json raises zod from 3 to ^4.2 (SDK v2 needs it), the project's own zod code is
 * checked for what zod 4 removed, with the type checker over the package's files that import zod
 * (resolved against the project's installed zod):
 * - `zod-to-json-schema` imported: it does not read zod 4 schemas (zod 4 has `z.toJSONSchema`);
 * - `.errors` read on a `ZodError`: gone in zod 4 (`.issues`);
 * - `z.record(valueSchema)` with one argument: zod 4 needs the key schema too.
 * Any of these and the raise would break the build (or, for zod-to-json-schema, the tool schemas at
 * run time), so zod is left as it is and the report names each site.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';

export interface Zod4Break {
  file: string;
  /** 1-based. */
  line: number;
  what: string;
}

const ZOD_TO_JSON_SCHEMA = 'zod-to-json-schema';
/** Files that can use zod at all: they name the package in a module specifier. */
const ZOD_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"](?:zod|zod-to-json-schema)(?:\/[^'"]*)?['"]/;

/** What the checks below look at, as text: a file without any of it cannot break (and is not parsed and checked). */
const BREAK_SHAPES = /zod-to-json-schema|\.\s*errors\b|\.\s*record\b/;

/** Files that can hold one of the breaks: they name zod in a module specifier and mention what a check looks at. */
export function mayBreakOnZod4(text: string): boolean {
  return ZOD_SPECIFIER.test(text) && BREAK_SHAPES.test(text);
}

function declaredInZod(symbol: ts.Symbol | undefined): boolean {
  return (symbol?.declarations ?? []).some((d) => d.getSourceFile().fileName.split(path.sep).join('/').includes('/node_modules/zod/'));
}

export function zod4Breaks(files: readonly string[], readFile: (file: string) => string | undefined): Zod4Break[] {
  if (!files.length) return [];
  const options: ts.CompilerOptions = { allowJs: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, skipLibCheck: true, noEmit: true, types: [] };
  const host = ts.createCompilerHost(options, true);
  const wanted = new Set(files);
  const readBase = host.readFile.bind(host);
  host.readFile = (file) => (wanted.has(file) ? readFile(file) : readBase(file));
  const program = ts.createProgram({ rootNames: files, options, host });
  const checker = program.getTypeChecker();
  const out: Zod4Break[] = [];
  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (!sf) continue;
    const at = (node: ts.Node, what: string) => out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what });
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) && node.text === ZOD_TO_JSON_SCHEMA && isModuleSpecifier(node)) {
        at(node, 'imports zod-to-json-schema, which does not read zod 4 schemas (zod 4 has z.toJSONSchema)');
      } else if (ts.isPropertyAccessExpression(node) && node.name.text === 'errors') {
        const type = checker.getNonNullableType(checker.getTypeAtLocation(node.expression));
        const symbol = type.getSymbol() ?? type.aliasSymbol;
        if (symbol?.name === 'ZodError' && declaredInZod(symbol)) at(node.name, 'reads ZodError.errors, which zod 4 removed (use .issues)');
      } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'record') {
        let target = checker.getSymbolAtLocation(node.expression.expression);
        if (target && target.flags & ts.SymbolFlags.Alias) target = checker.getAliasedSymbol(target);
        const callee = checker.getSymbolAtLocation(node.expression.name);
        if (declaredInZod(target) || declaredInZod(callee)) at(node, 'calls z.record with the value schema only; zod 4 needs the key schema too (z.record(z.string(), value))');
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

function isModuleSpecifier(node: ts.StringLiteral): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return parent.moduleSpecifier === node;
  if (ts.isExternalModuleReference(parent)) return true;
  if (ts.isCallExpression(parent)) return parent.arguments[0] === node && (parent.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(parent.expression) && parent.expression.text === 'require'));
  return ts.isImportTypeNode(parent.parent) || (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent));
}
