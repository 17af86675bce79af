/**
 * Plain `node:http`: the transport is created in the `if (req.method === 'POST' …)` branch of a request
 * listener. That branch (and the GET/DELETE branches of the same listener) hand the request to
 * `toNodeHandler(createMcpHandler(factory))`; the listener's other routing stays as written. On `--target
 * stateless-v1` the POST branch serves a new server and transport per request and the others answer 405. A
 * routing helper its caller hands the session map (routing-helper.ts) is planned as a whole instead.
 *
 * SDK 1.x's stateless idiom written straight in the listener (a server and a `sessionIdGenerator: undefined`
 * transport per request, every method handed to it: `planStatelessListener`) gets the same entry: the statements
 * that build, connect, close and serve the transport become the one call of the node handler, the listener's own
 * code (a path check, the body it reads) stays. It already serves without sessions, and scan reports nothing there:
 * what cannot be rewritten for certain is left as it is with a note, never a marker.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import { routesAt, routesOf, type Route } from '../../analysis/routes.js';
import { CONNECT_METHOD, TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { indentAt } from '../kit/source-style.js';
import { BOILERPLATE_GLOBALS, checkBoilerplate, checkTransportOptions, isStatelessIdiom, newedInEventStore, registryUsesOutside, transportOptionsOf } from './eligibility.js';
import { loopClosesEntry, rewriteSessionCounts } from './registry-leftovers.js';
import { addEntryImports, createHandlerDeclaration, entryOptions, errorLogging, handlerClose } from './entry-code.js';
import { AdvisedRefusal, CannotRewrite } from './refusal.js';
import { planRoutingHelper } from './routing-helper.js';
import { factoryOf } from './server-factory.js';
import { adviceFactory } from './factory.js';
import type { ServingFile } from './serving-file.js';
import { nodeHttpMethodNotAllowed, perRequestV1Lines, v1JsonOption } from './stateless-v1-code.js';
import { isAsync } from './text.js';

export function planNodeHttp(file: ServingFile, route: Route, transports: ts.NewExpression[]): void {
  const first = transports[0]!;
  const branch = route.handlers[0];
  if (!branch || !ts.isBlock(branch) || route.method !== 'post') throw new CannotRewrite('the transport is not created in the block of an `if (req.method === \'POST\')` branch.', first);
  if (transports.length > 1) throw new CannotRewrite('the branch creates more than one transport (custom routing around the transport): replace it by hand.', first);
  const listener = enclosingFunction(branch);
  const [reqParam, resParam] = listener?.parameters ?? [];
  if (!listener || !reqParam || !resParam || !ts.isIdentifier(reqParam.name) || !ts.isIdentifier(resParam.name)) throw new CannotRewrite('the request listener does not name its request and response parameters.', first);
  const req = reqParam.name.text;
  const res = resParam.name.text;
  const transportOptions = transportOptionsOf(first);
  const sessionful = !!transportOptions.sessionIdGenerator && !file.values.isUndefinedValue(transportOptions.sessionIdGenerator);
  const registries = file.registriesOf([listener]);
  if (file.options.target === 'stateless-v1' && !sessionful && registries.length === 0) return;
  if (registries.length === 0 && ts.isFunctionDeclaration(listener) && planRoutingHelper(file, listener, branch, first, transportOptions)) return;
  const factory = factoryOf(file, branch, first);
  const body = bodyHandedOn(file, branch);
  const bodyName = body && /^[A-Za-z_$][\w$]*$/.test(body) ? [body] : [];
  const allowed = new Set([...BOILERPLATE_GLOBALS, ...registries.map((r) => r.name), ...file.sdkNames, ...factory.names, req, res, ...bodyName, ...newedInEventStore(file, transportOptions)]);
  // The refusal's advice names the project's own factory (`buildMcpServer`), not a placeholder to write (sweep 18 R5).
  const refusal = { factory: adviceFactory(factory) };
  checkBoilerplate(file, branch, allowed, 'the MCP POST branch', [], refusal);
  const siblings = routesOf(file.sf, file.values).filter((r) => !r.call && r.framework === 'node-http' && (r.method === 'get' || r.method === 'delete') && r.handlers[0] && ts.isBlock(r.handlers[0]) && isInside(r.handlers[0], listener) && r.path === route.path);
  for (const sibling of siblings) checkBoilerplate(file, sibling.handlers[0]!, allowed, `the ${sibling.method.toUpperCase()} branch`, [], refusal);
  const blocks = [...new Set([branch, ...siblings.map((r) => r.handlers[0] as ts.Block)])];
  const { loops, counts } = registryUsesOutside(file, registries, blocks, allowed);
  const u = file.unit;
  /** A block's lines in the rewrite: `{ …lines }` indented as the `if` (or the block, when it starts further left). */
  const replaceBlock = (b: ts.Block, lines: readonly string[]): void => {
    const bi = branchIndent(file, b);
    file.edit(b.getStart(file.sf), b.end, `{\n${lines.map((l) => `${bi}${u}${l}`).join('\n')}\n${bi}}`);
  };
  if (file.options.target === 'stateless-v1') {
    if (!isAsync(listener)) throw new CannotRewrite('the request listener is not async.', listener);
    const q = (t: string) => file.q(t);
    const json = v1JsonOption(file, transportOptions);
    replaceBlock(branch, [...perRequestV1Lines({ factoryCall: factory.call, transportClass: first.expression.getText(file.sf), json, req, res, body, unit: u, q }), `return;`]);
    for (const b of blocks.slice(1)) replaceBlock(b, [nodeHttpMethodNotAllowed(res, q), 'return;']);
    file.removeRegistries(registries);
    for (const loop of loops) file.remove(loop);
    rewriteSessionCounts(file, counts, []);
    file.plan.notes!.push(`serving: ${file.relative()} — sessionful Streamable HTTP (node:http) → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST; GET/DELETE answer 405 (SDK 1.x)`);
    return;
  }
  if (file.v1Idiom) return; // SDK 1.x's idiom already, in a file left on SDK 1.x: no v2 entry here (left-on-v1.ts)
  const options = entryOptions(file, transportOptions, errorLogging(file, branch));
  const handlerName = file.freshName('mcpHandler');
  const nodeHandlerName = file.freshName('mcpNodeHandler');
  // The handler is built once, at module level, above the top-level statement the listener is in.
  let topLevel: ts.Node = statementOf(listener);
  while (!ts.isSourceFile(topLevel.parent)) topLevel = statementOf(topLevel.parent);
  const indent = indentAt(file.text, topLevel.getStart(file.sf));
  const create = createHandlerDeclaration(handlerName, factory.expression, options, indent, u);
  const lineStart = file.text.lastIndexOf('\n', topLevel.getStart(file.sf) - 1) + 1;
  file.insert(lineStart, `${indent}${create}\n${indent}const ${nodeHandlerName} = toNodeHandler(${handlerName});\n\n`);
  const call = `${isAsync(listener) ? 'await' : 'void'} ${nodeHandlerName}(${req}, ${res}${body ? `, ${body}` : ''});`;
  for (const b of blocks) replaceBlock(b, [call, 'return;']);
  file.removeRegistries(registries);
  for (const loop of loops) {
    if (loopClosesEntry(loop, file.sf)) file.edit(loop.getStart(file.sf), loop.end, handlerClose(loop, handlerName));
    else file.remove(loop);
  }
  rewriteSessionCounts(file, counts, []);
  addEntryImports(file);
  file.plan.notes!.push(`serving: ${file.relative()} — ${sessionful ? 'sessionful' : 'stateless-idiom'} Streamable HTTP (node:http) → the POST/GET/DELETE branches hand the request to toNodeHandler(createMcpHandler(${factory.expression}))${file.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served statelessly)'}`);
}

/**
 * The body the branch hands the transport, as written: a body read before the branch (the stream is consumed) is
 * handed over; one read inside goes with the branch (''); undefined when none is handed.
 */
function bodyHandedOn(file: ServingFile, branch: ts.Block): string | undefined {
  let body: string | undefined;
  forEachDescendant(branch, (node) => {
    if (body !== undefined || !ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod || node.arguments.length < 3) return;
    const arg = unwrap(node.arguments[2]!);
    const decl = ts.isIdentifier(arg) ? file.values.symbolOf(arg)?.valueDeclaration : undefined;
    body = decl && isInside(decl, branch) ? '' : node.arguments[2]!.getText(file.sf);
  });
  return body;
}

/** The indentation of a branch's block: its `if`'s, or the block's own when it starts further left. */
function branchIndent(file: ServingFile, b: ts.Block): string {
  return indentAt(file.text, b.getStart(file.sf)).length >= indentAt(file.text, b.parent.getStart(file.sf)).length ? indentAt(file.text, b.parent.getStart(file.sf)) : indentAt(file.text, b.getStart(file.sf));
}

/**
 * The listener `transport` is made in, when it is SDK 1.x's stateless idiom straight in a `node:http` listener: one
 * `sessionIdGenerator: undefined` transport, no registry, handed every method (no `req.method` test around its
 * `handleRequest`) in the function that made it.
 */
export function statelessListenerOf(file: ServingFile, transport: ts.NewExpression): ts.FunctionLikeDeclaration | undefined {
  const listener = enclosingFunction(transport);
  if (!listener || !isStatelessIdiom(file, [transport])) return undefined;
  const holder = transport.parent;
  const bound = ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? file.values.symbolOf(holder.name) : undefined;
  if (!bound) return undefined;
  let served = false;
  forEachDescendant(listener, (node) => {
    if (served || !ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod) return;
    const receiver = calleeParts(node).receiver && unwrap(calleeParts(node).receiver!);
    if (!receiver || !ts.isIdentifier(receiver) || file.values.symbolOf(receiver) !== bound) return;
    served = routesAt(node, file.values).some((r) => r.framework === 'node-http' && r.method === 'all' && r.handlers[0] === listener);
  });
  return served ? listener : undefined;
}

/**
 * SDK 1.x's stateless idiom straight in a `node:http` listener (`statelessListenerOf`): false when `transports` are not
 * that. On 2026-07-28 the listener's statements that build the server and the transport, close them when the response
 * does, connect and serve become `await mcpNodeHandler(req, res[, body])` of a `toNodeHandler(createMcpHandler(factory))`
 * built at module level; the rest of the listener stays. On `--target stateless-v1` (and in a file left on SDK 1.x) it
 * is the goal already. What the rewrite cannot be certain of leaves the listener as it is, with a note (no marker:
 * there is no session to replace).
 */
export function planStatelessListener(file: ServingFile, transports: readonly ts.NewExpression[]): boolean {
  const transport = transports[0]!;
  const listener = transports.length === 1 ? statelessListenerOf(file, transport) : undefined;
  if (!listener) return false;
  if (file.options.target === 'stateless-v1' || file.v1Idiom) return true;
  try {
    rewriteStatelessListener(file, listener, transport);
  } catch (error) {
    if (!(error instanceof CannotRewrite)) throw error;
    throw leaveStatelessListener(file, transport, error.message);
  }
  return true;
}

function rewriteStatelessListener(file: ServingFile, listener: ts.FunctionLikeDeclaration, transport: ts.NewExpression): void {
  const [reqParam, resParam] = listener.parameters;
  if (!listener.body || !ts.isBlock(listener.body) || !reqParam || !resParam || !ts.isIdentifier(reqParam.name) || !ts.isIdentifier(resParam.name)) throw new CannotRewrite('the listener does not name its request and response parameters.', transport);
  const req = reqParam.name.text;
  const res = resParam.name.text;
  const transportOptions = transportOptionsOf(transport);
  checkTransportOptions(file, transportOptions, 'node-http');
  const factory = factoryOf(file, listener, transport);
  // The names the idiom binds (the transport, the server it is connected to): every statement using one is the idiom's.
  const bindings = [statementOf(transport)];
  const connect = findConnect(listener, transport, file);
  const server = connect && ts.isIdentifier(unwrap(calleeParts(connect).receiver!)) ? file.values.symbolOf(unwrap(calleeParts(connect).receiver!) as ts.Identifier)?.valueDeclaration : undefined;
  if (server && ts.isVariableDeclaration(server)) bindings.push(statementOf(server));
  const names = bindings.flatMap((b) => (ts.isVariableStatement(b) ? b.declarationList.declarations.map((d) => d.name) : [])).filter(ts.isIdentifier);
  const symbols = new Set(names.map((n) => file.values.symbolOf(n)));
  const uses = (statement: ts.Node): boolean => {
    let found = false;
    forEachDescendant(statement, (node) => {
      if (!found && ts.isIdentifier(node) && symbols.has(file.values.symbolOf(node))) found = true;
    });
    return found;
  };
  const idiom = listener.body.statements.filter(uses);
  const serve = idiom.find((st) => ts.isExpressionStatement(st) && ts.isCallExpression(unwrap(st.expression)) && calleeParts(unwrap(st.expression) as ts.CallExpression).name === TRANSPORT_MEMBERS.requestMethod);
  // Each use of the transport or the server must be a statement of the listener's body: one nested deeper (a `try`, a branch) is the route's own logic.
  forEachDescendant(listener.body, (node) => {
    if (ts.isIdentifier(node) && symbols.has(file.values.symbolOf(node)) && !idiom.some((st) => isInside(node, st))) throw new CannotRewrite(`\`${node.text}\` is used outside the statements that build, connect and serve it.`, node);
  });
  if (!serve || !connect || !idiom.some((st) => isInside(connect, st))) throw new CannotRewrite('the listener does not connect and serve the transport in its own statements.', transport);
  // Only the idiom's own statements go: the declarations, `server.connect(transport)`, `res.on('close', …)` and the serve call.
  const plumbing = (st: ts.Statement): boolean => {
    if (bindings.includes(st) || st === serve) return true;
    const call = ts.isExpressionStatement(st) ? unwrap(st.expression) : undefined;
    if (!call || !ts.isCallExpression(call)) return false;
    const { name, receiver } = calleeParts(call);
    return call === connect || (name === 'on' && !!receiver && unwrap(receiver).getText(file.sf) === res && !!call.arguments[0] && ts.isStringLiteralLike(call.arguments[0]) && call.arguments[0].text === 'close');
  };
  const other = idiom.find((st) => !plumbing(st));
  if (other) throw new CannotRewrite('the listener does more with the transport or the server than build, connect, close and serve them.', other);
  const call = unwrap((serve as ts.ExpressionStatement).expression) as ts.CallExpression;
  const [reqArg, resArg, bodyArg] = call.arguments;
  if (!reqArg || !resArg || reqArg.getText(file.sf) !== req || resArg.getText(file.sf) !== res || call.arguments.length > 3) throw new CannotRewrite(`the transport is not handed \`${req}\` and \`${res}\` as the listener received them.`, call);
  const body = bodyArg?.getText(file.sf);
  const bodyName = body && /^[A-Za-z_$][\w$]*$/.test(body) ? [body] : [];
  const allowed = new Set([...BOILERPLATE_GLOBALS, ...file.sdkNames, ...factory.names, ...names.map((n) => n.text), req, res, ...bodyName]);
  for (const st of idiom) checkBoilerplate(file, st, allowed, 'the listener', [], { factory: adviceFactory(factory) });
  const handlerName = file.freshName('mcpHandler');
  const nodeHandlerName = file.freshName('mcpNodeHandler');
  let topLevel: ts.Node = statementOf(listener);
  while (!ts.isSourceFile(topLevel.parent)) topLevel = statementOf(topLevel.parent);
  // The entry is declared at the module's top level, above that statement: what the factory names must exist there.
  const unreachable = factoryNamesOutOfReach(file, listener, factory.names, topLevel, factory.expression);
  if (unreachable) throw new CannotRewrite(`the server factory (${unreachable}) is not in reach of the module's top level, where the handler is built once.`, transport);
  const indent = indentAt(file.text, topLevel.getStart(file.sf));
  const create = createHandlerDeclaration(handlerName, factory.expression, entryOptions(file, transportOptions), indent, file.unit);
  const lineStart = file.text.lastIndexOf('\n', topLevel.getStart(file.sf) - 1) + 1;
  file.insert(lineStart, `${indent}${create}\n${indent}const ${nodeHandlerName} = toNodeHandler(${handlerName});\n\n`);
  for (const st of idiom) {
    if (st === serve) file.edit(st.getStart(file.sf), st.end, `${isAsync(listener) ? 'await' : 'void'} ${nodeHandlerName}(${req}, ${res}${body ? `, ${body}` : ''});`);
    else file.remove(st);
  }
  addEntryImports(file);
  file.plan.notes!.push(`serving: ${file.relative()} — stateless-idiom Streamable HTTP (node:http listener) → the listener hands the request to toNodeHandler(createMcpHandler(${factory.expression}))${file.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served statelessly)'}`);
}

/** The `server.connect(transport)` call in `listener`. */
function findConnect(listener: ts.Node, transport: ts.NewExpression, file: ServingFile): ts.CallExpression | undefined {
  const holder = transport.parent;
  const bound = ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? file.values.symbolOf(holder.name) : undefined;
  let connect: ts.CallExpression | undefined;
  forEachDescendant(listener, (node) => {
    if (connect || !ts.isCallExpression(node) || calleeParts(node).name !== CONNECT_METHOD || node.arguments.length !== 1 || !calleeParts(node).receiver) return;
    const arg = unwrap(node.arguments[0]!);
    if (ts.isIdentifier(arg) && file.values.symbolOf(arg) === bound) connect = node;
  });
  return connect;
}

/** The listener is left as it is: why, and what serves 2026-07-28 clients, in a note; no marker (AdvisedRefusal without a message). */
export function leaveStatelessListener(file: ServingFile, transport: ts.NewExpression, why?: string): CannotRewrite {
  let factory = 'buildServer';
  try {
    factory = factoryOf(file, enclosingFunction(transport)!, transport).expression;
  } catch (error) {
    if (!(error instanceof CannotRewrite)) throw error;
  }
  const reason = why ? ` (not rewritten: ${why.replace(/\.$/, '')})` : '';
  file.plan.notes!.push(`serving: ${file.relative()}:${file.line(transport)} — already serves without sessions (SDK 1.x's idiom: a server and a \`sessionIdGenerator: undefined\` transport per request in a node:http listener): left as it is${reason}. That transport speaks the 2025 protocol only; 2026-07-28 clients need the request handed to \`toNodeHandler(createMcpHandler(${factory}))\``);
  return new AdvisedRefusal('', transport, undefined, 'node-http');
}

/**
 * Why a factory the listener builds its server with cannot be named at the module's top level above `topLevel`: a
 * `this` (the listener's object), or a name declared inside a function (`main`'s own `buildServer`) or at top level
 * after that statement (a \`const\` read before it is initialised). Imports and hoisted function declarations are in
 * reach. Undefined when every name is.
 */
function factoryNamesOutOfReach(file: ServingFile, listener: ts.Node, names: readonly string[], topLevel: ts.Node, expression: string): string | undefined {
  if (/\bthis\b/.test(expression)) return `\`${expression}\` reads \`this\``;
  for (const name of names) {
    let decl: ts.Declaration | undefined;
    forEachDescendant(listener, (node) => {
      if (!decl && ts.isIdentifier(node) && node.text === name) decl = file.values.symbolOf(node)?.valueDeclaration;
    });
    if (!decl || decl.getSourceFile() !== file.sf || ts.isImportSpecifier(decl) || ts.isImportClause(decl) || ts.isNamespaceImport(decl)) continue;
    const statement = statementOf(decl);
    if (!ts.isSourceFile(statement.parent)) return `\`${name}\` is declared inside a function`;
    if (ts.isFunctionDeclaration(decl)) continue;
    if (statement.end > topLevel.getStart(file.sf)) return `\`${name}\` is declared after the listener`;
  }
  return undefined;
}
