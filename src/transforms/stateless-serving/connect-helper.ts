/**
 * A route whose transport is connected by a function of the project rather than by
 * `server.connect(transport)` in the route: `onsessioninitialized: () => connect(factory, transport)`
 * where `connect` builds a server (often from a factory it is handed) and connects it. The route then
 * holds no factory to serve with, and what the helper builds lives as long as the session. This module
 * finds that call and says so; it rewrites nothing.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, isInside, propertyNameText, unwrap } from '../../analysis/ast.js';
import { CONNECT_METHOD, TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { functionOfDeclaration } from '../../analysis/declarations.js';
import type { ValueAnalysis } from '../../analysis/values.js';

export interface HelperConnection {
  /** The call in the route that hands the transport over. */
  call: ts.CallExpression;
  /** The project function it calls, whose body connects a server to that parameter. */
  fn: ts.FunctionLikeDeclaration;
  /** The `server.connect(param)` inside it. */
  connect: ts.CallExpression;
  /** The call sits in the transport's `onsessioninitialized` (runs once per new session). */
  perSession: boolean;
  /** Calls of the helper's own function parameters (`backendFactory()`): objects it builds for each connection. */
  builds: string[];
  /** The server it connects, when declared outside the function (one server the module built, shared by every transport). */
  shared?: string;
}

/** The argument position of the transport in `call`, when it is one of its arguments. */
function transportArgument(call: ts.CallExpression, isTransport: (node: ts.Node) => boolean): number {
  return call.arguments.findIndex((arg) => isTransport(unwrap(arg)));
}

function inSessionCallback(node: ts.Node, stop: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n && n !== stop; n = n.parent) {
    if ((ts.isPropertyAssignment(n) || ts.isMethodDeclaration(n)) && propertyNameText(n.name) === TRANSPORT_MEMBERS.sessionInitializedOption) return true;
  }
  return false;
}

/**
 * The first call in `handler` that hands the transport to a project function whose body connects a
 * server to the parameter the transport arrives in (resolved through imports and namespace imports).
 */
export function helperConnection(handler: ts.Node, isTransport: (node: ts.Node) => boolean, values: ValueAnalysis): HelperConnection | undefined {
  let found: HelperConnection | undefined;
  forEachDescendant(handler, (node) => {
    if (found || !ts.isCallExpression(node)) return;
    const index = transportArgument(node, isTransport);
    if (index < 0) return;
    const callee = unwrap(node.expression);
    const name = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : undefined;
    const decl = name ? values.symbolOf(name)?.valueDeclaration : undefined;
    const fn = decl ? functionOfDeclaration(decl) : undefined;
    if (!fn?.body || fn.getSourceFile().isDeclarationFile) return;
    const param = fn.parameters[index];
    if (!param || !ts.isIdentifier(param.name) || param.dotDotDotToken) return;
    const paramSymbol = values.symbolOf(param.name);
    if (!paramSymbol) return;
    const parameterSymbols = new Set(fn.parameters.map((p) => (ts.isIdentifier(p.name) ? values.symbolOf(p.name) : undefined)).filter((s): s is ts.Symbol => !!s));
    let connect: ts.CallExpression | undefined;
    const builds: string[] = [];
    forEachDescendant(fn.body, (n) => {
      if (!ts.isCallExpression(n)) return;
      const parts = calleeParts(n);
      const arg = n.arguments.length === 1 ? unwrap(n.arguments[0]!) : undefined;
      if (!connect && parts.name === CONNECT_METHOD && parts.receiver && arg && ts.isIdentifier(arg) && values.symbolOf(arg) === paramSymbol) connect = n;
      const called = unwrap(n.expression);
      if (ts.isIdentifier(called) && called !== param.name) {
        const symbol = values.symbolOf(called);
        if (symbol && symbol !== paramSymbol && parameterSymbols.has(symbol) && !builds.includes(`${called.text}()`)) builds.push(`${called.text}()`);
      }
    });
    if (!connect) return;
    const receiver = unwrap(calleeParts(connect).receiver!);
    const receiverDecl = ts.isIdentifier(receiver) ? values.symbolOf(receiver)?.valueDeclaration : undefined;
    const shared = receiverDecl && !isInside(receiverDecl, fn) && !ts.isParameter(receiverDecl) ? (receiver as ts.Identifier).text : undefined;
    found = { call: node, fn, connect, perSession: inSessionCallback(node, handler), builds, ...(shared ? { shared } : {}) };
  });
  return found;
}

/** The refusal's sentence: where the server is connected, and why the sessions still carry it. */
export function helperConnectionReason(h: HelperConnection, where: string): string {
  const callText = h.call.getText();
  const shown = callText.length <= 90 && !callText.includes('\n') ? callText : `${h.call.expression.getText()}(…)`;
  const when = h.perSession ? ' in `onsessioninitialized`' : '';
  const once = h.perSession ? 'once per session' : 'once per transport';
  if (h.builds.length) {
    const built = h.builds.map((b) => `\`${b}\``).join(', ');
    return `the server is connected${when} by \`${shown}\` (${where}), a function of this project that calls ${built} and builds the server there, ${once}: the sessions carry what ${h.builds.length === 1 ? 'that call builds' : 'those calls build'} (one object per connection, shared by its requests), and a stateless endpoint would build it on every request. It is not rewritten; once that object is behind a handle (or holds nothing between requests), extract the server's construction into a factory.`;
  }
  if (h.shared) {
    return `one server, \`${h.shared}\` (built once, outside that function), is connected${when} to each new transport by \`${shown}\` (${where}), ${once}: every session shares it (the SDK keeps only the latest transport), and the route has no factory to serve with. Build the server in a factory (what builds \`${h.shared}\` today, with its registrations) and serve the endpoint with it.`;
  }
  return `the server is connected${when} by \`${shown}\` (${where}), a function of this project that builds it there, ${once}: the route has no factory to serve with. Extract the server's construction from that function into a factory.`;
}
