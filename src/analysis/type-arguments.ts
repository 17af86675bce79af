/**
 * What a class's or interface's type parameter stands for: the type arguments the program instantiates it
 * with (`new SessionStore<StreamableHTTPServerTransport>()`, a field typed `ISessionStore<Transport>`, through
 * `implements`/`extends` clauses), found through an index of every instantiation by name, else its constraint.
 * The inference asks here when a declared type names a type parameter (`sessions: Map<string, T>` in
 * `class SessionStore<T extends Closeable>`).
 */
import { ts } from '../typescript.js';
import { forEachOfKind, propertyNameText, unwrap } from './ast.js';
import type { Hop, Value } from './value.js';

type Instantiation = ts.TypeReferenceNode | ts.NewExpression | ts.ExpressionWithTypeArguments;

/** What these questions ask of the analysis (`ValueAnalysis` answers). */
export interface TypeArgumentQueries {
  /** The analysed files, where the instantiations are. */
  readonly files: readonly ts.SourceFile[];
  symbolOf(node: ts.Node): ts.Symbol | undefined;
  valueOfType(type: ts.TypeNode | undefined, hops: readonly Hop[]): Value | undefined;
}

/** `valueOfTypeParameter`'s answers (null: none, or being computed), per analysis. */
const typeParametersOf = new WeakMap<TypeArgumentQueries, Map<ts.Node, Value | null>>();
/** Per analysis: type references and `new` expressions with type arguments, by the name they use (built on first use). */
const instantiationsOf = new WeakMap<TypeArgumentQueries, Map<string, Instantiation[]>>();

/**
 * A class or interface type parameter: the SDK value the project instantiates it with
 * (`new SessionStore<StreamableHTTPServerTransport>()`, a field typed `ISessionStore<NodeStreamableHTTPServerTransport>`
 * where `class SessionStore<T> implements ISessionStore<T>`), else its constraint.
 */
export function valueOfTypeParameter(values: TypeArgumentQueries, param: ts.TypeParameterDeclaration): Value | undefined {
  let answers = typeParametersOf.get(values);
  if (!answers) typeParametersOf.set(values, (answers = new Map()));
  const cached = answers.get(param);
  if (cached !== undefined) return cached ?? undefined;
  answers.set(param, null);
  const owner = param.parent;
  let found: Value | undefined;
  let holder: ts.ClassLikeDeclaration | undefined;
  if ((ts.isClassDeclaration(owner) || ts.isInterfaceDeclaration(owner)) && owner.name && owner.typeParameters) {
    const targets: Array<{ decl: ts.Node; name: string; index: number }> = [{ decl: owner, name: owner.name.text, index: owner.typeParameters.indexOf(param) }];
    for (const clause of owner.heritageClauses ?? []) {
      for (const base of clause.types) {
        const baseName = unwrap(base.expression);
        if (!ts.isIdentifier(baseName)) continue;
        base.typeArguments?.forEach((arg, index) => {
          if (ts.isTypeReferenceNode(arg) && ts.isIdentifier(arg.typeName) && arg.typeName.text === param.name.text) {
            for (const decl of values.symbolOf(baseName)?.declarations ?? []) targets.push({ decl, name: baseName.text, index });
          }
        });
      }
    }
    for (const target of targets) {
      for (const use of instantiations(values, target.name)) {
        const arg = use.typeArguments?.[target.index];
        const name = ts.isTypeReferenceNode(use) ? use.typeName : use.expression;
        const id = ts.isQualifiedName(name) ? name.right : ts.isPropertyAccessExpression(name) ? name.name : name;
        if (!arg || !(values.symbolOf(id)?.declarations ?? []).some((d) => sameDeclaration(d, target.decl))) continue;
        const value = values.valueOfType(arg, []);
        if (value && value.kind !== 'shape') {
          found = value;
          break;
        }
        // A project class that holds SDK values (`MCPHttpServer<AppServer>` where `AppServer.mcpServer: McpServer`):
        // its members say more than the constraint's structural type does.
        if (!value && !holder) holder = sdkHolderClass(values, arg);
      }
      if (found) break;
    }
  }
  found ??= holder ? { kind: 'shape', shape: holder, hops: [] } : undefined;
  found ??= param.constraint ? values.valueOfType(param.constraint, []) : undefined;
  answers.set(param, found ?? null);
  return found;
}

/** The project class a type argument names, when one of its fields is declared with an SDK type. */
function sdkHolderClass(values: TypeArgumentQueries, type: ts.TypeNode): ts.ClassLikeDeclaration | undefined {
  if (!ts.isTypeReferenceNode(type)) return undefined;
  const id = ts.isQualifiedName(type.typeName) ? type.typeName.right : type.typeName;
  const cls = values.symbolOf(id)?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassDeclaration(d) || ts.isClassExpression(d));
  if (!cls) return undefined;
  const holds = cls.members.some((m) => {
    if (!ts.isPropertyDeclaration(m) || !m.type) return false;
    const value = values.valueOfType(m.type, []);
    return value !== undefined && value.kind !== 'shape';
  });
  return holds ? cls : undefined;
}

/** Type references and `new` expressions with type arguments, by the name they use (an index built on first use). */
function instantiations(values: TypeArgumentQueries, name: string): Instantiation[] {
  let byName = instantiationsOf.get(values);
  if (!byName) {
    instantiationsOf.set(values, (byName = new Map()));
    for (const file of values.files) {
      forEachOfKind(file, [ts.SyntaxKind.TypeReference, ts.SyntaxKind.NewExpression, ts.SyntaxKind.ExpressionWithTypeArguments], (node) => {
        if (!(ts.isTypeReferenceNode(node) || ts.isNewExpression(node) || ts.isExpressionWithTypeArguments(node)) || !node.typeArguments?.length) return;
        const ref = ts.isTypeReferenceNode(node) ? node.typeName : unwrap(node.expression);
        const key = ts.isIdentifier(ref) ? ref.text : ts.isQualifiedName(ref) ? ref.right.text : ts.isPropertyAccessExpression(ref) ? ref.name.text : undefined;
        if (!key) return;
        const list = byName!.get(key) ?? [];
        list.push(node);
        byName!.set(key, list);
      });
    }
  }
  return byName.get(name) ?? [];
}

/**
 * The same declaration, or the same name imported from the same module when that module is not part of
 * the analysis (`import type { ISessionStore } from '@acme/types'` in two files).
 */
function sameDeclaration(a: ts.Node, b: ts.Node): boolean {
  if (a === b) return true;
  if (!ts.isImportSpecifier(a) || !ts.isImportSpecifier(b)) return false;
  const module = (spec: ts.ImportSpecifier): string | undefined => {
    const literal = spec.parent.parent.parent.moduleSpecifier;
    return ts.isStringLiteral(literal) ? literal.text : undefined;
  };
  const imported = (spec: ts.ImportSpecifier): string => propertyNameText(spec.propertyName as ts.Identifier | undefined) ?? spec.name.text;
  return !module(a)?.startsWith('.') && module(a) === module(b) && imported(a) === imported(b);
}
