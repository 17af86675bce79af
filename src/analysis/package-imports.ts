/**
 * The package a name is imported from, when it is neither the SDK's nor the project's: what a function of a
 * package this program does not parse (node_modules is not part of it) returns, and keeps, cannot be read here.
 * A server built per connection by such a function (`createServer` of `@playwright/mcp`, each owning a browser)
 * is opaque both to `scan` (what it keeps between the calls of a connection) and to `apply` (on which SDK it is
 * built): sweep 21 U2, U3.
 */
import { ts } from '../typescript.js';
import { unwrap } from './ast.js';
import { frameworkOfSpecifier } from './framework-modules.js';

/** What the lookup asks of the analysis (`ValueAnalysis` answers). */
export interface PackageQueries {
  symbolOf(node: ts.Node): ts.Symbol | undefined;
  readonly checker: ts.TypeChecker;
}

/** Re-export hops followed through the project's own modules (`export { createConnection } from '@playwright/mcp'`). */
const MAX_REEXPORT_HOPS = 3;

/** A specifier of another package: not relative, not Node's, not the SDK's, not a subpath import. */
function otherPackage(specifier: string): string | undefined {
  return /^[./#]/.test(specifier) || specifier.startsWith('node:') || specifier.startsWith('@modelcontextprotocol/') ? undefined : specifier;
}

/**
 * The package the declaration `decl` imports its name from: an import specifier or default import, a binding of
 * `require('pkg')`, or (through a project module re-exporting it, review 35 B5) an `export { x } from 'pkg'`.
 */
export function packageOfImport(values: PackageQueries, decl: ts.Node | undefined, depth = 0): string | undefined {
  if (!decl) return undefined;
  if (ts.isImportSpecifier(decl)) {
    const from = decl.parent.parent.parent.moduleSpecifier;
    if (!ts.isStringLiteralLike(from)) return undefined;
    if (!/^[./]/.test(from.text)) return otherPackage(from.text);
    // A relative module re-exporting the name from a package: follow it there.
    if (depth >= MAX_REEXPORT_HOPS) return undefined;
    const local = values.symbolOf(decl.name);
    const target = local && values.checker.getImmediateAliasedSymbol?.(local);
    const next = target?.declarations?.[0];
    if (next && ts.isExportSpecifier(next)) {
      const spec = next.parent.parent.moduleSpecifier;
      if (spec && ts.isStringLiteralLike(spec)) return /^[./]/.test(spec.text) ? packageOfImport(values, next, depth + 1) : otherPackage(spec.text);
    }
    return next ? packageOfImport(values, next, depth + 1) : undefined;
  }
  if (ts.isExportSpecifier(decl)) {
    const spec = decl.parent.parent.moduleSpecifier;
    if (!spec || !ts.isStringLiteralLike(spec) || depth >= MAX_REEXPORT_HOPS) return undefined;
    if (!/^[./]/.test(spec.text)) return otherPackage(spec.text);
    const local = values.symbolOf(decl.propertyName ?? decl.name);
    const next = local && values.checker.getImmediateAliasedSymbol?.(local)?.declarations?.[0];
    return next ? packageOfImport(values, next, depth + 1) : undefined;
  }
  if (ts.isImportClause(decl) || ts.isNamespaceImport(decl)) {
    const clause = ts.isImportClause(decl) ? decl : decl.parent;
    const spec = clause.parent.moduleSpecifier;
    return ts.isStringLiteralLike(spec) ? otherPackage(spec.text) : undefined;
  }
  const variable = ts.isBindingElement(decl) ? decl.parent.parent : decl;
  if (ts.isVariableDeclaration(variable) && variable.initializer) {
    const init = unwrap(variable.initializer);
    if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' && init.arguments[0] && ts.isStringLiteralLike(init.arguments[0])) {
      return otherPackage(init.arguments[0].text);
    }
  }
  return undefined;
}

/**
 * The package whose function builds what `expr` evaluates to: `createServer(…)`, `await createServer(…)`,
 * `pkg.createServer(…)` of a namespace import or `require`, with `createServer` imported from that package. Not a
 * framework this tool describes (its servers are read through the framework's description), and not a package function
 * handed a server the project built (`handsOnServer` of an argument: a wrapper such as Sentry's).
 */
export function packageBuilding(values: PackageQueries, expr: ts.Expression, handsOnServer: (arg: ts.Expression) => boolean): { pkg: string; factory: string } | undefined {
  const built = packageCallee(values, expr);
  if (!built || frameworkOfSpecifier(built.pkg)) return undefined;
  // `wrapMcpServerWithSentry(buildServer())`: the package wraps a server the project built (review 36 R3): not opaque.
  let call = unwrap(expr);
  if (ts.isAwaitExpression(call)) call = unwrap(call.expression);
  return ts.isCallExpression(call) && call.arguments.some((arg) => !ts.isSpreadElement(arg) && handsOnServer(arg)) ? undefined : built;
}

function packageCallee(values: PackageQueries, expr: ts.Expression): { pkg: string; factory: string } | undefined {
  let value = unwrap(expr);
  if (ts.isAwaitExpression(value)) value = unwrap(value.expression);
  if (!ts.isCallExpression(value)) return undefined;
  const callee = unwrap(value.expression);
  if (ts.isIdentifier(callee)) {
    const pkg = packageOfImport(values, values.symbolOf(callee)?.declarations?.[0]);
    return pkg ? { pkg, factory: callee.text } : undefined;
  }
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(unwrap(callee.expression))) {
    const pkg = packageOfImport(values, values.symbolOf(unwrap(callee.expression))?.declarations?.[0]);
    return pkg ? { pkg, factory: callee.getText() } : undefined;
  }
  return undefined;
}

/**
 * The module and exported name an identifier is imported as (`import { Headers as H } from '@nestjs/common'`:
 * `@nestjs/common`, `Headers`), or a member of a namespace import names (`nest.Headers` of `import * as nest from …`).
 */
export function namedImportOf(values: Pick<PackageQueries, 'symbolOf'>, expr: ts.Expression): { module: string; name: string } | undefined {
  const written = unwrap(expr);
  if (ts.isPropertyAccessExpression(written) && ts.isIdentifier(unwrap(written.expression))) {
    const namespace = values.symbolOf(unwrap(written.expression))?.declarations?.[0];
    const from = namespace && ts.isNamespaceImport(namespace) ? namespace.parent.parent.moduleSpecifier : undefined;
    return from && ts.isStringLiteralLike(from) ? { module: from.text, name: written.name.text } : undefined;
  }
  if (!ts.isIdentifier(written)) return undefined;
  const decl = values.symbolOf(written)?.declarations?.[0];
  if (!decl || !ts.isImportSpecifier(decl)) return undefined;
  const from = decl.parent.parent.parent.moduleSpecifier;
  return ts.isStringLiteralLike(from) ? { module: from.text, name: (decl.propertyName ?? decl.name).text } : undefined;
}
