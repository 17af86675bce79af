/**
 * The names a file binds at its top (imports and declarations) and the identifiers that refer to
 * them, read with the type checker of the in-memory ts-morph project the official codemod runs in.
 * The passes around the codemod (name-clash.ts, dropped-imports.ts) compare these before and after.
 */
import type { Identifier, ImportDeclaration, Node as TsMorphNode, SourceFile } from 'ts-morph';
import { loadTsMorph, ts } from '../../typescript.js';

const MCP_SCOPE = '@modelcontextprotocol/';
const V1_SDK = '@modelcontextprotocol/sdk';

export function isMcpSpecifier(specifier: string): boolean {
  return specifier.startsWith(MCP_SCOPE);
}

export function isV1Specifier(specifier: string): boolean {
  return specifier === V1_SDK || specifier.startsWith(`${V1_SDK}/`);
}

export interface ImportBinding {
  /** The name the file uses. */
  local: string;
  /** The name the module exports (`default` / `*` for default and namespace imports). */
  imported: string;
  specifier: string;
  typeOnly: boolean;
}

export function importBindings(sf: SourceFile, which: (specifier: string) => boolean = () => true): ImportBinding[] {
  const file = sf.compilerNode;
  const imports = file.statements.filter(ts.isImportDeclaration);
  if (imports.every((decl) => ts.isStringLiteral(decl.moduleSpecifier))) return compilerImportBindings(file, imports, which);
  const out: ImportBinding[] = [];
  for (const decl of sf.getImportDeclarations()) {
    const specifier = decl.getModuleSpecifierValue();
    if (!which(specifier)) continue;
    const typeOnly = decl.isTypeOnly();
    const defaultImport = decl.getDefaultImport();
    if (defaultImport) out.push({ local: defaultImport.getText(), imported: 'default', specifier, typeOnly });
    const namespace = decl.getNamespaceImport();
    if (namespace) out.push({ local: namespace.getText(), imported: '*', specifier, typeOnly });
    for (const named of decl.getNamedImports()) {
      out.push({ local: named.getAliasNode()?.getText() ?? named.getName(), imported: named.getName(), specifier, typeOnly: typeOnly || named.isTypeOnly() });
    }
  }
  return out;
}

/**
 * importBindings read off the compiler nodes (it runs three times on each file the codemod sees, and ts-morph
 * would wrap every import's nodes each time): the same values ts-morph's getters give — a name's source text, a
 * string-literal import name's value, `import type` by the clause's phase modifier (ImportClause#isTypeOnly).
 */
function compilerImportBindings(file: ts.SourceFile, imports: readonly ts.ImportDeclaration[], which: (specifier: string) => boolean): ImportBinding[] {
  const out: ImportBinding[] = [];
  for (const decl of imports) {
    const specifier = (decl.moduleSpecifier as ts.StringLiteral).text;
    if (!which(specifier)) continue;
    const clause = decl.importClause;
    const typeOnly = clause?.phaseModifier === ts.SyntaxKind.TypeKeyword;
    if (clause?.name) out.push({ local: clause.name.getText(file), imported: 'default', specifier, typeOnly });
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) out.push({ local: bindings.name.getText(file), imported: '*', specifier, typeOnly });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const named of bindings.elements) {
        const nameNode = named.propertyName ?? named.name;
        const name = ts.isStringLiteral(nameNode) ? nameNode.text : nameNode.getText(file);
        out.push({ local: named.propertyName ? named.name.getText(file) : name, imported: name, specifier, typeOnly: typeOnly || named.isTypeOnly });
      }
    }
  }
  return out;
}

/** The identifiers that name what the file declares at its top level (not its imports). */
export function topLevelDeclarationNames(sf: SourceFile): Identifier[] {
  const { Node, SyntaxKind } = loadTsMorph();
  const out: Identifier[] = [];
  for (const statement of sf.getStatements()) {
    if (Node.isVariableStatement(statement)) {
      for (const decl of statement.getDeclarations()) {
        const name = decl.getNameNode();
        if (Node.isIdentifier(name)) out.push(name);
        else for (const element of name.getDescendantsOfKind(SyntaxKind.BindingElement)) {
          const bound = element.getNameNode();
          if (Node.isIdentifier(bound)) out.push(bound);
        }
      }
      continue;
    }
    if (Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement) || Node.isInterfaceDeclaration(statement) || Node.isTypeAliasDeclaration(statement) || Node.isEnumDeclaration(statement) || Node.isModuleDeclaration(statement)) {
      const name = statement.getNameNode();
      if (name && Node.isIdentifier(name)) out.push(name);
    }
  }
  return out;
}

/** The local name of each binding a file declares for itself: imports from outside the MCP packages and top-level declarations. */
export function ownNames(sf: SourceFile): Set<string> {
  return new Set([...importBindings(sf, (s) => !isMcpSpecifier(s)).map((b) => b.local), ...topLevelDeclarationNames(sf).map((id) => id.getText())]);
}

/**
 * Identifiers named `name` in reference position outside import declarations: not a property
 * name, member name or object key (those are not bindings).
 */
export function referencesByName(sf: SourceFile, name: string): Identifier[] {
  const { SyntaxKind } = loadTsMorph();
  return sf.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === name && isReference(id));
}

/**
 * The file's identifiers outside doc comments, named in `names`, by their text, in document order, from one walk:
 * `(byText.get(name) ?? []).filter(isReference)` is `referencesByName(sf, name)` for every name in `names`, until
 * the file is edited. (getDescendantsOfKind also finds the identifiers of doc comments, which isReference rejects.)
 */
export function identifiersByText(sf: SourceFile, names: ReadonlySet<string>): Map<string, Identifier[]> {
  const out = new Map<string, Identifier[]>();
  const internals = sf as unknown as Partial<TsMorphInternals>;
  const wrap = internals._getNodeFromCompilerNode;
  if (!wrap) {
    for (const id of sf.getDescendantsOfKind(loadTsMorph().SyntaxKind.Identifier)) if (names.has(id.getText()) && !id.getFirstAncestor((a) => loadTsMorph().Node.isJSDoc(a))) push(out, id.getText(), id);
    return out;
  }
  // The compiler's own walk, which never enters doc comments, and a ts-morph node for the names asked for only:
  // ts-morph's walk for identifiers builds every node's token list (getChildren) and wraps every identifier, and
  // each later edit of the file carries every wrapped node over. The text is Node#getText's (start after trivia).
  const file = sf.compilerNode;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const text = node.getText(file);
      if (names.has(text)) push(out, text, wrap.call(sf, node) as Identifier);
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return out;
}

function push(out: Map<string, Identifier[]>, text: string, id: Identifier): void {
  const list = out.get(text);
  if (list) list.push(id);
  else out.set(text, [id]);
}

/** How ts-morph wraps a compiler node of a file in its own node (not in its typings; getDescendantsOfKind uses it). */
interface TsMorphInternals {
  _getNodeFromCompilerNode(node: ts.Node): TsMorphNode;
}

/** An identifier in reference position outside import declarations (see referencesByName). */
export function isReference(id: Identifier): boolean {
  const { Node, SyntaxKind } = loadTsMorph();
  if (id.getFirstAncestorByKind(SyntaxKind.ImportDeclaration)) return false;
  // `{@link McpError}` in a doc comment names the symbol but binds nothing (and a comment there would break the comment).
  if (id.getFirstAncestor((a) => Node.isJSDoc(a))) return false;
  const parent = id.getParent();
  if (!parent) return false;
  if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
  if (Node.isQualifiedName(parent) && parent.getRight() === id) return false;
  if ((Node.isPropertyAssignment(parent) || Node.isPropertySignature(parent) || Node.isMethodDeclaration(parent) || Node.isMethodSignature(parent) || Node.isPropertyDeclaration(parent) || Node.isEnumMember(parent) || Node.isGetAccessorDeclaration(parent) || Node.isSetAccessorDeclaration(parent)) && parent.getNameNode() === id) return false;
  if (Node.isBindingElement(parent) && parent.getPropertyNameNode() === id) return false;
  if (Node.isExportSpecifier(parent) && parent.getAliasNode() === id) return false;
  return true;
}

/** Whether `id` resolves to nothing this file binds (no declaration in the file). */
export function isUnbound(id: Identifier): boolean {
  const file = id.getSourceFile().compilerNode;
  if (importedInScope(file, id.compilerNode)) return false;
  return !declarationsOf(id).some((d) => d.getSourceFile() === file);
}

/**
 * What declarationsOf would answer "in the file" for, known without a checker: a TypeScript file's name that
 * an import at its top binds, read where a name resolves through the scopes (an expression, a type
 * reference). The scopes between the use and the file's top hold only the file's own declarations, and
 * at the top the import's alias matches every meaning (its module resolves nowhere in the one-file program
 * declarationsOf builds: the checker gives such an alias all meanings), so the name resolves into the file
 * either way. Elsewhere (a re-export `export { X } from`, `import('m').X`, a label, a JSX attribute, a
 * shorthand property) and in a file with a `declare module 'm'` of its own, the checker answers. (In a module
 * that is an augmentation, which cannot give the unresolved import a target: a precaution, not a known case.)
 */
function importedInScope(file: ts.SourceFile, id: ts.Identifier): boolean {
  if (!LEXICAL_POSITION[id.parent.kind]?.(id.parent, id)) return false;
  return topImports(file)?.has(id.text) ?? false;
}

/** Positions where an identifier is a name resolved through the scopes (ts.getSymbolAtLocation: an expression or a type reference). */
const LEXICAL_POSITION: Partial<Record<ts.SyntaxKind, (parent: ts.Node, id: ts.Identifier) => boolean>> = {
  [ts.SyntaxKind.CallExpression]: () => true,
  [ts.SyntaxKind.NewExpression]: () => true,
  [ts.SyntaxKind.PropertyAccessExpression]: (p, id) => (p as ts.PropertyAccessExpression).expression === id,
  [ts.SyntaxKind.ElementAccessExpression]: () => true,
  [ts.SyntaxKind.TypeReference]: (p, id) => (p as ts.TypeReferenceNode).typeName === id,
  [ts.SyntaxKind.ExpressionWithTypeArguments]: (p, id) => (p as ts.ExpressionWithTypeArguments).expression === id,
  [ts.SyntaxKind.TypeQuery]: (p, id) => (p as ts.TypeQueryNode).exprName === id,
};

/** The names a TypeScript file's top-level imports bind; undefined for JavaScript or a file declaring `declare module '…'`. */
const topImportNames = new WeakMap<ts.SourceFile, ReadonlySet<string> | null>();

function topImports(file: ts.SourceFile): ReadonlySet<string> | undefined {
  let names = topImportNames.get(file);
  if (names === undefined) {
    names = collectTopImports(file);
    topImportNames.set(file, names);
  }
  return names ?? undefined;
}

function collectTopImports(file: ts.SourceFile): ReadonlySet<string> | null {
  // JavaScript: the checker reads some names there in ways of its own (expando assignments `X.y = …`).
  if (!/\.(?:[cm]?ts|tsx)$/.test(file.fileName) || file.isDeclarationFile) return null;
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isModuleDeclaration(statement) && ts.isStringLiteral(statement.name)) return null;
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}

/**
 * The declarations an identifier of the file resolves to, as far as the file itself can tell: a
 * parameter, a local, a top-level declaration or an import of the file (a shorthand property, its
 * value), and nothing for a name the file does not declare.
 *
 * Read with a type checker over the file alone, without lib files or the project's other files: a
 * name resolves through the file's own scopes before any global, and an import binds its name in
 * the file whatever the module is, so what resolves *into the file* does not depend on them. The
 * ts-morph project the codemod runs in would build a program over every file it holds and the
 * default lib after each edit, and the codemod edits every file.
 */
export function declarationsOf(id: Identifier): readonly ts.Declaration[] {
  return declarationsAt(id.getSourceFile(), id.compilerNode);
}

/** declarationsOf for an identifier's compiler node in `sf` (no ts-morph node needed). */
export function declarationsAt(sf: SourceFile, node: ts.Identifier): readonly ts.Declaration[] {
  const checker = fileChecker(sf);
  const symbol = ts.isShorthandPropertyAssignment(node.parent) ? checker.getShorthandAssignmentValueSymbol(node.parent) : checker.getSymbolAtLocation(node);
  return symbol?.declarations ?? [];
}

/** One checker per state of a file (ts-morph replaces the compiler node on every edit). */
const fileCheckers = new WeakMap<ts.SourceFile, ts.TypeChecker>();

function fileChecker(sf: SourceFile): ts.TypeChecker {
  const file = sf.compilerNode;
  let checker = fileCheckers.get(file);
  if (!checker) fileCheckers.set(file, (checker = singleFileProgram(file, sf.getProject().getCompilerOptions()).getTypeChecker()));
  return checker;
}

/**
 * A program over the file's own compiler node, with the project's options (so it binds as the
 * project would: a program reuses a bound file, as the language service does between edits).
 */
function singleFileProgram(file: ts.SourceFile, options: ts.CompilerOptions): ts.Program {
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === file.fileName ? file : undefined),
    getDefaultLibFileName: () => '/lib.d.ts',
    writeFile: () => undefined,
    getCurrentDirectory: () => '/',
    getDirectories: () => [],
    fileExists: (name) => name === file.fileName,
    readFile: (name) => (name === file.fileName ? file.text : undefined),
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    resolveModuleNames: (names) => names.map(() => undefined),
  };
  return ts.createProgram([file.fileName], { ...options, noLib: true, types: [], noEmit: true }, host);
}

/** Whether `id` is used as a value (not only inside a type; `typeof X` in a type reads the value). */
export function inValuePosition(id: Identifier): boolean {
  const { Node, SyntaxKind } = loadTsMorph();
  for (let node: TsMorphNode | undefined = id.getParent(); node; node = node.getParent()) {
    if (Node.isTypeQuery(node)) return true;
    if (Node.isTypeNode(node) || Node.isInterfaceDeclaration(node) || Node.isTypeAliasDeclaration(node) || Node.isHeritageClause(node)) {
      // `class A extends B` reads a value; `implements B` and interface heritage do not.
      if (Node.isHeritageClause(node)) return node.getToken() === SyntaxKind.ExtendsKeyword && Node.isClassDeclaration(node.getParent());
      if (Node.isExpressionWithTypeArguments(node) && Node.isHeritageClause(node.getParent())) continue;
      return false;
    }
    if (Node.isStatement(node) || Node.isSourceFile(node)) return true;
  }
  return true;
}

/** The import declarations from `specifier`, type-only or not as asked, without a namespace import. */
export function mergeableImport(sf: SourceFile, specifier: string, typeOnly: boolean): ImportDeclaration | undefined {
  return sf.getImportDeclarations().find((d) => d.getModuleSpecifierValue() === specifier && d.isTypeOnly() === typeOnly && !d.getNamespaceImport() && !d.getDefaultImport());
}

/** A name not used anywhere in the file, starting from `base`. */
export function freshName(sf: SourceFile, base: string): string {
  const { SyntaxKind } = loadTsMorph();
  const used = new Set(sf.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()));
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base}${i}`;
  return name;
}
