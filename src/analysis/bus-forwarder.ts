/**
 * A function that publishes a change event on a project bus and sends it through an SDK server too (the
 * `publishServerEvent` server-push-markers generates, or a hand-written notifier of the same shape, as in
 * modelcontextprotocol/servers PR 4551's `server/notifier.ts`): the bus is what createMcpHandler's
 * subscriptions/listen streams receive, and the server's own send is what serveStdio routes to its
 * connection. Such a send is the 2026-07-28 publish path, not a finding.
 */
import { ts } from '../typescript.js';
import { MCP_SDK } from '../frameworks/mcp-sdk.js';
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
      const init = moduleConstant(n.getSourceFile(), n.expression.expression.text)?.initializer;
      if (init && ts.isNewExpression(init) && sdk.exportOf(init.expression)?.name === MCP_SDK.serving.bus) found = true;
    }
    if (!found) ts.forEachChild(n, visit);
  };
  visit(body);
  return found;
}

function moduleConstant(sf: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const decl = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
    if (decl) return decl;
  }
  return undefined;
}
