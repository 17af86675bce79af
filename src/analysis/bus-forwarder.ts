/**
 * The project's change-event bus: a module-level `new <SDK bus class>()` (`InMemoryServerEventBus`), what
 * createMcpHandler's `subscriptions/listen` streams receive.
 *
 * A function that publishes a change event on such a bus and sends it through an SDK server too (the
 * `publishServerEvent` server-push-markers generates, or a hand-written notifier of the same shape, as in
 * modelcontextprotocol/servers PR 4551's `server/notifier.ts`) is the 2026-07-28 publish path, not a finding:
 * the bus is what createMcpHandler's listen streams receive, and the server's own send is what serveStdio
 * routes to its connection. A module that exports a bus is where the serving entry finds it (`bus` option).
 */
import { ts } from '../typescript.js';
import { EVENT_BUS_CLASS } from './sdk-modules.js';
import type { SdkSymbols } from './sdk-symbols.js';

/** Whether `node` is inside a function that also calls `bus.publish(…)` on a module-level `new <SDK bus class>()`. */
export function insideBusForwarder(sdk: SdkSymbols, node: ts.Node): boolean {
  let fn: ts.Node | undefined = node.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  const body = fn ? (fn as ts.FunctionLikeDeclaration).body : undefined;
  if (!body) return false;
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'publish' && ts.isIdentifier(n.expression.expression)) {
      if (isBusConstruction(sdk, moduleConstant(n.getSourceFile(), n.expression.expression.text)?.initializer)) found = true;
    }
    if (!found) ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}

/**
 * The name of the bus a module exports: `export const serverEvents = new InMemoryServerEventBus()`, or in
 * CommonJS a module-level `const` of one listed in `module.exports = { … }`. The SDK class is resolved
 * through the module's imports (an alias counts, a project class of the same name does not).
 */
export function exportedEventBus(sdk: SdkSymbols, sf: ts.SourceFile): string | undefined {
  if (sf.isDeclarationFile || !sf.text.includes(EVENT_BUS_CLASS)) return undefined;
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (ts.isIdentifier(decl.name) && isBusConstruction(sdk, decl.initializer)) return decl.name.text;
    }
  }
  if (!/module\.exports\s*=/.test(sf.text)) return undefined;
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name) || !isBusConstruction(sdk, decl.initializer)) continue;
      if (new RegExp(`module\\.exports\\s*=\\s*\\{[^}]*\\b${decl.name.text}\\b`).test(sf.text)) return decl.name.text;
    }
  }
  return undefined;
}

/** `new <SDK bus class>()`, the class resolved through imports. */
function isBusConstruction(sdk: SdkSymbols, init: ts.Expression | undefined): boolean {
  return !!init && ts.isNewExpression(init) && sdk.exportOf(init.expression)?.name === EVENT_BUS_CLASS;
}

function moduleConstant(sf: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const decl = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
    if (decl) return decl;
  }
  return undefined;
}
