/**
 * Gateways: endpoints whose sessions each own an upstream (a child process spawned per session, an SDK
 * client opened per session, a server taken from a pool keyed by the session id the transport mints), often
 * relaying raw JSON-RPC between the transport and that upstream (`transport.onmessage = …`, `transport.send(…)`).
 * A stateless entry builds a server per request, so there is no session left to hang the upstream on:
 * rewriting the endpoint would drop the per-client connection, or open one per request without saying so.
 * Such an endpoint gets one marker, at the transport, whose advice is about its upstream.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { isClientSdkModule } from '../../analysis/sdk-modules.js';
import { startsChildProcess } from '../../analysis/session-processes.js';
import type { TransformOptions } from '../kit/plan.js';

/** SDK classes that open a connection to another MCP server. */
const UPSTREAM_CLIENT_CLASSES = new Set(['Client', 'StdioClientTransport', 'StreamableHTTPClientTransport', 'SSEClientTransport']);
/** The SDK's client side, v2 package or v1 subpath. */

/** What one session of the endpoint owns upstream, in the words the marker uses. */
interface GatewayUpstream {
  /** `a child process (\`spawn(stdioCmd)\`)`, `a server from \`pool.getServer(id, …)\`, keyed by the session id it mints`, … */
  upstream: string;
  /** Whether the transport relays raw messages (`onmessage`/`send`, started by hand) instead of being served by a server's handlers. */
  relays: boolean;
}

/**
 * The upstream each session of the endpoint owns, when `scope` (the route or helper creating `transport`) opens
 * one per session; undefined for an ordinary endpoint. `mintedId` is what `sessionIdGenerator` returns.
 */
export function perSessionUpstream(result: AnalysisResult, sf: ts.SourceFile, transport: ts.NewExpression, scope: ts.Node, mintedId: ts.Node | undefined): GatewayUpstream | undefined {
  const values = result.analysis.values;
  const transportSymbol = boundSymbol(result, transport);
  const isTransport = (node: ts.Node) => {
    const inner = unwrap(node);
    return inner === transport || (!!transportSymbol && ts.isIdentifier(inner) && values.symbolOf(inner) === transportSymbol);
  };
  const mintedSymbol = mintedId && ts.isIdentifier(unwrap(mintedId)) ? values.symbolOf(unwrap(mintedId)) : undefined;
  let relays = false;
  const upstreams: string[] = [];
  forEachDescendant(scope, (node) => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.name.text === 'onmessage' && isTransport(node.left.expression)) relays = true;
    if (ts.isCallExpression(node)) {
      const { name, receiver } = calleeParts(node);
      // `send` pushes upstream messages out; `start` by hand means no server connects the transport.
      if ((name === 'send' || name === 'start') && receiver && isTransport(receiver)) relays = true;
      if (opensUpstream(result, node)) upstreams.push(`an upstream connection from \`${short(node.getText(sf))}\``);
      if (startsChildProcess(values, node)) upstreams.push(`a child process (\`${short(node.getText(sf))}\`)`);
      if (mintedSymbol && node.arguments.some((a) => ts.isIdentifier(unwrap(a)) && values.symbolOf(unwrap(a)) === mintedSymbol) && servesTransport(result, node, scope, isTransport)) {
        upstreams.push(`a server from \`${short(node.getText(sf))}\`, keyed by the session id the transport mints`);
      }
    }
    if (ts.isNewExpression(node) && isUpstreamClient(result, node)) {
      upstreams.push(`an MCP client (\`${short(node.getText(sf))}\`)`);
    }
  });
  if (upstreams.length === 0) return undefined;
  return { upstream: [...new Set(upstreams)].join(' and '), relays };
}

/** The marker's text for a gateway endpoint, in the idiom of the target. */
export function gatewayAdvice(gateway: GatewayUpstream, target: TransformOptions['target'], leaving: string): string {
  const relay = gateway.relays ? ', and the transport relays raw JSON-RPC to it (`onmessage`/`send`, or started by hand) instead of serving requests with handlers' : '';
  const serve =
    target === 'stateless-v1'
      ? 'serve each POST with a new server and a `sessionIdGenerator: undefined` transport (GET and DELETE answer 405)'
      : 'serve them with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET and DELETE then answer 405)';
  return (
    `this endpoint is a gateway: each session opens its own upstream, ${gateway.upstream}${relay}. ` +
    'It is not rewritten: a stateless entry has no session to keep that upstream on, so a rewrite would either drop it or open a new one per request. ' +
    'Decide what the upstream is keyed by now: one shared upstream (or one per endpoint or per credential the request carries) that per-request servers forward to with handlers, ' +
    `then ${serve}; an upstream that must stay per client becomes a handle a tool opens, with expiry.` +
    (leaving ? ` ${leaving} go with the sessions when you do.` : '')
  );
}

/**
 * Whether `call` calls a function of the project that creates an SDK client or client transport (a helper that
 * connects to the upstream server for the session): one level deep, by the declaration the callee resolves to.
 */
function opensUpstream(result: AnalysisResult, call: ts.CallExpression): boolean {
  const decl = result.analysis.values.symbolOf(unwrap(call.expression))?.valueDeclaration;
  const fn = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : decl;
  if (!fn || !ts.isFunctionLike(fn) || !('body' in fn) || !fn.body || fn.getSourceFile().isDeclarationFile) return false;
  let opens = false;
  forEachDescendant(fn.body, (node) => {
    if (!opens && ts.isNewExpression(node) && isUpstreamClient(result, node)) opens = true;
  });
  return opens;
}

/** The symbol of the variable `new Transport(…)` is assigned to (`const t = new …` or `t = new …`). */
function boundSymbol(result: AnalysisResult, transport: ts.NewExpression): ts.Symbol | undefined {
  const holder = transport.parent;
  if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return result.analysis.values.symbolOf(holder.name);
  if (ts.isBinaryExpression(holder) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(holder.left)) return result.analysis.values.symbolOf(holder.left);
  return undefined;
}

/**
 * `new StreamableHTTPClientTransport(…)`, `new Client(…)`: a class of the SDK's client side, by the module the name
 * is imported from (the analysis' SDK symbols cover the server side only).
 */
function isUpstreamClient(result: AnalysisResult, created: ts.NewExpression): boolean {
  const callee = unwrap(created.expression);
  if (!ts.isIdentifier(callee)) return false;
  const imported = importOf(result, callee);
  return !!imported && isClientSdkModule(imported.module) && UPSTREAM_CLIENT_CLASSES.has(imported.name);
}

/** The module `id` is imported or required from and the name it has there. */
function importOf(result: AnalysisResult, id: ts.Identifier): { module: string; name: string } | undefined {
  let symbol: ts.Symbol | undefined;
  try {
    // The local (import) symbol: its declaration names the module.
    symbol = result.analysis.values.checker.getSymbolAtLocation(id);
  } catch {
    return undefined;
  }
  for (const decl of symbol?.declarations ?? []) {
    const importDecl = ts.findAncestor(decl, ts.isImportDeclaration);
    if (importDecl && ts.isStringLiteral(importDecl.moduleSpecifier)) {
      const name = ts.isImportSpecifier(decl) ? (decl.propertyName ?? decl.name).text : id.text;
      return { module: importDecl.moduleSpecifier.text, name };
    }
    const variable = ts.findAncestor(decl, ts.isVariableDeclaration);
    let init = variable?.initializer && unwrap(variable.initializer);
    if (init && ts.isPropertyAccessExpression(init)) init = unwrap(init.expression);
    if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require' && init.arguments[0] && ts.isStringLiteralLike(init.arguments[0])) {
      return { module: init.arguments[0].text, name: id.text };
    }
  }
  return undefined;
}

/**
 * Whether the value of `call` is what gets connected to the transport: `const x = await call; x.server.connect(t)`
 * or `(await call).connect(t)` in `scope`.
 */
function servesTransport(result: AnalysisResult, call: ts.CallExpression, scope: ts.Node, isTransport: (node: ts.Node) => boolean): boolean {
  const values = result.analysis.values;
  let outer: ts.Node = call;
  while (ts.isAwaitExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
  const holder = outer.parent;
  const held = ts.isVariableDeclaration(holder) && holder.initializer === outer && ts.isIdentifier(holder.name) ? values.symbolOf(holder.name) : undefined;
  let serves = false;
  forEachDescendant(scope, (node) => {
    if (serves || !ts.isCallExpression(node) || calleeParts(node).name !== 'connect' || node.arguments.length !== 1 || !isTransport(node.arguments[0]!)) return;
    let root: ts.Node = unwrap(calleeParts(node).receiver ?? node);
    while (ts.isPropertyAccessExpression(root)) root = unwrap(root.expression);
    if (root === call || ts.isAwaitExpression(root) && unwrap(root.expression) === call) serves = true;
    else if (held && ts.isIdentifier(root) && values.symbolOf(root) === held) serves = true;
  });
  return serves;
}

/** A call as the marker quotes it: its first line, arguments elided past 60 characters. */
function short(text: string): string {
  // Multi-line argument lists (`getServer(\n  id,\n  ns,\n)`) read as one line.
  const flat = text.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/,? \)/g, ')');
  if (flat.length <= 60) return flat;
  const open = flat.indexOf('(');
  return open > 0 && open < 50 ? `${flat.slice(0, open)}(…)` : `${flat.slice(0, 57)}…`;
}
