/**
 * List-changed / resource-updated sends → the project's change-event bus (2026-07-28 target, SDK v2).
 *
 * A send on a server the analysis resolves (`server.sendToolListChanged()`, `server.server.sendResourceUpdated
 * ({ uri })`, `server.server.notification({ method: 'notifications/resources/updated', params: { uri } })`)
 * becomes `publishServerEvent(server, { kind, … })` from the generated `mcp-server-events` module (see
 * event-bus.ts): createMcpHandler's listen streams receive it through the shared bus, serveStdio's through the
 * server as before. What is not rewritten keeps its marker: SDK 1.x (`--target stateless-v1`, no listen), a
 * raw notification with more than the event (extra params, `_meta`, options), a send whose method or server
 * the analysis does not resolve.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { ITERATION_METHODS, calleeParts, collectionWalked, enclosingFunction, unwrap } from '../../analysis/ast.js';
import { rawSendersOf } from '../../analysis/sdk-features.js';
import { CONNECT_METHOD, INITIALIZE_REQUEST_GUARD, LOW_LEVEL_SERVER_CLASSES, sdkMajorOfFile } from '../../analysis/sdk-modules.js';
import { guardingInitializeComparison } from '../../analysis/handshake-plumbing.js';
import type { TransformOptions, TransformPlan } from '../kit/plan.js';
import { flavourOf, importSpecifier, afterImports, importStatement } from '../kit/source-style.js';
import { packageDirOf } from '../kit/package-json.js';
import { EVENTS_MODULE_BASENAME, LISTEN_EVENTS, PUBLISH_FUNCTION, commonDirectory, eventsModuleExtension, eventsModuleSource } from './event-bus.js';

/** The SDK server methods and wire methods of the subscription-gated events, by the event each is. */
const METHOD_EVENTS: ReadonlyMap<string, string> = new Map(Object.entries(LISTEN_EVENTS).map(([kind, e]) => [e.serverMethod, kind]));
const WIRE_EVENTS: ReadonlyMap<string, string> = new Map(Object.entries(LISTEN_EVENTS).map(([kind, e]) => [e.message, kind]));
/** The raw notification senders of an SDK server (`server.server.notification(message)`). */
const RAW_NOTIFICATIONS = rawSendersOf('notification', 'server');

/**
 * A list change sent to a client right after it connects (after `server.connect(transport)` in the same block, or in
 * a branch taken for `initialize`): CircleCI's nudge of the new connection, not a change of the list (sweep 10). On
 * the bus it would tell every listener of a change that did not happen; it stays, marked, for 2025-era clients.
 */
export function isConnectionNudge(result: AnalysisResult, node: ts.Node): boolean {
  if (guardingInitializeComparison(node) || guardedByInitializeRequest(result, node)) return true;
  // The statement the send is in, directly in a block: a send in a callback (a timer, a listener) runs later.
  let statement: ts.Node = node;
  while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent)) {
    if (ts.isFunctionLike(statement.parent)) return false;
    statement = statement.parent;
  }
  const block = statement.parent;
  if (!block || !(ts.isBlock(block) || ts.isSourceFile(block))) return false;
  // Right after the connect, with nothing but logging between: anything else (`await loadPlugins(server)`) may change the list.
  const before = block.statements.slice(0, block.statements.indexOf(statement as ts.Statement));
  const connect = before.map((s) => connectsServer(result, s)).lastIndexOf(true);
  return connect >= 0 && before.slice(connect + 1).every(onlyLogs);
}

/** A statement that only logs: `console.error(…)`, `logger.debug(…)`, or an `if` (a debug switch) doing only that. */
function onlyLogs(statement: ts.Statement): boolean {
  if (ts.isIfStatement(statement)) return !statement.elseStatement && onlyLogs(statement.thenStatement);
  if (ts.isBlock(statement)) return statement.statements.every(onlyLogs);
  if (!ts.isExpressionStatement(statement)) return false;
  const call = unwrap(statement.expression);
  if (!ts.isCallExpression(call)) return false;
  const receiver = calleeParts(call).receiver;
  return !!receiver && /^(console|(this\.)?_?(logger|log))$/i.test(unwrap(receiver).getText());
}

/** `[await] server.connect(transport)` as a statement (`connect` of an SDK server). */
function connectsServer(result: AnalysisResult, statement: ts.Statement): boolean {
  if (!ts.isExpressionStatement(statement)) return false;
  const expression = unwrap(statement.expression);
  const call = ts.isAwaitExpression(expression) ? unwrap(expression.expression) : expression;
  if (!ts.isCallExpression(call)) return false;
  const { name, receiver } = calleeParts(call);
  const kind = receiver && result.analysis.values.valueOf(receiver)?.kind;
  return name === CONNECT_METHOD && (kind === 'server' || kind === 'mcp-server');
}

/** In the then-branch of an `if` whose condition calls the SDK's guard (`if (isInitializeRequest(req.body)) { … }`). */
function guardedByInitializeRequest(result: AnalysisResult, node: ts.Node): boolean {
  const callsGuard = (condition: ts.Node): boolean =>
    (ts.isCallExpression(condition) && result.analysis.sdk.exportOf(unwrap(condition.expression))?.name === INITIALIZE_REQUEST_GUARD) || !!ts.forEachChild(condition, (child) => callsGuard(child) || undefined);
  for (let current: ts.Node = node; current.parent; current = current.parent) {
    if (ts.isIfStatement(current.parent) && current.parent.thenStatement === current && callsGuard(current.parent.expression)) return true;
  }
  return false;
}

interface Rewrite {
  call: ts.CallExpression;
  text: string;
}

/**
 * Rewrites the change-notification uses it can, adding the edits, the generated module and the imports to
 * `plan`; returns the reported nodes it rewrote (the caller marks the others).
 */
export function publishChangeEvents(result: AnalysisResult, options: TransformOptions, plan: TransformPlan, uses: ReadonlyArray<{ node: ts.Node }>): Set<ts.Node> {
  const done = new Set<ts.Node>();
  // The bus and the serving entries that read it are SDK v2's: a program still on 1.x (this transform run
  // without sdk-v2, or --target stateless-v1) keeps its markers.
  if (options.target !== '2026-07-28') return done;
  // Per package: in a monorepo one package may stay on SDK 1.x (apply held its SDK move back) while the others moved.
  const onV2 = packagesOnSdkV2(result);
  if (onV2.size === 0) return done;
  const byFile = new Map<ts.SourceFile, Rewrite[]>();
  // A list change announced beside a per-connection toggle (`tool.enable()`, a registration in a call)
  // changed one instance's list, not the server's: telling every listener would be wrong, so it stays marked.
  // One a timer or a file watcher makes (`registeredOnTimer`) changes the list for everyone: every listener is told
  // (sweep 28 AB8); the toggle keeps its own marker (register the changing set in the factory).
  const toggling = new Set(
    result.analysis.features
      .uses('tool-toggle')
      .filter((t) => t.messageId !== 'registeredOnTimer')
      .map((t) => enclosingFunction(t.node)),
  );
  for (const use of uses) {
    if (!onV2.has(packageDirOf(use.node.getSourceFile().fileName))) continue;
    if (toggling.has(enclosingFunction(use.node))) continue;
    if (isConnectionNudge(result, use.node)) continue;
    if (sentPerSession(result, use.node)) continue;
    const rewrite = rewriteOf(result, use.node);
    if (!rewrite) continue;
    const sf = rewrite.call.getSourceFile();
    const list = byFile.get(sf) ?? [];
    if (list.some((r) => r.call === rewrite.call)) continue;
    list.push(rewrite);
    byFile.set(sf, list);
    done.add(use.node);
  }
  if (byFile.size === 0) return done;
  // One generated events module per package (a monorepo's servers each get their own bus), in the directory its files share.
  const byPackage = new Map<string, ts.SourceFile[]>();
  for (const sf of byFile.keys()) byPackage.set(packageDirOf(sf.fileName), [...(byPackage.get(packageDirOf(sf.fileName)) ?? []), sf]);
  const modules: string[] = [];
  for (const files of byPackage.values()) {
    const flavour = flavourOf(files[0]!);
    const modulePath = path.join(commonDirectory(files.map((f) => f.fileName)), `${EVENTS_MODULE_BASENAME}${eventsModuleExtension(flavour)}`);
    modules.push(path.basename(modulePath));
    if (!result.sourceFiles.some((sf) => sf.fileName === modulePath)) plan.newFiles.set(modulePath, eventsModuleSource(flavour));
    for (const sf of files) {
      for (const r of byFile.get(sf)!) plan.edits.push({ file: sf.fileName, start: r.call.getStart(sf), end: r.call.end, text: r.text });
      if (!bindsName(sf, PUBLISH_FUNCTION)) {
        const at = afterImports(sf);
        const statement = withQuotes(sf, importStatement([PUBLISH_FUNCTION], importSpecifier(sf, modulePath, flavourOf(sf)), flavourOf(sf)));
        plan.edits.push({ file: sf.fileName, start: at.offset, end: at.offset, text: at.text(statement) });
      }
    }
  }
  const count = done.size;
  plan.notes!.push(
    `notifications: ${count} list-changed / resource-updated send${count === 1 ? '' : 's'} → ${PUBLISH_FUNCTION}() (${[...new Set(modules)].join(', ')}): createMcpHandler's subscriptions/listen streams receive them through its shared bus, serveStdio's through the server as before`,
  );
  return done;
}

/**
 * A send inside a loop over a session-keyed store (`for (const sid of Object.keys(sessions)) if
 * (sessions[sid].subscriptions.has(uri)) sessions[sid].server.server.sendResourceUpdated({ uri })`, `sessions.forEach(…)`):
 * it reaches the 2025-era sessions that asked, once each. Published to the bus in place, an event would reach the
 * 2026-07-28 listen streams only when some legacy session holds the URI, and once per such session (sweep 25 Y5): kept,
 * and marked by the caller; the bus publish belongs once per change, outside the loop.
 */
export function sentPerSession(result: AnalysisResult, node: ts.Node): boolean {
  const { values, sessions } = result.analysis;
  const declarations = new Set([...sessions.stores.values()].map((s) => s.declaration).filter((d): d is ts.Node => d !== undefined));
  if (declarations.size === 0) return false;
  const isStore = (expression: ts.Node): boolean => {
    const inner = unwrap(expression as ts.Expression);
    const named = ts.isIdentifier(inner) ? inner : ts.isPropertyAccessExpression(inner) ? inner.name : undefined;
    return !!named && declarations.has(values.symbolOf(named)?.valueDeclaration as ts.Node);
  };
  // The registry itself walked (`sessions`, `sessions.values()`, `Object.keys(sessions)`); a lookup in it
  // (`subscriptions.get(sid)`) walks one session's entries (review 37 R4).
  const iteratesStore = (expression: ts.Expression): boolean => {
    const walked = collectionWalked(expression);
    return !!walked && isStore(walked);
  };
  const stop = enclosingFunction(node) ?? node.getSourceFile();
  for (let at: ts.Node | undefined = node.parent; at && at !== stop; at = at.parent) {
    if ((ts.isForOfStatement(at) || ts.isForInStatement(at)) && iteratesStore(at.expression)) return true;
  }
  // `sessions.forEach((session) => …)`: the callback runs once per session.
  const fn = enclosingFunction(node);
  const call = fn?.parent;
  if (fn && call && ts.isCallExpression(call) && call.arguments.includes(fn as ts.Expression)) {
    const { name, receiver } = calleeParts(call);
    if (name && ITERATION_METHODS.has(name) && receiver && iteratesStore(receiver)) return true;
  }
  return false;
}


/** The rewrite of the send a change-notification report points into, when it is one the bus can carry. */
function rewriteOf(result: AnalysisResult, node: ts.Node): Rewrite | undefined {
  let call: ts.Node | undefined = node;
  while (call && !ts.isCallExpression(call)) {
    if (ts.isStatement(call) || ts.isFunctionLike(call)) return undefined;
    call = call.parent;
  }
  if (!call || !ts.isCallExpression(call)) return undefined;
  const { name, receiver } = calleeParts(call);
  if (!name || !receiver || ts.isCallExpression(unwrap(call.expression)) || ts.isElementAccessExpression(unwrap(call.expression))) return undefined;
  if (ts.isPropertyAccessExpression(unwrap(call.expression)) && (unwrap(call.expression) as ts.PropertyAccessExpression).questionDotToken) return undefined;
  const value = result.analysis.values.valueOf(receiver);
  const server = value?.kind === 'mcp-server' || (value?.kind === 'server' && LOW_LEVEL_SERVER_CLASSES.has(value.cls ?? ''));
  if (!server) return undefined;
  const sf = call.getSourceFile();
  const q = quoteOf(sf);
  const target = receiver.getText(sf);
  let event: string | undefined;
  let uri: string | undefined;
  if (METHOD_EVENTS.has(name)) {
    event = METHOD_EVENTS.get(name)!;
    if (LISTEN_EVENTS[event]!.uri) {
      if (call.arguments.length !== 1) return undefined;
      uri = uriOf(call.arguments[0]!, sf);
      if (uri === undefined) return undefined;
    } else if (call.arguments.length !== 0) return undefined;
  } else if (RAW_NOTIFICATIONS.has(name)) {
    if (call.arguments.length !== 1) return undefined;
    const message = unwrap(call.arguments[0]!);
    if (!ts.isObjectLiteralExpression(message)) return undefined;
    let params: ts.Expression | undefined;
    for (const prop of message.properties) {
      if (!ts.isPropertyAssignment(prop) || !prop.name || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))) return undefined;
      if (prop.name.text === 'method') {
        const method = unwrap(prop.initializer);
        if (!ts.isStringLiteralLike(method)) return undefined;
        event = WIRE_EVENTS.get(method.text);
      } else if (prop.name.text === 'params') params = prop.initializer;
      else return undefined;
    }
    if (!event) return undefined;
    if (LISTEN_EVENTS[event]!.uri) {
      if (!params) return undefined;
      uri = uriOf(params, sf);
      if (uri === undefined) return undefined;
    } else if (params) return undefined;
  } else return undefined;
  const eventText = `{ kind: ${q}${event}${q}${uri !== undefined ? (uri === 'uri' ? ', uri' : `, uri: ${uri}`) : ''} }`;
  const publish = `${PUBLISH_FUNCTION}(${target}, ${eventText})`;
  // McpServer's send*ListChanged() return void: where that value is the expression's own (an arrow's body,
  // a statement), `void` keeps the type the code had and says the promise is not awaited.
  const returnsVoid = value?.kind === 'mcp-server' && !LISTEN_EVENTS[event]!.uri;
  return { call, text: returnsVoid && !awaited(call) ? `void ${publish}` : publish };
}

/** The packages (`packageDirOf`) whose server code is written against SDK v2 only (no file of theirs imports a v1 SDK module). */
function packagesOnSdkV2(result: AnalysisResult): Set<string> {
  const v1 = new Set<string>();
  const v2 = new Set<string>();
  for (const sf of result.sourceFiles) {
    if (sf.isDeclarationFile) continue;
    const major = sdkMajorOfFile(sf);
    if (major === 1) v1.add(packageDirOf(sf.fileName));
    else if (major === 2) v2.add(packageDirOf(sf.fileName));
  }
  return new Set([...v2].filter((pkg) => !v1.has(pkg)));
}

/** The uri of a `{ uri }` params object (a literal with only `uri`, or an identifier holding one). */
function uriOf(params: ts.Expression, sf: ts.SourceFile): string | undefined {
  const inner = unwrap(params);
  if (ts.isObjectLiteralExpression(inner)) {
    if (inner.properties.length !== 1) return undefined;
    const prop = inner.properties[0]!;
    if (ts.isShorthandPropertyAssignment(prop) && prop.name.text === 'uri') return 'uri';
    if (ts.isPropertyAssignment(prop) && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) && prop.name.text === 'uri') return prop.initializer.getText(sf);
    return undefined;
  }
  if (ts.isIdentifier(inner)) return `${inner.text}.uri`;
  return undefined;
}

function awaited(call: ts.CallExpression): boolean {
  let outer: ts.Node = call;
  while (outer.parent && ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
  return !!outer.parent && (ts.isAwaitExpression(outer.parent) || ts.isReturnStatement(outer.parent) || ts.isVariableDeclaration(outer.parent) || ts.isCallExpression(outer.parent) || ts.isPropertyAccessExpression(outer.parent));
}

/** The quote the file's imports use. */
function quoteOf(sf: ts.SourceFile): string {
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement)) return statement.moduleSpecifier.getText(sf).startsWith('"') ? '"' : "'";
  }
  return "'";
}

function withQuotes(sf: ts.SourceFile, statement: string): string {
  const semicolon = sf.statements.find((s) => ts.isImportDeclaration(s))?.getText(sf).trimEnd().endsWith(';') ?? true;
  const text = quoteOf(sf) === '"' ? statement.replace(/'/g, '"') : statement;
  return semicolon ? text : text.replace(/;$/, '');
}

/** Whether the file already binds `name` at its top level (an import or a declaration). */
function bindsName(sf: ts.SourceFile, name: string): boolean {
  for (const statement of sf.statements) {
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => e.name.text === name)) return true;
    }
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return true;
    if (ts.isVariableStatement(statement) && statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) return true;
  }
  return false;
}
