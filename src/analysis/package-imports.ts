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
 * The module a declaration imports its name from, as written: an import specifier, default or namespace import, an
 * `export { x } from` specifier, or a binding of `require('m')` (`require('m').x` too); undefined for anything else.
 */
export function moduleOfImport(decl: ts.Node): string | undefined {
  let spec: ts.Expression | undefined;
  if (ts.isImportSpecifier(decl)) spec = decl.parent.parent.parent.moduleSpecifier;
  else if (ts.isExportSpecifier(decl)) spec = decl.parent.parent.moduleSpecifier;
  else if (ts.isImportClause(decl)) spec = decl.parent.moduleSpecifier;
  else if (ts.isNamespaceImport(decl)) spec = decl.parent.parent.moduleSpecifier;
  else if (ts.isVariableDeclaration(decl) && decl.initializer) {
    let init = unwrap(decl.initializer);
    if (ts.isPropertyAccessExpression(init)) init = unwrap(init.expression);
    if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require') spec = init.arguments[0];
  } else if (ts.isBindingElement(decl)) {
    const owner = decl.parent.parent;
    if (ts.isVariableDeclaration(owner)) return moduleOfImport(owner);
  }
  return spec && ts.isStringLiteralLike(spec) ? spec.text : undefined;
}

/**
 * The package the declaration `decl` imports its name from (`moduleOfImport`, when that is another package), also
 * through the project's own modules re-exporting it (`export { createConnection } from '@playwright/mcp'`, review 35 B5).
 */
export function packageOfImport(values: PackageQueries, decl: ts.Node | undefined, depth = 0): string | undefined {
  if (!decl) return undefined;
  const from = moduleOfImport(decl);
  if (from === undefined) return undefined;
  if (!/^[./]/.test(from)) return otherPackage(from);
  // A relative module: follow the name to the module re-exporting it.
  if (depth >= MAX_REEXPORT_HOPS || !(ts.isImportSpecifier(decl) || ts.isExportSpecifier(decl))) return undefined;
  const local = values.symbolOf(ts.isExportSpecifier(decl) ? (decl.propertyName ?? decl.name) : decl.name);
  const next = local && values.checker.getImmediateAliasedSymbol?.(local)?.declarations?.[0];
  return next ? packageOfImport(values, next, depth + 1) : undefined;
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
    const module = namespace && ts.isNamespaceImport(namespace) ? moduleOfImport(namespace) : undefined;
    return module !== undefined ? { module, name: written.name.text } : undefined;
  }
  if (!ts.isIdentifier(written)) return undefined;
  const decl = values.symbolOf(written)?.declarations?.[0];
  if (!decl || !ts.isImportSpecifier(decl)) return undefined;
  const module = moduleOfImport(decl);
  return module !== undefined ? { module, name: (decl.propertyName ?? decl.name).text } : undefined;
}
