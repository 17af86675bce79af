/**
 * Gateways: endpoints whose sessions each own an upstream (a child process spawned per session, an SDK
 * client opened per session, a server taken from a pool keyed by the session id the transport mints), often
 * relaying raw JSON-RPC between the transport and that upstream (`transport.onmessage = …`, `transport.send(…)`).
 * A stateless entry builds a server per request, so there is no session left to hang the upstream on:
 * rewriting the endpoint would drop the per-client connection, or open one per request without saying so.
 * Such an endpoint gets one marker, at the transport, whose advice is about its upstream.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, propertyNameText, unwrap } from '../../analysis/ast.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { CONNECT_METHOD, CONNECTED_TRANSPORT_PROPERTY, HIGH_LEVEL_SERVER_CLASSES, INITIALIZE_REQUEST_GUARD, isClientSdkModule, LOW_LEVEL_SERVER_CLASSES, TRANSPORT_MEMBERS, UPSTREAM_CLIENT_CLASSES } from '../../analysis/sdk-modules.js';
import { startsChildProcess } from '../../analysis/session-processes.js';
import { mintsNoSession } from '../../analysis/constructor-options.js';
import type { TransformOptions } from '../kit/plan.js';
import { RULE_ID, type RuleId } from '../../rule-ids.js';

const { messageHook: MESSAGE_HOOK, sendMethod: SEND_METHOD, startMethod: START_METHOD, sessionIdOption: SESSION_ID_OPTION, sessionInitializedOption: SESSION_INITIALIZED_OPTION } = TRANSPORT_MEMBERS;

/** What one session (or, for a stateless relay, one request) of the endpoint owns upstream, in the words the marker uses. */
interface GatewayUpstream {
  /** `a child process (\`spawn(stdioCmd)\`)`, `a server from \`pool.getServer(id, …)\`, keyed by the session id it mints`, … */
  upstream: string;
  /** Whether the transport relays raw messages (`onmessage`/`send`, started by hand) instead of being served by a server's handlers. */
  relays: boolean;
  /** Whether the upstream is (only) a child process the endpoint spawns. */
  childProcess: boolean;
  /** Whether the transport mints no session id (`sessionIdGenerator: undefined`): the upstream is already opened per request. */
  perRequest: boolean;
  /** The statement of a relay that handles `initialize` itself (`isInitializeRequest(message)` in its `onmessage`). */
  initializeRouting?: ts.Node;
}

/** How a gateway endpoint is left: a marker (`message` at `node`), or, with no message, untouched with a note. */
interface GatewayRefusal {
  node: ts.Node;
  ruleId: RuleId;
  message: string;
  note?: string;
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
  const minted = mintedIdSymbols(result, transport, mintedId);
  let relays = false;
  let initializeRouting: ts.Node | undefined;
  const upstreams: string[] = [];
  const children: string[] = [];
  forEachDescendant(scope, (node) => {
    if (!initializeRouting && ts.isCallExpression(node) && result.analysis.sdk.exportOf(node.expression)?.name === INITIALIZE_REQUEST_GUARD) initializeRouting = relayHandlerStatement(node, isTransport);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.name.text === MESSAGE_HOOK && isTransport(node.left.expression)) relays = true;
    if (ts.isCallExpression(node)) {
      const { name, receiver } = calleeParts(node);
      // `send` pushes upstream messages out; `start` by hand means no server connects the transport.
      if ((name === SEND_METHOD || name === START_METHOD) && receiver && isTransport(receiver)) relays = true;
      if (opensUpstream(result, node)) upstreams.push(`an upstream connection from \`${short(node.getText(sf))}\``);
      if (startsChildProcess(values, node)) children.push(`a child process (\`${short(node.getText(sf))}\`)`);
      if (minted.size > 0 && node.arguments.some((a) => ts.isIdentifier(unwrap(a)) && minted.has(values.symbolOf(unwrap(a))!)) && servesTransport(result, node, scope, isTransport) && !buildsServer(result, node)) {
        upstreams.push(`a server from \`${short(node.getText(sf))}\`, keyed by the session id the transport mints`);
      }
    }
    if (ts.isNewExpression(node) && isUpstreamClient(result, node)) {
      upstreams.push(`an MCP client (\`${short(node.getText(sf))}\`)`);
    }
  });
  if (upstreams.length + children.length === 0) return undefined;
  const childProcess = upstreams.length === 0;
  return { upstream: [...new Set([...children, ...upstreams])].join(' and '), relays, childProcess, perRequest: mintsNoSession(transport), ...(initializeRouting ? { initializeRouting } : {}) };
}

/**
 * How a gateway endpoint is left, in the idiom of the target. A stateless relay (a transport and an upstream
 * per request already) has no session to migrate: only its initialize routing is marked, with what it means for
 * 2026-07-28 clients; without one it is left as it is, with a note. A sessionful gateway gets one marker at its
 * transport, about its upstream. `leaving` names what goes with the sessions (registries, session routes), with its verb.
 */
export function gatewayRefusal(result: AnalysisResult, gateway: GatewayUpstream, transport: ts.NewExpression, target: TransformOptions['target'], leaving: string): GatewayRefusal {
  if (!gateway.perRequest || !gateway.relays) return { node: transport, ruleId: RULE_ID.sessionIdGenerator, message: gatewayAdvice(result, gateway, transport, target, leaving) };
  const where = `${result.relative(transport.getSourceFile().fileName)}:${transport.getSourceFile().getLineAndCharacterOfPosition(transport.getStart()).line + 1}`;
  const relay = `this endpoint is a stateless relay: each POST gets its own transport and its own upstream, ${gateway.upstream}, and the transport relays raw JSON-RPC to it`;
  if (!gateway.initializeRouting) {
    return { node: transport, ruleId: RULE_ID.sessionIdGenerator, message: '', note: `serving: ${where} — ${relay}; no session to migrate, so it is left as it is (a relay has no handlers for the serving entry to serve)` };
  }
  const message =
    target === 'stateless-v1'
      ? `${relay}, initializing that upstream itself when a request is not \`initialize\`. That is the handshake answered per request: keep it. SDK 1.x speaks 2025-era versions only, so 2026-07-28 clients are served once the relay moves to SDK v2.`
      : `${relay}, initializing that upstream itself when a request is not \`initialize\`. That is the handshake answered per request, and it stays right for both eras: 2026-07-28 clients never send \`initialize\`, so each of their requests takes that path. What a 2025-era upstream cannot answer is \`server/discover\` (an unknown method to it): answer it in the relay, or relay to upstreams that speak 2026-07-28 (a v2 server under \`serveStdio\`), which need no handshake.`;
  return { node: gateway.initializeRouting, ruleId: RULE_ID.initializeRouting, message };
}

/**
 * A stdio server whose transport's messages are relayed by hand (`transport.onmessage = …`, or
 * `server.transport!.onmessage = …` on the server connected to it): serveStdio serves a server's handlers and
 * this one has none, so its serving stays. Returns the note saying so; undefined for an ordinary stdio server.
 */
export function stdioRelayNote(result: AnalysisResult, sf: ts.SourceFile, created: ts.NewExpression): string | undefined {
  const values = result.analysis.values;
  const transportSymbol = boundSymbol(result, created);
  const servers = new Set<ts.Symbol>();
  forEachDescendant(sf, (node) => {
    if (!ts.isCallExpression(node) || calleeParts(node).name !== CONNECT_METHOD || node.arguments.length !== 1) return;
    const arg = unwrap(node.arguments[0]!);
    const receiver = calleeParts(node).receiver;
    const server = receiver && ts.isIdentifier(unwrap(receiver)) ? values.symbolOf(unwrap(receiver)) : undefined;
    if (server && (arg === created || (transportSymbol && ts.isIdentifier(arg) && values.symbolOf(arg) === transportSymbol))) servers.add(server);
  });
  let relayed: ts.Node | undefined;
  forEachDescendant(sf, (node) => {
    if (relayed || !ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isPropertyAccessExpression(node.left) || node.left.name.text !== MESSAGE_HOOK) return;
    const target = unwrap(node.left.expression);
    if (transportSymbol && ts.isIdentifier(target) && values.symbolOf(target) === transportSymbol) relayed = node;
    const holder = ts.isPropertyAccessExpression(target) && target.name.text === CONNECTED_TRANSPORT_PROPERTY ? unwrap(target.expression) : undefined;
    const server = holder && ts.isIdentifier(holder) ? values.symbolOf(holder) : undefined;
    if (server && servers.has(server)) relayed = node;
  });
  if (!relayed) return undefined;
  const line = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  return `serving: ${result.relative(sf.fileName)}:${line(created)} — a stdio relay (its transport's messages are forwarded by hand, line ${line(relayed)}): left on the stdio transport, because serveStdio serves a server's handlers and this server has none`;
}

/**
 * The symbols that hold the session id the transport mints: `mintedId` (what `sessionIdGenerator` returns, when it
 * is a name) and the first parameter of its `onsessioninitialized` callback (the transport hands it the id it
 * minted), written inline or as a function declared in the same file and passed by name.
 */
function mintedIdSymbols(result: AnalysisResult, transport: ts.NewExpression, mintedId: ts.Node | undefined): Set<ts.Symbol> {
  const values = result.analysis.values;
  const out = new Set<ts.Symbol>();
  const add = (node: ts.Node | undefined) => {
    const symbol = node && ts.isIdentifier(unwrap(node)) ? values.symbolOf(unwrap(node)) : undefined;
    if (symbol) out.add(symbol);
  };
  add(mintedId);
  const options = transport.arguments?.[0] && unwrap(transport.arguments[0]);
  if (!options || !ts.isObjectLiteralExpression(options)) return out;
  for (const property of options.properties) {
    if (ts.isSpreadAssignment(property) || propertyNameText(property.name) !== SESSION_INITIALIZED_OPTION) continue;
    let callback: ts.Node | undefined = ts.isPropertyAssignment(property) ? unwrap(property.initializer) : ts.isMethodDeclaration(property) ? property : undefined;
    if (ts.isShorthandPropertyAssignment(property)) callback = values.symbolOf(property.name)?.valueDeclaration;
    else if (callback && ts.isIdentifier(callback)) callback = values.symbolOf(callback)?.valueDeclaration;
    if (callback && ts.isVariableDeclaration(callback) && callback.initializer) callback = unwrap(callback.initializer);
    if (callback && ts.isFunctionLike(callback) && callback.getSourceFile() === transport.getSourceFile()) add(callback.parameters[0]?.name);
  }
  return out;
}

/** The statement that installs the relay's message handler (`transport.onmessage = …`) holding `call`, or the call's own statement. */
function relayHandlerStatement(call: ts.Node, isTransport: (node: ts.Node) => boolean): ts.Node {
  const handler = ts.findAncestor(call, (n) => ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(n.left) && n.left.name.text === MESSAGE_HOOK && isTransport(n.left.expression));
  let statement: ts.Node = handler ?? call;
  while (!ts.isStatement(statement) && statement.parent) statement = statement.parent;
  return statement;
}

/** The marker's text for a sessionful gateway endpoint, in the idiom of the target. */
function gatewayAdvice(result: AnalysisResult, gateway: GatewayUpstream, transport: ts.NewExpression, target: TransformOptions['target'], leaving: string): string {
  const relay = gateway.relays ? ', and the transport relays raw JSON-RPC to it (`onmessage`/`send`, or started by hand) instead of serving requests with handlers' : '';
  const serve =
    target === 'stateless-v1'
      ? 'serve each POST with a new server and a `sessionIdGenerator: undefined` transport (GET and DELETE answer 405)'
      : 'serve them with `createMcpHandler(buildServer)` mounted with `toNodeHandler` (GET and DELETE then answer 405)';
  if (gateway.childProcess && gateway.relays) {
    // A relay writes the clients' raw JSON-RPC to the child's stdin: a child shared by concurrent clients would mix
    // their request ids, so without an id-remapping layer the child goes per request.
    const sibling = statelessRelaySibling(result, transport);
    const idiom =
      target === 'stateless-v1'
        ? 'a transport with `sessionIdGenerator: undefined` and a child per POST, GET and DELETE answering 405'
        : 'a transport with `sessionIdGenerator: undefined` and a child per POST, GET and DELETE answering 405 (a relay has no handlers for `createMcpHandler` to serve)';
    return (
      `this endpoint is a gateway: each session spawns its own upstream, ${gateway.upstream}${relay}. ` +
      'It is not rewritten: a stateless endpoint has no session to keep that child on. ' +
      `Make it a stateless relay, ${idiom}: one child shared by all requests would receive concurrent clients' JSON-RPC ids on one stdin, which this relay passes through without remapping. ` +
      'A child that insists on the handshake needs it per request: initialize it in the relay when a request is not `initialize` (2026-07-28 clients never send one). ' +
      (sibling ? `The project's own stateless relay, ${sibling}, already does this. ` : '') +
      'If a child per request is too slow to start, share one behind a layer that rewrites request ids.' +
      (leaving ? ` ${leaving} with the sessions.` : '')
    );
  }
  return (
    `this endpoint is a gateway: each session opens its own upstream, ${gateway.upstream}${relay}. ` +
    'It is not rewritten: a stateless entry has no session to keep that upstream on, so a rewrite would either drop it or open a new one per request. ' +
    'Decide what the upstream is keyed by now: one shared upstream (or one per endpoint or per credential the request carries) that per-request servers forward to with handlers, ' +
    `then ${serve}; an upstream that must stay per client becomes a handle a tool opens, with expiry.` +
    (leaving ? ` ${leaving} with the sessions when you do.` : '')
  );
}

/**
 * Another endpoint of the project that is a stateless relay to a child (`sessionIdGenerator: undefined`, the
 * transport's messages relayed, a child process spawned beside it), as `file:line`: the project's own answer.
 */
function statelessRelaySibling(result: AnalysisResult, transport: ts.NewExpression): string | undefined {
  for (const sf of result.sourceFiles) {
    if (!sf.text.includes(SESSION_ID_OPTION)) continue;
    let found: string | undefined;
    forEachDescendant(sf, (node) => {
      if (found || node === transport || !ts.isNewExpression(node) || !mintsNoSession(node) || !result.analysis.sdk.exportOf(node.expression)) return;
      const scope = ts.findAncestor(node.parent, ts.isFunctionLike);
      const upstream = scope && perSessionUpstream(result, sf, node, scope, undefined);
      if (upstream?.relays && upstream.childProcess) found = `\`${result.relative(sf.fileName)}\``;
    });
    if (found) return found;
  }
  return undefined;
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
/**
 * Whether `call` runs a function of the project that constructs an SDK server (`buildServer(sessionId)`: a new server
 * per session, handed the id its tools key state by), not one that takes a server from a pool or opens an upstream:
 * that is a per-session server (its state is marked where it is kept), not a gateway.
 */
function buildsServer(result: AnalysisResult, call: ts.CallExpression): boolean {
  const fn = result.analysis.values.calls.functionOfCall(call);
  if (!fn || !('body' in fn) || !fn.body) return false;
  const servers = new Set([...HIGH_LEVEL_SERVER_CLASSES, ...LOW_LEVEL_SERVER_CLASSES]);
  const isNewServer = (node: ts.Node | undefined): boolean => {
    const inner = node && unwrap(node);
    if (!inner) return false;
    if (ts.isNewExpression(inner)) return servers.has(result.analysis.sdk.exportOf(inner.expression)?.name ?? '');
    const decl = ts.isIdentifier(inner) ? result.analysis.values.symbolOf(inner)?.valueDeclaration : undefined;
    if (!decl || !ts.isVariableDeclaration(decl)) return false;
    if (isNewServer(decl.initializer)) return true;
    // A pool's get-or-create (`let server = this.servers.get(id); if (!server) { server = new McpServer(…); … }`):
    // the server it returns is one it builds, kept per session: a per-session server, not an upstream.
    let assigned = false;
    forEachDescendant(fn.body!, (node) => {
      if (assigned || !ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isIdentifier(node.left)) return;
      if (result.analysis.values.symbolOf(node.left)?.valueDeclaration === decl && ts.isNewExpression(unwrap(node.right))) assigned = isNewServer(node.right);
    });
    return assigned;
  };
  // What it returns is the server it constructs (a pool's `acquire` that keeps the server and returns a record of
  // upstreams is a gateway's, not a factory).
  if (!ts.isBlock(fn.body)) return isNewServer(fn.body);
  const returns: ts.ReturnStatement[] = [];
  forEachDescendant(fn.body, (node) => {
    if (ts.isReturnStatement(node) && enclosingFunction(node) === fn) returns.push(node);
  });
  return returns.length > 0 && returns.every((r) => isNewServer(r.expression));
}


function servesTransport(result: AnalysisResult, call: ts.CallExpression, scope: ts.Node, isTransport: (node: ts.Node) => boolean): boolean {
  const values = result.analysis.values;
  let outer: ts.Node = call;
  while (ts.isAwaitExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
  const holder = outer.parent;
  // `const x = await call` or `x = await call` (a variable declared before the callback that fills it).
  const held =
    ts.isVariableDeclaration(holder) && holder.initializer === outer && ts.isIdentifier(holder.name)
      ? values.symbolOf(holder.name)
      : ts.isBinaryExpression(holder) && holder.operatorToken.kind === ts.SyntaxKind.EqualsToken && holder.right === outer && ts.isIdentifier(holder.left)
        ? values.symbolOf(holder.left)
        : undefined;
  let serves = false;
  forEachDescendant(scope, (node) => {
    if (serves || !ts.isCallExpression(node) || calleeParts(node).name !== CONNECT_METHOD || node.arguments.length !== 1 || !isTransport(node.arguments[0]!)) return;
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
