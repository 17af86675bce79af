/**
 * The packages a file loads at run time, read from its syntax (not its text: an import in a comment or a string is
 * none). A type-only import is erased by the compiler and loads nothing.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant } from '../../analysis/ast.js';

/** The bare module specifiers a file loads at run time: imports and re-exports that are not type-only, `require`, `import()`. */
export function runtimeImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, /\.[cm]?jsx?$/.test(file) ? ts.ScriptKind.JS : /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const bare = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node) && !/^[./]/.test(node.text) && !node.text.startsWith('node:')) out.push(node.text);
  };
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) bare(statement.moduleSpecifier);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) bare(statement.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(statement) && !statement.isTypeOnly && ts.isExternalModuleReference(statement.moduleReference)) bare(statement.moduleReference.expression);
  }
  if (/\brequire\s*\(|\bimport\s*\(/.test(text)) {
    forEachDescendant(sf, (node) => {
      if (ts.isCallExpression(node) && node.arguments.length === 1 && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) bare(node.arguments[0]);
    });
  }
  return out;
}
