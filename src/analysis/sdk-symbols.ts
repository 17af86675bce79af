/**
 * Resolves an identifier, a `ns.Name` access or a type name to the SDK export it denotes,
 * through named, aliased, default and namespace imports, `require` (destructured or whole),
 * variable aliases and the project's own re-export modules (`export { X } from`, `export *`,
 * `module.exports = ...`).
 *
 * The checker is used only for scope lookup (which declaration an identifier names); every
 * hop across modules is walked here so that we can stop at an SDK specifier that is never
 * parsed (node_modules is not part of the program).
 */
import { ts } from '../typescript.js';
import { forEachDescendant, isDynamicImport, isRequireCall, propertyNameText, unwrap } from './ast.js';
import { sdkModuleMayExport, sdkMajorOf, type SdkVersion } from './sdk-modules.js';
import { frameworkOfSpecifier, vendoredSdkClass } from './framework-modules.js';
import { FRAMEWORKS_BY_ID } from '../frameworks/index.js';

export interface SdkExportRef {
  kind: 'export';
  name: string;
  version: SdkVersion;
  /** An export of a framework built on the SDK (`fastmcp`, `agents/mcp`, ...), not of the SDK itself. */
  framework?: string;
}
/** A namespace object: either an SDK module or one of the project's modules (which may re-export the SDK). */
export interface NamespaceRef {
  kind: 'namespace';
  version?: SdkVersion;
  file?: ts.SourceFile;
  framework?: string;
}
export type SymbolRef = SdkExportRef | NamespaceRef;

/** Export `name` of an SDK module, or of a framework's (an export the framework describes as an SDK export resolves as that). */
function exportRef(name: string, version: SdkVersion, framework: string | undefined): SdkExportRef {
  if (framework === undefined) return { kind: 'export', name, version };
  const sdkName = FRAMEWORKS_BY_ID.get(framework)?.sdkExports?.[name];
  return sdkName !== undefined ? { kind: 'export', name: sdkName, version } : { kind: 'export', name, version, framework };
}

/** A project declaration (not the SDK) answers the lookup: stop looking, the answer is "not SDK". */
const LOCAL = Symbol('local');

export type ModuleLookup = (fromFile: string, specifier: string) => ts.SourceFile | undefined;
/** The package module (`fastmcp`, `@modelcontextprotocol/sdk/server/mcp.js`) a project module imported by `specifier` stands for. */
export type PackageModuleLookup = (fromFile: string, specifier: string) => string | undefined;

export class SdkSymbols {
  private readonly cache = new Map<ts.Node, SymbolRef | null>();
  /** Fresh lookups by symbol (see `compute`): the answer and the nodes the lookup marked seen. */
  private readonly bySymbol = new Map<ts.Symbol, { ref: SymbolRef | undefined; seen: ts.Node[] }>();
  /** See `mayRefer`; built on first use, `null` when the files' bindings cannot be read. */
  private followable: Set<ts.__String> | null | undefined;

  /**
   * `files` (optional): every file of the program. With them, identifiers whose name no declaration
   * this class could follow carries are answered "not SDK" without asking the checker (`mayRefer`).
   */
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly lookupModule: ModuleLookup,
    private readonly packageModuleOf?: PackageModuleLookup,
    private readonly files?: readonly ts.SourceFile[],
  ) {}

  /** The SDK export named by `node` (an Identifier, PropertyAccess, QualifiedName or ImportType). */
  exportOf(node: ts.Node): SdkExportRef | undefined {
    const ref = this.refOf(node);
    return ref?.kind === 'export' && !ref.framework ? ref : undefined;
  }

  /** The framework export (`FastMCP` from `fastmcp`, `McpAgent` from `agents/mcp`) named by `node`. */
  frameworkExportOf(node: ts.Node): SdkExportRef | undefined {
    const ref = this.refOf(node);
    return ref?.kind === 'export' && ref.framework ? ref : undefined;
  }

  /** Whether the file imports a framework's own source by relative path (a module that stands for the framework). */
  importsFrameworkSource(sf: ts.SourceFile): boolean {
    if (!this.packageModuleOf) return false;
    return sf.statements.some((s) => {
      if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier) || !s.moduleSpecifier.text.startsWith('.')) return false;
      const module = this.packageModuleOf!(sf.fileName, s.moduleSpecifier.text);
      return module !== undefined && frameworkOfSpecifier(module) !== undefined;
    });
  }

  refOf(node: ts.Node): SymbolRef | undefined {
    const cached = this.cache.get(node);
    if (cached !== undefined) return cached ?? undefined;
    this.cache.set(node, null); // breaks cycles (`const a = b; const b = a;`)
    const ref = this.compute(node, new Set());
    this.cache.set(node, ref ?? null);
    return ref;
  }

  private compute(node: ts.Node, seen: Set<ts.Node>): SymbolRef | undefined {
    const inner = unwrap(node);
    if (ts.isIdentifier(inner)) {
      if (!this.mayRefer(inner)) return undefined;
      const symbol = safely(() => this.checker.getSymbolAtLocation(inner));
      if (!symbol) return undefined;
      if (seen.size > 0) return this.refOfSymbol(symbol, seen);
      // A fresh lookup (nothing seen yet) of a symbol answers the same every time: `foo()` called 50 times
      // follows `foo`'s imports and re-exports once. What it marked seen is replayed, so that a caller
      // continuing from here (`ns.X`) cuts cycles exactly as before.
      let entry = this.bySymbol.get(symbol);
      if (!entry) {
        const ref = this.refOfSymbol(symbol, seen);
        entry = { ref, seen: [...seen] };
        this.bySymbol.set(symbol, entry);
      } else {
        for (const node of entry.seen) seen.add(node);
      }
      return entry.ref;
    }
    if (ts.isPropertyAccessExpression(inner) || ts.isQualifiedName(inner)) {
      const left = ts.isPropertyAccessExpression(inner) ? inner.expression : inner.left;
      const right = ts.isPropertyAccessExpression(inner) ? inner.name.text : inner.right.text;
      const base = ts.isIdentifier(left) || ts.isPropertyAccessExpression(left) || ts.isQualifiedName(left)
        ? this.compute(left, seen)
        : isRequireCall(unwrap(left)) || isDynamicImport(unwrap(left))
          ? this.refOfModule(inner.getSourceFile().fileName, ((unwrap(left) as ts.CallExpression).arguments[0] as ts.StringLiteral).text, undefined, seen)
          : undefined;
      return base?.kind === 'namespace' ? this.memberOfNamespace(base, right, seen) : undefined;
    }
    if (isRequireCall(inner) || isDynamicImport(inner)) {
      return this.refOfModule(inner.getSourceFile().fileName, (inner.arguments[0] as ts.StringLiteral).text, undefined, seen);
    }
    if (ts.isImportTypeNode(inner)) {
      const arg = inner.argument;
      if (!ts.isLiteralTypeNode(arg) || !ts.isStringLiteral(arg.literal)) return undefined;
      const ns = this.refOfModule(inner.getSourceFile().fileName, arg.literal.text, undefined, seen);
      if (!inner.qualifier || ns?.kind !== 'namespace') return ns;
      const name = ts.isIdentifier(inner.qualifier) ? inner.qualifier.text : inner.qualifier.right.text;
      return this.memberOfNamespace(ns, name, seen);
    }
    // `typeof McpServer`, `typeof sdk.McpServer`: the class itself.
    if (ts.isTypeQueryNode(inner)) return this.compute(inner.exprName, seen);
    return undefined;
  }

  private memberOfNamespace(ns: NamespaceRef, name: string, seen: Set<ts.Node>): SymbolRef | undefined {
    if (ns.version) return exportRef(name, ns.version, ns.framework);
    if (ns.file) return this.exportOfModule(ns.file, name, seen);
    return undefined;
  }

  /**
   * A cheap, exact pre-check for the scope lookup (most identifiers a rule asks about are `expect`,
   * `res`, `logger`...). An identifier in a reference position (a callee, the object of an access,
   * a type name, an argument) is looked up by its name, so the symbol it finds is declared under that
   * name; `refOfDeclaration` answers something only for imports, exports and some variables. When no
   * scope of the program declares the name with such a declaration, the answer is "not SDK" and the
   * checker need not be asked. The names come from the binder's symbol tables (every scope's locals,
   * module and namespace exports), which the checker filled when it was created.
   */
  private mayRefer(id: ts.Identifier): boolean {
    if (!this.files || !isLookedUpByName(id)) return true;
    if (this.followable === undefined) this.followable = this.followableNames(this.files);
    return this.followable === null || this.followable.has(id.escapedText);
  }

  private followableNames(files: readonly ts.SourceFile[]): Set<ts.__String> | null {
    type Bound = ts.Node & { locals?: ts.SymbolTable; nextContainer?: Bound; symbol?: ts.Symbol };
    const names = new Set<ts.__String>();
    const addTable = (table: ts.SymbolTable | undefined): void => {
      table?.forEach((symbol, name) => {
        if (!names.has(name) && symbol.declarations?.some((d) => this.mayFollow(d))) names.add(name);
      });
    };
    for (const file of files as ReadonlyArray<ts.SourceFile & Bound>) {
      if (file.locals === undefined) return null; // not bound: no pre-check
      for (let container: Bound | undefined = file; container; container = container.nextContainer) {
        addTable(container.locals);
        if (container.kind === ts.SyntaxKind.SourceFile || container.kind === ts.SyntaxKind.ModuleDeclaration) addTable(container.symbol?.exports);
      }
    }
    return names;
  }

  /** Whether `refOfDeclaration` can answer anything but `undefined` for this declaration (mirrors its cases). */
  private mayFollow(decl: ts.Declaration): boolean {
    const fromFile = (): string => decl.getSourceFile().fileName;
    if (ts.isImportSpecifier(decl)) return this.mayBeModule(fromFile(), decl.parent.parent.parent.moduleSpecifier);
    if (ts.isImportClause(decl)) return this.mayBeModule(fromFile(), decl.parent.moduleSpecifier);
    if (ts.isNamespaceImport(decl)) return this.mayBeModule(fromFile(), decl.parent.parent.moduleSpecifier);
    if (ts.isImportEqualsDeclaration(decl)) {
      const ref = decl.moduleReference;
      return ts.isExternalModuleReference(ref) && this.mayBeModule(fromFile(), ref.expression);
    }
    if (ts.isVariableDeclaration(decl)) {
      if (!decl.initializer && !decl.type) return mayLoadLater(decl);
      const init = decl.initializer && unwrap(decl.initializer);
      if (init && (ts.isIdentifier(init) || ts.isPropertyAccessExpression(init) || isRequireCall(init) || isDynamicImport(init))) return true;
      if (decl.type && (ts.isTypeQueryNode(decl.type) || (ts.isImportTypeNode(decl.type) && decl.type.isTypeOf))) return true;
      return decl.initializer !== undefined && castTypeOf(decl.initializer) !== undefined;
    }
    if (ts.isBindingElement(decl)) return ts.isObjectBindingPattern(decl.parent) && ts.isVariableDeclaration(decl.parent.parent) && decl.parent.parent.initializer !== undefined;
    return ts.isExportSpecifier(decl) || ts.isShorthandPropertyAssignment(decl) || ts.isPropertyAssignment(decl) || ts.isBinaryExpression(decl) || ts.isPropertyAccessExpression(decl);
  }

  /** Whether `refOfModule` can answer anything for an import of this specifier (an SDK or framework module, or one of the program's). */
  private mayBeModule(fromFile: string, specifier: ts.Expression): boolean {
    if (!ts.isStringLiteral(specifier)) return false;
    const spec = specifier.text;
    return sdkMajorOf(spec) !== undefined || frameworkOfSpecifier(spec) !== undefined || this.packageModuleOf?.(fromFile, spec) !== undefined || this.lookupModule(fromFile, spec) !== undefined;
  }

  private refOfSymbol(symbol: ts.Symbol, seen: Set<ts.Node>): SymbolRef | undefined {
    for (const decl of symbol.declarations ?? []) {
      if (seen.has(decl)) continue;
      seen.add(decl);
      const ref = this.refOfDeclaration(decl, seen);
      if (ref) return ref;
    }
    return undefined;
  }

  private refOfDeclaration(decl: ts.Declaration, seen: Set<ts.Node>): SymbolRef | undefined {
    const fromFile = decl.getSourceFile().fileName;
    if (ts.isImportSpecifier(decl)) {
      const spec = decl.parent.parent.parent.moduleSpecifier;
      const imported = propertyNameText(decl.propertyName as ts.Identifier | undefined) ?? decl.name.text;
      return ts.isStringLiteral(spec) ? this.refOfModule(fromFile, spec.text, imported, seen) : undefined;
    }
    if (ts.isImportClause(decl)) {
      const spec = decl.parent.moduleSpecifier;
      return ts.isStringLiteral(spec) ? this.refOfModule(fromFile, spec.text, 'default', seen) : undefined;
    }
    if (ts.isNamespaceImport(decl)) {
      const spec = decl.parent.parent.moduleSpecifier;
      return ts.isStringLiteral(spec) ? this.refOfModule(fromFile, spec.text, undefined, seen) : undefined;
    }
    if (ts.isImportEqualsDeclaration(decl)) {
      const ref = decl.moduleReference;
      if (ts.isExternalModuleReference(ref) && ts.isStringLiteral(ref.expression)) {
        return this.refOfModule(fromFile, ref.expression.text, undefined, seen);
      }
      return undefined;
    }
    if (ts.isExportSpecifier(decl)) {
      const exportDecl = decl.parent.parent;
      const inner = propertyNameText(decl.propertyName as ts.Identifier | undefined) ?? decl.name.text;
      if (exportDecl.moduleSpecifier && ts.isStringLiteral(exportDecl.moduleSpecifier)) {
        return this.refOfModule(fromFile, exportDecl.moduleSpecifier.text, inner, seen);
      }
      const local = safely(() => this.checker.getExportSpecifierLocalTargetSymbol(decl));
      return local ? this.refOfSymbol(local, seen) : undefined;
    }
    if (ts.isVariableDeclaration(decl) && !decl.initializer && !decl.type) return mayLoadLater(decl) ? this.loadedLater(decl, seen) : undefined;
    if (ts.isVariableDeclaration(decl) && (decl.initializer || decl.type)) {
      // Only aliases: `const S = McpServer`, `const mcp = require('...')`, `const X = require('...').X`,
      // `const sdk = await import('...')`; or a variable declared to hold the class or module itself
      // (`let Server: typeof McpServer`, `let sdk: typeof import('...')`).
      const init = decl.initializer && unwrap(decl.initializer);
      if (init && (ts.isIdentifier(init) || ts.isPropertyAccessExpression(init) || isRequireCall(init) || isDynamicImport(init))) {
        const aliased = this.compute(init, seen);
        if (aliased) return aliased;
      }
      const typed = decl.type && (ts.isTypeQueryNode(decl.type) || (ts.isImportTypeNode(decl.type) && decl.type.isTypeOf)) ? this.compute(decl.type, seen) : undefined;
      if (typed) return typed;
      const cast = decl.initializer && castTypeOf(decl.initializer);
      return cast ? this.compute(cast, seen) : undefined;
    }
    if (ts.isBindingElement(decl)) {
      // `const { McpServer: Mcp } = require('@modelcontextprotocol/sdk/server/mcp.js')`
      const pattern = decl.parent;
      const owner = pattern.parent;
      if (ts.isObjectBindingPattern(pattern) && ts.isVariableDeclaration(owner) && owner.initializer) {
        const base = this.compute(owner.initializer, seen);
        const name = propertyNameText(decl.propertyName) ?? (ts.isIdentifier(decl.name) ? decl.name.text : undefined);
        if (base?.kind === 'namespace' && name) return this.memberOfNamespace(base, name, seen);
      }
      return undefined;
    }
    if (ts.isShorthandPropertyAssignment(decl)) {
      const value = safely(() => this.checker.getShorthandAssignmentValueSymbol(decl));
      return value ? this.refOfSymbol(value, seen) : undefined;
    }
    if (ts.isPropertyAssignment(decl)) {
      const init = unwrap(decl.initializer);
      return ts.isIdentifier(init) || ts.isPropertyAccessExpression(init) || isRequireCall(init)
        ? this.compute(init, seen)
        : undefined;
    }
    if (ts.isBinaryExpression(decl) || ts.isPropertyAccessExpression(decl)) {
      // CommonJS `exports.X = require('...').X` (the checker declares `X` at the assignment in JS files).
      const assignment = ts.isBinaryExpression(decl) ? decl : ts.isBinaryExpression(decl.parent) ? decl.parent : undefined;
      if (assignment && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        return this.compute(assignment.right, seen);
      }
    }
    return undefined;
  }

  /**
   * A `let` declared bare and assigned once the module is loaded (a CommonJS file reaching the ESM-only SDK:
   * `let Server; … ({ Server } = await import('@modelcontextprotocol/sdk/server/index.js'))`, or
   * `Server = (await import(…)).Server`): what the one assignment gives it (sweep 20 T2). Several assignments that
   * disagree give nothing.
   */
  private loadedLater(decl: ts.VariableDeclaration, seen: Set<ts.Node>): SymbolRef | undefined {
    const name = decl.name as ts.Identifier;
    const symbol = safely(() => this.checker.getSymbolAtLocation(name));
    if (!symbol) return undefined;
    let found: SymbolRef | undefined;
    let conflict = false;
    forEachDescendant(decl.getSourceFile(), (node) => {
      if (conflict || !ts.isIdentifier(node) || node.text !== name.text || node === name) return;
      let ref: SymbolRef | undefined;
      let assigned = false;
      const parent = node.parent;
      if (ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        if (safely(() => this.checker.getSymbolAtLocation(node)) !== symbol) return;
        assigned = true;
        ref = this.compute(parent.right, seen);
      } else if ((ts.isShorthandPropertyAssignment(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.initializer === node)) {
        // `({ Server } = …)`, `({ Server: S } = …)`: a property of what the right-hand side gives.
        const literal = parent.parent;
        const assignment = ts.isObjectLiteralExpression(literal) ? literal.parent : undefined;
        if (!assignment || !ts.isBinaryExpression(assignment) || assignment.left !== literal || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
        const target = ts.isShorthandPropertyAssignment(parent) ? safely(() => this.checker.getShorthandAssignmentValueSymbol(parent)) : safely(() => this.checker.getSymbolAtLocation(node));
        if (target !== symbol) return;
        assigned = true;
        const base = this.compute(assignment.right, seen);
        const member = propertyNameText(parent.name);
        ref = base?.kind === 'namespace' && member ? this.memberOfNamespace(base, member, seen) : undefined;
      }
      if (!assigned) return;
      if (!ref || (found && JSON.stringify(found) !== JSON.stringify(ref))) conflict = true;
      else found = ref;
    });
    return conflict ? undefined : found;
  }

  /** `name` undefined means "the module namespace itself". */
  private refOfModule(fromFile: string, specifier: string, name: string | undefined, seen: Set<ts.Node>): SymbolRef | undefined {
    const version = sdkMajorOf(specifier);
    if (version) return name === undefined ? { kind: 'namespace', version } : { kind: 'export', name, version };
    const framework = frameworkOfSpecifier(specifier);
    if (framework) {
      return name === undefined ? { kind: 'namespace', version: framework.sdkMajor, framework: framework.id } : exportRef(name, framework.sdkMajor, framework.id);
    }
    // A vendored SDK module or a framework's own source, imported by relative path.
    const standsFor = this.packageModuleOf?.(fromFile, specifier);
    if (standsFor && standsFor !== specifier) return this.refOfModule(fromFile, standsFor, name, seen);
    const file = this.lookupModule(fromFile, specifier);
    if (!file) return undefined;
    return name === undefined ? { kind: 'namespace', file } : this.exportOfModule(file, name, seen);
  }

  /** What `name` exported by a project module denotes, following its re-exports. */
  private exportOfModule(file: ts.SourceFile, name: string, seen: Set<ts.Node>): SymbolRef | undefined {
    if (seen.has(file)) return undefined;
    seen.add(file);
    try {
      // Explicit exports win over `export *` (as in ES modules): a project's own `export class Server`
      // next to `export * from '@modelcontextprotocol/sdk/types.js'` is the project's Server.
      for (const statement of file.statements) {
        const explicit = this.explicitExport(file, statement, name, seen);
        if (explicit) return explicit === LOCAL ? undefined : explicit;
      }
      for (const statement of file.statements) {
        const ref = this.starExport(file, statement, name, seen);
        if (ref) return ref;
      }
      return undefined;
    } finally {
      seen.delete(file);
    }
  }

  /** `name` exported by this statement explicitly: its SDK ref, LOCAL for a project declaration, undefined if not here. */
  private explicitExport(file: ts.SourceFile, statement: ts.Statement, name: string, seen: Set<ts.Node>): SymbolRef | typeof LOCAL | undefined {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) return undefined;
      if (ts.isNamespaceExport(clause)) {
        const spec = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
        if (clause.name.text !== name || !spec) return undefined;
        return this.refOfModule(file.fileName, spec, undefined, seen) ?? LOCAL;
      }
      const element = clause.elements.find((e) => e.name.text === name);
      return element ? (this.refOfDeclaration(element, seen) ?? LOCAL) : undefined;
    }
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && ts.isVariableStatement(statement)) {
      const decl = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
      return decl ? (this.refOfDeclaration(decl, seen) ?? LOCAL) : undefined;
    }
    if (exported && ts.isClassDeclaration(statement) && statement.name?.text === name) {
      // A vendored or bundled copy of the SDK declares the SDK's classes itself.
      const vendored = vendoredSdkClass(statement);
      return vendored ? { kind: 'export', name: vendored, version: 1 } : LOCAL;
    }
    if (exported && (ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement))) {
      return statement.name?.text === name ? LOCAL : undefined;
    }
    if (ts.isExpressionStatement(statement)) return this.commonJsExport(file, statement.expression, name, seen);
    return undefined;
  }

  /** `export * from '...'`: an SDK module (by the names it is known to export) or another project module. */
  private starExport(file: ts.SourceFile, statement: ts.Statement, name: string, seen: Set<ts.Node>): SymbolRef | undefined {
    if (!ts.isExportDeclaration(statement) || statement.exportClause) return undefined;
    const spec = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    if (!spec) return undefined;
    const version = sdkMajorOf(spec);
    if (version) return sdkModuleMayExport(spec, name) ? { kind: 'export', name, version } : undefined;
    const target = this.lookupModule(file.fileName, spec);
    return target ? this.exportOfModule(target, name, seen) : undefined;
  }

  /** `module.exports = require(sdk)`, `module.exports = { X, Y: require(...).Y }`, `exports.X = ...`. */
  private commonJsExport(file: ts.SourceFile, expression: ts.Expression, name: string, seen: Set<ts.Node>): SymbolRef | undefined {
    if (!ts.isBinaryExpression(expression) || expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
    const target = expression.left.getText(file).replace(/\s+/g, '');
    const right = unwrap(expression.right);
    if (target === 'module.exports') {
      if (ts.isObjectLiteralExpression(right)) {
        for (const prop of right.properties) {
          if (ts.isSpreadAssignment(prop)) {
            const spread = this.compute(prop.expression, seen);
            if (spread?.kind === 'namespace') {
              const member = this.memberOfNamespace(spread, name, seen);
              if (member) return member;
            }
            continue;
          }
          if (propertyNameText(prop.name) !== name) continue;
          if (ts.isShorthandPropertyAssignment(prop)) return this.compute(prop.name, seen);
          if (ts.isPropertyAssignment(prop)) return this.compute(prop.initializer, seen);
        }
        return undefined;
      }
      const whole = this.compute(right, seen);
      return whole?.kind === 'namespace' ? this.memberOfNamespace(whole, name, seen) : undefined;
    }
    if (target === `module.exports.${name}` || target === `exports.${name}`) return this.compute(right, seen);
    return undefined;
  }
}

/**
 * Whether the checker finds `id`'s symbol by looking its name up in scope: a callee, the object of an
 * access, an argument, a type name. Not property names (`a.b`, `{ b: 1 }`), declaration names or
 * import/export specifiers, and not JavaScript's `exports.X = …` (the checker answers the assigned
 * property there).
 */
function isLookedUpByName(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) {
    if (parent.expression !== id) return false;
    const assignment = parent.parent;
    return !(ts.isBinaryExpression(assignment) && assignment.left === parent && (id.flags & ts.NodeFlags.JavaScriptFile) !== 0);
  }
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return parent.expression === id || (parent.arguments?.includes(id) ?? false);
  if (ts.isTypeReferenceNode(parent)) return parent.typeName === id;
  if (ts.isQualifiedName(parent)) return parent.left === id;
  if (ts.isTypeQueryNode(parent)) return parent.exprName === id;
  if (ts.isExpressionWithTypeArguments(parent)) return parent.expression === id;
  return false;
}

/** `x as typeof import('…')` / `x as unknown as typeof McpServer`: the outermost asserted `typeof` type. */
function castTypeOf(node: ts.Node): ts.TypeNode | undefined {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isTypeAssertionExpression(current) || ts.isSatisfiesExpression(current)) {
    if (!ts.isParenthesizedExpression(current)) {
      const type = current.type;
      if (ts.isTypeQueryNode(type) || (ts.isImportTypeNode(type) && type.isTypeOf)) return type;
    }
    current = current.expression;
  }
  return undefined;
}

/** The checker can throw on code it cannot make sense of; for scope lookup that just means "unknown". */
function safely<T>(lookup: () => T): T | undefined {
  try {
    return lookup();
  } catch {
    return undefined;
  }
}

/** A bare `let` that a module loaded with `import()` may fill later: only files that call `import()` are searched. */
function mayLoadLater(decl: ts.VariableDeclaration): boolean {
  if (!ts.isIdentifier(decl.name)) return false;
  const sf = decl.getSourceFile();
  let calls = callsImport.get(sf);
  if (calls === undefined) callsImport.set(sf, (calls = /\bimport\s*\(/.test(sf.text)));
  return calls;
}
/** Whether a file's text calls `import()`: asked for every bare `let` a name resolves to, tested once per file. */
const callsImport = new WeakMap<ts.SourceFile, boolean>();
