/**
 * The packages a file loads at run time, read from its syntax (not its text: an import in a comment or a string is
 * none). A type-only import is erased by the compiler and loads nothing.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { forEachDescendant } from '../../analysis/ast.js';
import { loadConfigForFile } from '../../discovery/tsconfig.js';

/** The bare module specifiers a file loads at run time: imports and re-exports that are not type-only, `require`, `import()`. */
export function runtimeImports(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, /\.[cm]?jsx?$/.test(file) ? ts.ScriptKind.JS : /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const bare = (node: ts.Node | undefined): void => {
    if (node && ts.isStringLiteralLike(node) && !/^[./]/.test(node.text) && !node.text.startsWith('node:')) out.push(node.text);
  };
  const typeUses = /\.[cm]?jsx?$/.test(file) ? undefined : typeOnlyNames(sf, metadataEmitted(file, text));
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      // `import { Request, Response } from 'express'` used only as types: TypeScript elides it, so it loads nothing
      // (sweep 39 AM3). A file under verbatimModuleSyntax cannot write that import without `type`.
      const elided = !!clause && !!typeUses && !clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => typeUses.has(e.name.text));
      if (!typeOnly && !elided) bare(statement.moduleSpecifier);
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

/** Whether the file's decorators have their members' types emitted as run-time metadata (`emitDecoratorMetadata`). */
function metadataEmitted(file: string, text: string): boolean {
  return text.includes('@') && !!loadConfigForFile(path.resolve(file))?.emitDecoratorMetadata;
}

/**
 * The names the file uses only in types (every use sits in a type node), never as a value. With `metadata`
 * (emitDecoratorMetadata), the type of a decorated class's constructor parameter is emitted as a value (a class named
 * there is loaded: `constructor(private ajv: Ajv)` in an `@Injectable()` class, review 44 S44-6); it counts as a value use.
 */
function typeOnlyNames(sf: ts.SourceFile, metadata: boolean): Set<string> {
  const inValue = new Set<string>();
  const inType = new Set<string>();
  // Only a decorated class's constructor parameters: what dependency injection resolves by class, so what it names is a
  // class. A method parameter's type (`@Req() req: Request`) is by convention an interface, emitted as `Object` (review
  // 44b S44b-3): without the packages' types the two cannot be told apart, and the constructor is where the classes are.
  const emitted = (node: ts.Node): boolean => {
    if (!metadata || !ts.isParameter(node.parent) || node.parent.type !== node) return false;
    const ctor = node.parent.parent;
    return ts.isConstructorDeclaration(ctor) && ts.canHaveDecorators(ctor.parent) && (ts.getDecorators(ctor.parent)?.length ?? 0) > 0;
  };
  const visit = (node: ts.Node, typePosition: boolean): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node)) (typePosition ? inType : inValue).add(node.text);
    // A type annotation whose metadata is emitted: its names are loaded.
    if (ts.isTypeNode(node) && emitted(node)) {
      forEachDescendant(node, (n) => {
        if (ts.isIdentifier(n)) inValue.add(n.text);
      });
    }
    // `typeof x` in a type reads the value's type: erased too. An `implements`/`extends` clause of an interface is a type.
    const classBase = ts.isExpressionWithTypeArguments(node) && ts.isHeritageClause(node.parent) && node.parent.token === ts.SyntaxKind.ExtendsKeyword && ts.isClassLike(node.parent.parent);
    const isType = typePosition || (ts.isTypeNode(node) && !classBase) || (ts.isHeritageClause(node) && (node.token === ts.SyntaxKind.ImplementsKeyword || ts.isInterfaceDeclaration(node.parent)));
    ts.forEachChild(node, (child) => visit(child, isType));
  };
  visit(sf, false);
  return new Set([...inType].filter((name) => !inValue.has(name)));
}
