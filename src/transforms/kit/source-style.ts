/**
 * How a file is written, so generated code matches it: module flavour, indentation, how relative
 * imports are spelled and where new ones go, and the local name of zod. Every transform that writes
 * code asks here.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { isRequireCall, unwrap } from '../../analysis/ast.js';
import { knownTreeOf } from '../../analysis/parsed-files.js';
import { loadConfigForFile } from '../../discovery/tsconfig.js';

/** How a module is written: TypeScript, ES modules JavaScript, or CommonJS. */
export type ModuleFlavour = 'ts' | 'esm' | 'cjs';

export function flavourOf(sf: ts.SourceFile): ModuleFlavour {
  const ext = path.extname(sf.fileName);
  if (['.ts', '.tsx', '.mts', '.cts'].includes(ext)) return 'ts';
  if (ext === '.cjs') return 'cjs';
  if (ext === '.mjs') return 'esm';
  const hasImport = sf.statements.some((s) => ts.isImportDeclaration(s) || ts.isExportDeclaration(s));
  return hasImport || !/\brequire\s*\(/.test(sf.text) ? 'esm' : 'cjs';
}

/** The quote the file's imports (or `require` calls) use: `"` when they use it, else `'`. */
export function quoteOf(text: string): string {
  return /^\s*import[^;]*?from\s+"/m.test(text) || /require\("/.test(text) ? '"' : "'";
}

/** The file's indentation unit (two spaces when nothing is indented yet). */
export function indentUnit(text: string): string {
  // Asked of the same file text by several transforms and by apply's layout pass: the answer is kept per text (it
  // parses a file holding a template literal; on src/everything `apply --dry-run` spent 72 ms here, 50 ms with this).
  let unit = indentUnits.get(text);
  if (unit === undefined) {
    unit = computeIndentUnit(text);
    if (indentUnits.size >= INDENT_UNITS_KEPT) indentUnits.delete(indentUnits.keys().next().value!);
    indentUnits.set(text, unit);
  }
  return unit;
}

const INDENT_UNITS_KEPT = 512;
const indentUnits = new Map<string, string>();

function computeIndentUnit(text: string): string {
  // The shallowest indentation of the file's code lines (not a JSDoc ` * ` line, not a line of a string's value): the
  // first indented line may be nested deeper (a call the codemod re-printed, a continuation), and read as the unit it
  // gave a 2-space file a 4-space factory body (sweep 7).
  const inString = text.includes('`') ? stringLineStarts(text) : undefined;
  let tabs = 0;
  let spaces = 0;
  let shallowest = Infinity;
  let offset = 0;
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    const match = /^([ \t]+)([^\s*])/.exec(line);
    if (!match || inString?.has(start)) continue;
    if (match[1]!.startsWith('\t')) tabs++;
    else {
      spaces++;
      shallowest = Math.min(shallowest, match[1]!.length);
    }
  }
  if (tabs === 0 && spaces === 0) return '  ';
  if (tabs > spaces) return '\t';
  return shallowest >= 4 && shallowest % 4 === 0 ? '    ' : '  ';
}

/** The start of the line holding `position`. */
export function lineStart(text: string, position: number): number {
  return text.lastIndexOf('\n', position - 1) + 1;
}

/** The indentation of the line holding `position`. */
export function indentAt(text: string, position: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, position)))![0];
}

/** Whether the file writes relative imports with an extension (`./cart.js`, as NodeNext requires). */
/**
 * How the file writes its relative imports: with the output's extension (`./x.js`, the default: what NodeNext asks for),
 * with the source's (`./x.ts`, a project run by Node's type stripping with `allowImportingTsExtensions`, sweep 38 AL1:
 * a `.js` there is a module Node cannot find, and tsc does not object), or without one (a bundler).
 */
function relativeImportStyle(sf: ts.SourceFile): 'output' | 'source' | 'none' {
  for (const spec of moduleSpecifiers(sf)) {
    if (!spec.startsWith('.')) continue;
    // Data and assets (`../package.json`, `./styles.css`) keep their extension in every style: they say nothing (review 44 S44-5).
    if (/\.(?:json|css|scss|sass|less|svg|png|jpe?g|gif|webp|txt|md|html?|wasm|node|ya?ml)$/i.test(spec)) continue;
    if (/\.[cm]?tsx?$/.test(spec) && !spec.endsWith('.d.ts')) return 'source';
    return /\.[cm]?js$/.test(spec) ? 'output' : 'none';
  }
  // A file importing nothing relative: as its project's compiler options allow.
  return /\.[cm]?tsx?$/.test(sf.fileName) && loadConfigForFile(sf.fileName)?.sourceExtensionImports ? 'source' : 'output';
}

function moduleSpecifiers(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) out.push(statement.moduleSpecifier.text);
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer && unwrap(decl.initializer);
        if (init && isRequireCall(init) && ts.isStringLiteral(init.arguments[0]!)) out.push((init.arguments[0] as ts.StringLiteral).text);
      }
    }
  }
  return out;
}

/** The specifier `from` uses to import the generated module at `target` (absolute path). */
export function importSpecifier(from: ts.SourceFile, target: string, flavour: ModuleFlavour): string {
  let rel = path.relative(path.dirname(from.fileName), target).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  if (flavour === 'cjs') return rel;
  const style = relativeImportStyle(from);
  if (style === 'source' && /\.[cm]?tsx?$/.test(rel)) return rel;
  const bare = rel.replace(/\.[cm]?[jt]s$/, '');
  return style === 'none' ? bare : `${bare}.js`;
}

/**
 * Where a new top-level statement goes so that it follows the imports: after the last import or
 * require statement, else before the first statement (after any shebang and header comment).
 */
export function afterImports(sf: ts.SourceFile): { offset: number; text: (statement: string) => string } {
  let last: ts.Statement | undefined;
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement)) last = statement;
    else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.some((d) => d.initializer && isRequireCall(unwrap(d.initializer)))) last = statement;
  }
  if (last) return { offset: last.end, text: (statement) => `\n${statement}` };
  const first = sf.statements[0];
  return { offset: first ? first.getStart(sf) : sf.text.length, text: (statement) => `${statement}\n` };
}

/**
 * Where an import of `specifier` goes: a package's import joins the package imports (after the file's last import of
 * the same scope, `@modelcontextprotocol/…`, else after its last package import) when local imports follow them;
 * anything else goes after the last import.
 */
export function importAnchor(sf: ts.SourceFile, specifier: string): { offset: number; text: (statement: string) => string } {
  const last = afterImports(sf);
  if (isRelativeSpecifier(specifier)) return last;
  const scope = specifier.startsWith('@') ? specifier.slice(0, specifier.indexOf('/') + 1) : undefined;
  let sameScope: ts.Statement | undefined;
  let anyPackage: ts.Statement | undefined;
  for (const statement of sf.statements) {
    const module = importedModule(statement);
    if (module === undefined || isRelativeSpecifier(module)) continue;
    anyPackage = statement;
    if (scope && module.startsWith(scope)) sameScope = statement;
  }
  const anchor = sameScope ?? anyPackage;
  return anchor && anchor.end < last.offset ? { offset: anchor.end, text: (statement) => `\n${statement}` } : last;
}

function isRelativeSpecifier(specifier: string): boolean {
  return specifier.startsWith('.') || specifier.startsWith('/');
}

/** The module a top-level import or `require` statement names. */
function importedModule(statement: ts.Statement): string | undefined {
  if (ts.isImportDeclaration(statement)) return ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
  if (!ts.isVariableStatement(statement)) return undefined;
  for (const d of statement.declarationList.declarations) {
    const init = d.initializer && unwrap(d.initializer);
    if (init && isRequireCall(init) && ts.isStringLiteralLike(init.arguments[0]!)) return (init.arguments[0] as ts.StringLiteralLike).text;
  }
  return undefined;
}

/** The statement text that imports `names` from `specifier`, in the file's flavour. */
export function importStatement(names: readonly string[], specifier: string, flavour: ModuleFlavour): string {
  return flavour === 'cjs' ? `const { ${names.join(', ')} } = require('${specifier}');` : `import { ${names.join(', ')} } from '${specifier}';`;
}

/** The local name zod is imported under (`z` from `import { z } from 'zod'`, a namespace, or a require). */
export function zodName(sf: ts.SourceFile): string | undefined {
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && /^zod(\/|$)/.test(statement.moduleSpecifier.text)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) return bindings.name.text;
      if (bindings && ts.isNamedImports(bindings)) {
        const z = bindings.elements.find((e) => (e.propertyName ?? e.name).text === 'z');
        if (z) return z.name.text;
      }
      if (statement.importClause?.name) return statement.importClause.name.text;
    }
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer && unwrap(decl.initializer);
        if (!init || !isRequireCall(init) || !/^zod(\/|$)/.test((init.arguments[0] as ts.StringLiteral).text ?? '')) continue;
        if (ts.isIdentifier(decl.name)) return `${decl.name.text}.z`;
        if (ts.isObjectBindingPattern(decl.name)) {
          const z = decl.name.elements.find((e) => ((e.propertyName as ts.Identifier | undefined) ?? (e.name as ts.Identifier)).text === 'z');
          if (z && ts.isIdentifier(z.name)) return z.name.text;
        }
      }
    }
  }
  // zod re-exported by a project module (`import { McpServer, z } from './sdk.js'`): the name is taken.
  for (const statement of sf.statements) {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === 'z')) return 'z';
  }
  return undefined;
}

/** Offsets of the lines of `text` that begin inside a string's value (a template literal's text, or after a `\` line continuation). */
export function stringLineStarts(text: string): Set<number> {
  const out = new Set<number>();
  if (!text.includes('`') && !/\\\r?\n/.test(text)) return out;
  // Asked of whole files whose tree the run has mostly parsed already (src/everything: 52 ms of parsing again).
  const sf = knownTreeOf(text) ?? ts.createSourceFile('fragment.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    const literal = ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isStringLiteral(node);
    if (literal) {
      const start = node.getStart(sf);
      for (let at = text.indexOf('\n', start); at !== -1 && at < node.end - 1; at = text.indexOf('\n', at + 1)) out.add(at + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
