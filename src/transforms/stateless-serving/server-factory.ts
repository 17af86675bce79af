/**
 * The server factory a serving entry is given: found from the server a transport is connected to (`f().connect(t)`,
 * `const server = f(); server.connect(t)`, `await servers.create()`, `this.createServer()`), with the arguments it
 * may still be called with where the entry builds a server (once per request on HTTP, once per connection on
 * stdio). A server built in place, or by a factory fed per-request values, refuses the rewrite.
 */
import path from 'node:path';
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import { memberOfFunction, thisMemberName } from '../../analysis/class-members.js';
import { CONNECT_METHOD, HIGH_LEVEL_SERVER_CLASSES, LOW_LEVEL_SERVER_CLASSES, SSE_TRANSPORTS, STDIO_TRANSPORTS, STREAMABLE_HTTP_TRANSPORTS } from '../../analysis/sdk-modules.js';
import { callChanges, classOf, fieldsChangedByCalls, handedObjectsChangedByHandlers, objectsChangedByHandlers, sessionConnection, sharedServerPerRequest, type SessionConnection } from '../../analysis/session-servers.js';
import { RULE_ID } from '../../rule-ids.js';
import { helperConnection, helperConnectionReason } from './connect-helper.js';
import { inlineServerFactory, routeLocalsBuildingServer } from './inline-server-factory.js';
import { CannotRewrite } from './refusal.js';
import type { ServingFile } from './serving-file.js';
import { freeNames, referencesByName } from './text.js';
import { returnedExpressions } from '../../analysis/declarations.js';
import { assignmentsIn } from '../../analysis/assignments.js';
import { packageOfImport } from '../../analysis/package-imports.js';
import { isServerKind } from '../../analysis/value.js';
import { functionName } from './syntax-queries.js';
import { andList } from '../kit/prose.js';
import { builtInPlace, extractFactory } from './factory-extraction.js';
import { importedServerFactory, isImportedServer } from './imported-server.js';
import type { TextEdit } from '../kit/edits.js';
import type { Factory } from './factory.js';

/** The factory the route builds its server with: `f().connect(t)` or `const server = f(); server.connect(t)`. */
export function factoryOf(file: ServingFile, handler: ts.Node, transport: ts.NewExpression, inline = false): Factory {
  let connect: ts.CallExpression | undefined;
  // The name the transport is bound to (`const transport = new …` or `transport = new …`).
  const holder = transport.parent;
  const bound = holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name.text : holder && ts.isBinaryExpression(holder) && ts.isIdentifier(holder.left) ? holder.left.text : undefined;
  forEachDescendant(handler, (node) => {
    if (!connect && ts.isCallExpression(node) && calleeParts(node).name === CONNECT_METHOD && node.arguments.length === 1) {
      const arg = unwrap(node.arguments[0]!);
      const value = file.values.valueOf(arg);
      if (value?.kind === 'transport' || arg === transport || (bound && ts.isIdentifier(arg) && arg.text === bound)) connect = node;
    }
  });
  if (!connect) {
    const isTransport = (arg: ts.Node): boolean => arg === transport || (!!bound && ts.isIdentifier(arg) && arg.text === bound) || file.values.valueOf(arg)?.kind === 'transport';
    const helper = helperConnection(handler, isTransport, file.values);
    if (helper) {
      const helperFile = helper.fn.getSourceFile();
      // Where it is declared, by file: a line number would be moved by the markers inserted above it.
      const where = helperFile === file.sf ? 'declared in this file' : `declared in ${path.relative(path.dirname(file.sf.fileName), helperFile.fileName).split(path.sep).join('/')}`;
      throw new CannotRewrite(helperConnectionReason(helper, where), transport);
    }
    throw new CannotRewrite('no `server.connect(transport)` in the route: the server the transport serves is not found.', transport);
  }
  const receiver = unwrap(calleeParts(connect).receiver!);
  // What the session's server is built with, analysed once for both refusals.
  const connection = sessionConnection(file.values, connect);
  refuseStateHandedWithServer(file, connect, connection);
  refuseStateInFactory(file, connect, connection);
  return serverFactory(file, receiver, handler, connect, 'http', inline);
}

/**
 * Objects the route builds with each session's server and hands to the code that registers its tools, which write
 * into them (`registerTools(server, ctx)`, `ctx.state.token = …`: sweep 12 K4): state the session's calls leave for
 * each other. A server built per request would start them afresh on every call (a login begun in one call would be
 * gone in the next), so no factory is made until that state has another home.
 */
function refuseStateHandedWithServer(file: ServingFile, connect: ts.CallExpression, connection: SessionConnection | undefined): void {
  const handed = connection?.handedWith ?? [];
  if (handed.length === 0) return;
  const objects = handed.map(({ object }) => `\`${object.text}\``).join(', ');
  const helpers = [...new Set(handed.map(({ call }) => `\`${calleeParts(call).name ?? call.expression.getText(file.sf)}()\``))].join(', ');
  throw new CannotRewrite(
    `${objects} ${handed.length === 1 ? 'is' : 'are'} built with each session's server and handed with it to ${helpers}, whose tools write into ${handed.length === 1 ? 'it' : 'them'}: state one call leaves for the next, which a server built per request would start afresh on every call. Move that state to an explicit handle the tools take (minted by the tool that starts it, \`<noun>_id\`, checked against the caller) or key it by the caller's identity (authInfo), then build the server in a factory.`,
    connect,
    RULE_ID.perSessionServer,
  );
}

/**
 * State the session server's factory keeps for the session's calls, which `createMcpHandler(factory)` would start
 * afresh on every request:
 * - variables of the factory that its tools write and later calls read (`let initialized = false` set by a
 *   `session_init` tool and checked by every other one; a `const cart = new Map()` a tool fills): a gate that never
 *   opens, a cart that is always empty (sweep 13);
 * - objects its factory chain builds with the server whose fields change after they are built (browserbase's
 *   `new Context(…)` holding the session's browser and its active page): a new browser on every call, the page the
 *   last call opened gone.
 * Refused like the objects above; scan reports both (per-session-server).
 */
function refuseStateInFactory(file: ServingFile, connect: ts.CallExpression, connection: SessionConnection | undefined): void {
  if (!connection || connection.sse) return;
  const variables = connection.callState;
  // Objects of the factory chain whose fields change count when a function the factory registers changes them.
  const built = [...new Set([...connection.nested, ...connection.kept.filter((k) => !k.owner).map((k) => k.made)])];
  // And objects the route builds per session and hands to the factory (`createServer(new SessionManager())`, sweep 15 N1).
  const handed = connection.creation ? handedObjectsChangedByHandlers(file.values, connection.creation) : [];
  const made = objectsChangedByHandlers(file.values, built).filter((m) => !handed.includes(m));
  const objects = [...new Set(made.map((m) => `\`new ${m.expression.getText()}(…)\``))];
  const handedObjects = [...new Set(handed.map((m) => `\`new ${m.expression.getText()}(…)\``))];
  if (variables.length === 0 && objects.length === 0 && handedObjects.length === 0) return;
  const creation = connection.creation ? unwrap(connection.creation) : undefined;
  const called = creation && ts.isAwaitExpression(creation) ? unwrap(creation.expression) : creation;
  const factory = variables.length > 0 ? functionName(enclosingFunction(variables[0]!)) : called && ts.isCallExpression(called) ? called.expression.getText(file.sf) : undefined;
  const held = [
    ...(variables.length ? [`${andList(variables.map((name) => `\`${name.text}\``))}, written by what it registers`] : []),
    ...(objects.length ? [`${andList(objects)}, whose fields change after ${objects.length === 1 ? 'it is' : 'they are'} built`] : []),
    ...(handedObjects.length ? [`${andList(handedObjects)}, which the route builds per session and hands to it, and whose fields its tools change`] : []),
  ];
  // Each object where it is built: scan reports it there too, and the marker at the route says what to do.
  // One marker per object, however many routes build it (each route is marked at its own `connect`).
  for (const m of made) {
    file.markerAnywhere(m, RULE_ID.perSessionServer, `\`new ${m.expression.getText()}(…)\` is built with each session's server and its fields change after it is built: what it holds lives as long as the session, and a server built per request would build it afresh on every call. The serving code that builds a server per session is left as it is until that state has another home (marked at its \`connect\`).`);
  }
  for (const m of handed) {
    file.markerAnywhere(m, RULE_ID.perSessionServer, `\`new ${m.expression.getText()}(…)\` is built once per session and handed to the server's factory, whose tools change its fields: what it holds lives as long as the session. Built per request it would start afresh on every call; built once outside the route it would be shared by every client, its state mixed between them. The serving code is left as it is until that state has another home (marked at its \`connect\`).`);
  }
  throw new CannotRewrite(
    `the server's factory${factory ? ` \`${factory}()\`` : ''} keeps ${held.join(', and ')}: state one call leaves for the next, which lives as long as each session's server today and would start afresh on every call with a server built per request. Move that state to an explicit handle the tools take (minted by the tool that starts it, \`<noun>_id\`, checked against the caller) or key it by the caller's identity (authInfo); what holds nothing a later call needs can be made per request. Then serve with a factory.`,
    connect,
    RULE_ID.perSessionServer,
    undefined,
    // The factory the advice names: the project's own, when the route calls it bare (`createServer()`).
    called && ts.isCallExpression(called) && called.arguments.length === 0 && ts.isIdentifier(unwrap(called.expression)) ? (unwrap(called.expression) as ts.Identifier).text : undefined,
  );
}

/**
 * SDK 1.x's stateless idiom whose server is shared (built once, outside the route, and connected to each request's
 * transport: `sharedServerPerRequest`): on SDK 1.x, where the route stays as it is, the `connect` is made on a new
 * server from the factory instead (`await createServer().connect(transport)`), extracted as for the v2 rewrite.
 * Returns whether the route was changed; a route already building its server per request is left alone.
 */
export function serveNewServerPerRequest(file: ServingFile, handler: ts.Node, transport: ts.NewExpression): boolean {
  let connect: ts.CallExpression | undefined;
  forEachDescendant(handler, (node) => {
    if (!connect && ts.isCallExpression(node) && sharedServerPerRequest(file.values, node)) connect = node;
  });
  if (!connect) return false;
  const factory = factoryOf(file, handler, transport);
  const receiver = calleeParts(connect).receiver!;
  file.edit(receiver.getStart(file.sf), receiver.end, factory.call.startsWith('await ') ? `(${factory.call})` : factory.call);
  file.plan.notes!.push(`serving: ${file.relative()} — the server shared by every request → a new server per request (${factory.call}), SDK 1.x's stateless idiom`);
  return true;
}

/**
 * One server built at the module's top level (`const server = new McpServer(…)` and the statements registering on it)
 * and connected to a new transport in the route: SDK 1.x's README idiom for stateless Streamable HTTP, where every
 * request shares the one server (concurrent requests race on its transport). Its construction becomes
 * `function createServer() { …; return server; }` where it was (as for a stdio server: `extractFactory`, with the
 * same refusals: an exported server, a use outside its construction and the route's `connect`, work that must run
 * once), and the route builds a server per request from it (sweep 11 J2). One factory per file: a second route
 * connecting the same server reuses the one extracted, while its edit stands.
 */
function moduleServerFactory(file: ServingFile, decl: ts.VariableDeclaration, at: ts.Node): Factory {
  let known = extracted.get(decl);
  if (!known || !file.edits.includes(known.edit)) {
    const before = file.edits.length;
    known = { ...extractFactory(file, decl, statementOf(at)), edit: file.edits[before]! };
    extracted.set(decl, known);
  }
  // Top-level `await` among the moved statements makes the factory async: each server is then awaited where it is built.
  const { name, async } = known;
  // The server's own name is plumbing in the route too: its one use there is the `connect` the rewrite replaces.
  const serverName = (decl.name as ts.Identifier).text;
  // Where the last statement that moved into the factory was: what the factory reads when it runs (a schema `const`
  // declared between the server and its registrations) is declared above it there (review 34 X7).
  const edit = known.tail ?? known.edit;
  // An async factory comes from top-level `await` among the moved statements, so the module can await it there too.
  const keepInstance = (): void => {
    const list = decl.parent;
    const keyword = ts.isVariableDeclarationList(list) ? (list.flags & ts.NodeFlags.Const ? 'const' : list.flags & ts.NodeFlags.Let ? 'let' : 'var') : 'const';
    const line = `${keyword} ${serverName} = ${async ? 'await ' : ''}${name}();`;
    if (!edit.text.endsWith(`${line}\n`)) edit.text = `${edit.text}${line}\n`;
  };
  return { expression: name, call: `${async ? 'await ' : ''}${name}()`, names: [name, serverName], extracted: true, keepInstance };
}

/** Module-level servers whose construction a serving plan extracted into a factory, with the edit that wrote it. */
const extracted = new WeakMap<ts.VariableDeclaration, { name: string; async: boolean; edit: TextEdit; tail?: TextEdit }>();

/** The project class `initializer` constructs (`new BaseMCPServer()`) when it is neither an SDK server class nor a subclass of one (sweep 19 S1). */
function ownWrapperClass(file: ServingFile, initializer: ts.Expression): string | undefined {
  const inner = unwrap(initializer);
  if (!ts.isNewExpression(inner) || isServerKind(file.values.instanceOf(inner.expression, []))) return undefined;
  const decl = file.values.symbolOf(inner.expression)?.valueDeclaration;
  return decl && ts.isClassLike(decl) && !decl.getSourceFile().isDeclarationFile ? inner.expression.getText(file.sf) : undefined;
}

/** Why a server built elsewhere is not served as is: where one server should be built, per transport kind (stdio has no route). */
function notBuiltHere(kind: 'http' | 'stdio'): string {
  const where = kind === 'http' ? 'in the route' : 'where the stdio transport is connected';
  return `the server is not built ${where} by a factory function: extract its construction into \`function buildServer() { … return server; }\`.`;
}

/**
 * The factory `receiver` (the connected server) was built with. `scope` is where one server is built:
 * the route handler (once per request or session) or the function around a stdio `connect`. `inline`: the caller
 * replaces the whole route, so a server built inline in it may become a factory of its own (inline-server-factory.ts).
 */
export function serverFactory(file: ServingFile, receiver: ts.Node, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio', inline = false): Factory {
  const source = ts.isIdentifier(receiver) ? serverSource(file, receiver, scope, at, kind) : { init: receiver };
  if ('factory' in source) return source.factory;
  const { init, picked } = source;
  // `playwrightMcp.createConnection(…)` with `import * as playwrightMcp from '@playwright/mcp'`: a package's factory too (review 35 B4).
  if (kind === 'http' && file.options.target === '2026-07-28' && ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression) && ts.isIdentifier(init.expression.expression)) {
    const namespace = file.values.symbolOf(init.expression.expression)?.declarations?.[0];
    const fromPackage = namespace && ts.isNamespaceImport(namespace) ? packageOfImport(file.values, namespace.parent) : undefined;
    if (fromPackage) throw new CannotRewrite(packageFactoryRefusal(init.expression.getText(file.sf), fromPackage), at, RULE_ID.perSessionServer);
  }
  if (ts.isCallExpression(init) && ts.isPropertyAccessExpression(init.expression)) {
    if (picked) throw new CannotRewrite(`the server is the \`${picked.property}\` of what a method returns (\`${init.getText(file.sf)}\`): make a factory that returns the server, then re-run.`, at, RULE_ID.perSessionServer);
    return methodFactory(file, init, scope, at, kind, receiver);
  }
  if (ts.isPropertyAccessExpression(init) && !picked) refuseFieldServer(file, init, scope, at, kind);
  if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression)) {
    // Where the caller replaces the whole route, the statements building the server become a factory of their own.
    const extracted = inline && kind === 'http' && ts.isIdentifier(receiver) && !picked ? inlineServerFactory(file, receiver, scope, at) : undefined;
    if (extracted) return extracted;
    refuseServerBuiltInPlace(file, receiver, scope, at, kind, inline);
  }
  return functionFactory(file, init, init.expression, picked, receiver, scope, at, kind);
}

/** What the server was built with, as `serverSource` finds it: the expression that built it, and the property taken from its result. */
interface ServerSource {
  init: ts.Node;
  /** `const { server } = createServerInstance()`: the factory's result holds the server under this property. */
  picked?: { property: string; awaited: boolean };
}

/**
 * Where the server the identifier `receiver` names was built: the expression (a call, a `new`, a field of an object built
 * in place) for `serverFactory` to read, or a factory this already knows (a factory being split, one returning the
 * server with its cleanup, a module-level server, one imported from a module of its own). Throws for a server built
 * outside `scope`, a destructuring taking more than the server, and a project class around the SDK server.
 */
function serverSource(file: ServingFile, receiver: ts.Identifier, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio'): ServerSource | { factory: Factory } {
  const decl = file.values.symbolOf(receiver)?.valueDeclaration;
  const split = decl && ts.isBindingElement(decl) && file.splits.some((s) => s.serverBindings.has(decl)) ? decl : undefined;
  if (split) {
    // `const { server, cleanup } = createServer()` of a factory being split: the server is `createServer()`.
    const holder = split.parent.parent as ts.VariableDeclaration;
    if (!isInside(holder, scope)) throw new CannotRewrite(notBuiltHere(kind), at, RULE_ID.perSessionServer);
    return { init: unwrap(holder.initializer!) };
  }
  if (decl && ts.isBindingElement(decl)) return destructuredServer(file, decl, scope, at, kind);
  if (kind === 'http' && decl && ts.isVariableDeclaration(decl) && decl.initializer && builtInPlace(file.values, decl.initializer) && statementOf(decl).parent === file.sf) {
    return { factory: moduleServerFactory(file, decl, at) };
  }
  if (decl && isImportedServer(file, decl)) {
    // The server exported from a module of its own (SDK 1.x's idiom on HTTP; a stdio entry importing the server its
    // HTTP entry shares, sweep 16 P1): that module exports a factory instead.
    const { name, async } = importedServerFactory(file, receiver, decl, at);
    return { factory: { expression: name, call: `${async ? 'await ' : ''}${name}()`, names: [name, receiver.text], extracted: true } };
  }
  const wrapper = decl && ts.isVariableDeclaration(decl) && decl.initializer ? ownWrapperClass(file, decl.initializer) : undefined;
  if (wrapper) {
    throw new CannotRewrite(`\`${receiver.text}\` is a \`${wrapper}\`, a class of the project's own around an SDK server, not the SDK server itself, and the serving entry's factory must return that server: write \`function buildServer() { return new ${wrapper}(…).<the field holding the SDK server>; }\` (when the class does nothing else per connection), then re-run.`, at, RULE_ID.perSessionServer);
  }
  const sharedFromFactory = decl && ts.isVariableDeclaration(decl) ? moduleServerFromFactory(file, receiver, decl, scope, at, kind) : undefined;
  if (sharedFromFactory) return { factory: sharedFromFactory };
  const sharedOnStdio = kind === 'stdio' && decl && ts.isVariableDeclaration(decl) ? stdioServerFromFactory(file, decl, scope) : undefined;
  if (sharedOnStdio) return { init: sharedOnStdio };
  if (decl && ts.isVariableDeclaration(decl) && !isInside(decl, scope)) refuseKeptServer(file, receiver, decl, scope, at, kind);
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !isInside(decl, scope)) throw new CannotRewrite(notBuiltHere(kind), at, RULE_ID.perSessionServer);
  return { init: unwrap(decl.initializer) };
}

/**
 * `let activeServer; … activeServer = createServer(); await activeServer.connect(transport)`: a factory the project has,
 * its server kept in a variable declared outside `scope` for other code (a shutdown handler closing it). Not rewritten:
 * that code would lose its server. The refusal names the factory and what else holds the variable (sweep 26 Z3: it said
 * to write a factory the project already had).
 */
function refuseKeptServer(file: ServingFile, receiver: ts.Identifier, decl: ts.VariableDeclaration, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio'): void {
  const symbol = file.values.symbolOf(receiver);
  const factory = assignmentsIn(file.values, scope, receiver)
    .map((right) => {
      const call = ts.isAwaitExpression(unwrap(right)) ? unwrap((unwrap(right) as ts.AwaitExpression).expression) : unwrap(right);
      return ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.arguments.length === 0 ? call.expression.text : undefined;
    })
    .find((name) => name !== undefined);
  if (!factory) return;
  const elsewhere = referencesByName(file.sf, receiver.text).filter((r) => r !== (decl.name as ts.Node) && !isInside(r, scope) && file.values.symbolOf(r) === symbol);
  const users = [...new Set(elsewhere.map((r) => functionName(enclosingFunction(r)) ?? 'code outside it'))].map((n) => (n === 'code outside it' ? n : `\`${n}()\``));
  const others = users.length ? ` \`${receiver.text}\` is also used by ${andList(users)} (to close the server on shutdown, say): close what ${kind === 'stdio' ? '`serveStdio`' : 'the handler'} returns there instead, then drop the variable.` : '';
  throw new CannotRewrite(`the server comes from the project's factory \`${factory}()\` and is kept in \`${receiver.text}\`, declared outside ${kind === 'stdio' ? 'the function connecting it' : 'the route'}.${others}`, at, RULE_ID.perSessionServer, undefined, factory);
}

/**
 * One server the module builds once with the project's own factory (`const mcpServer = createMcpServer(query)`) and the
 * route connects to each session's transport (sweep 31 AE1): every session shared that one instance (SDK 1.x's server
 * serves one transport at a time, the last one connected). The entry is given that factory, called as the module
 * called it, and the module's instance goes: only where connecting it in this route is all it is used for, it is not
 * exported, and the factory builds a new server on each call. Otherwise the refusal's marker names the factory.
 */
function moduleServerFromFactory(file: ServingFile, receiver: ts.Identifier, decl: ts.VariableDeclaration, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio'): Factory | undefined {
  if (kind !== 'http' || !decl.initializer || !ts.isIdentifier(decl.name)) return undefined;
  // At the module's top level, or a local of the block the route is registered in (`const server = createServer()` in
  // `main()`, then `app.post('/mcp', …)` there: sweep 33 AG1), where the route's new code still sees what the call reads.
  const container = statementOf(decl).parent;
  if (container !== file.sf && !(ts.isBlock(container) && isInside(scope, container) && !isInside(decl, scope))) return undefined;
  const list = decl.parent;
  if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return undefined;
  const init = unwrap(decl.initializer);
  if (!ts.isCallExpression(init) || !ts.isIdentifier(unwrap(init.expression))) return undefined;
  // The project's own function (a package's factory is refused as such by functionFactory), seen by the analysis.
  if (!file.values.calls.functionOfCall(init) && !packageOfImport(file.values, file.values.symbolOf(unwrap(init.expression))?.declarations?.[0])) return undefined;
  // Only where the instance is used for nothing but this route's `connect` (review 40b): what other code registers on
  // it or sends through it would be missing from the servers the entry builds (S40-1), another module importing it
  // would lose it (S40-2), and a factory handing back an instance it keeps is no factory at all (S40-4).
  const symbol = file.values.symbolOf(receiver);
  const uses = referencesByName(file.sf, receiver.text).filter((r) => r !== decl.name && file.values.symbolOf(r) === symbol);
  const connectedHere = (r: ts.Node): boolean => isInside(r, scope) && ts.isPropertyAccessExpression(r.parent) && r.parent.expression === r && r.parent.name.text === CONNECT_METHOD;
  if (list.declarations.length !== 1) return undefined;
  const call = init.getText(file.sf).replace(/\s+/g, ' ');
  const held = heldValueReturned(file, init);
  const builtWhere = container === file.sf ? 'at module level' : `in \`${functionName(enclosingFunction(decl)) ?? 'the enclosing function'}()\``;
  if (held) throw new CannotRewrite(`the server is built once ${builtWhere} by \`${call}\`, which hands back the instance it keeps (\`${held}\`), not a new server per call: make it build a new server each time, then serve the endpoint with it.`, at, RULE_ID.perSessionServer);
  // The same instance connected to stdio in the other branch of the entry (`else await server.connect(new
  // StdioServerTransport())`), or to an HTTP+SSE endpoint kept for 2025-era clients, is another serving entry, not a use
  // of the instance: the stdio rewrite serves it from the same factory (stdio.ts), and the instance stays for what still
  // connects it (AG1). One in code a rewrite of this file already replaced (an SSE endpoint --modern-only removed) is gone.
  const otherEntries = uses.filter((r) => !connectedHere(r) && !file.isReplaced(r) && connectsAnotherEntry(file, r));
  // `server.close()` in the function of another entry (a SIGINT hook beside the stdio `connect`) is that entry's: its
  // rewrite takes it (stdio: the serving handle's `close()`), or the instance stays for it (review 42 S42-5).
  const closesOfEntry = (r: ts.Identifier): boolean =>
    ts.isPropertyAccessExpression(r.parent) && r.parent.expression === r && r.parent.name.text === 'close' && ts.isCallExpression(r.parent.parent) && r.parent.parent.expression === r.parent &&
    otherEntries.some((entry) => {
      const fn = enclosingFunction(entry);
      return !!fn && isInside(r, fn);
    });
  const others = uses.filter((r) => !connectedHere(r) && !file.isReplaced(r) && !otherEntries.includes(r) && !closesOfEntry(r));
  const exported = container === file.sf && isExportedName(file.sf, decl);
  if (others.length > 0 || exported) {
    const where = [...new Set(others.map((r) => `\`${statementOf(r).getText(file.sf).split('\n')[0]!.trim().slice(0, 60)}\` (line ${file.line(r)})`))];
    const used = [...(exported ? ['exported for other modules'] : []), ...(where.length ? [`also used by ${andList(where)}`] : [])].join(' and ');
    throw new CannotRewrite(`the server is built once ${builtWhere} by the project's factory (\`${call}\`) and ${used}: a server per request from that factory would not have what that code adds to or takes from the shared instance. Move that code onto the server the factory builds (registrations into the factory; a shutdown hook closes the handler instead), then serve the endpoint with the factory.`, at, RULE_ID.perSessionServer, undefined, `() => ${call}`);
  }
  // An argument awaited where the instance is built (`createServer(await loadConfig())`): a closure cannot await it per
  // request, and the value is computed once there (review 42 S42-8).
  const awaited = init.arguments.find((arg) => containsAwait(arg));
  if (awaited) {
    throw new CannotRewrite(`the server is built once ${builtWhere} by \`${call}\`, whose argument \`${awaited.getText(file.sf).replace(/\s+/g, ' ')}\` is awaited there: compute it once before the endpoint (\`const config = ${awaited.getText(file.sf).replace(/\s+/g, ' ')};\`), then build each request's server from it.`, at, RULE_ID.perSessionServer, undefined, `() => ${(unwrap(init.expression) as ts.Identifier).text}(config)`);
  }
  const factory = functionFactory(file, init, unwrap(init.expression) as ts.Identifier, undefined, receiver, scope, at, kind);
  if (otherEntries.length === 0) file.remove(statementOf(decl), { keepComments: true });
  return { ...factory, names: [...factory.names, receiver.text] };
}

/**
 * `const server = createServer()` at the module's top level (or in a block around the function connecting it) and
 * `await server.connect(new StdioServerTransport())` in `main()`: the project's factory call, served with that factory
 * (sweep 33 AG1's module variant). Its other uses are the stdio rewrite's to judge (stdio.ts `fromFactory`: a `close()`
 * on shutdown, or a route an HTTP rewrite of this file already replaced); an exported instance is another module's too.
 */
function stdioServerFromFactory(file: ServingFile, decl: ts.VariableDeclaration, scope: ts.Node): ts.CallExpression | undefined {
  if (isInside(decl, scope) || !decl.initializer || !ts.isIdentifier(decl.name) || decl.getSourceFile() !== file.sf) return undefined;
  const list = decl.parent;
  if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const) || list.declarations.length !== 1) return undefined;
  const container = statementOf(decl).parent;
  if (container !== file.sf && !(ts.isBlock(container) && isInside(scope, container))) return undefined;
  if (container === file.sf && isExportedName(file.sf, decl)) return undefined;
  const init = unwrap(decl.initializer);
  if (!ts.isCallExpression(init) || !ts.isIdentifier(unwrap(init.expression)) || !file.values.calls.functionOfCall(init)) return undefined;
  return heldValueReturned(file, init) ? undefined : init;
}

/**
 * Whether the reference `ref` is the receiver of `ref.connect(transport)` with an SDK transport (stdio, HTTP+SSE,
 * Streamable HTTP): another serving entry connecting the same instance, which its own rewrite (or its marker) takes
 * care of.
 */
export function connectsAnotherEntry(file: ServingFile, ref: ts.Node): boolean {
  const access = ref.parent;
  if (!ts.isPropertyAccessExpression(access) || access.expression !== ref || access.name.text !== CONNECT_METHOD) return false;
  const call = access.parent;
  if (!ts.isCallExpression(call) || call.expression !== access || call.arguments.length !== 1) return false;
  const transport = file.values.valueOf(unwrap(call.arguments[0]!));
  return transport?.kind === 'transport' && !!transport.cls && (STDIO_TRANSPORTS.has(transport.cls) || SSE_TRANSPORTS.has(transport.cls) || STREAMABLE_HTTP_TRANSPORTS.has(transport.cls));
}

/** Whether the variable `decl` declares is exported: `export const`, an export list, `module.exports`/`exports.x`. */
function isExportedName(sf: ts.SourceFile, decl: ts.VariableDeclaration): boolean {
  const statement = statementOf(decl);
  if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
  const name = (decl.name as ts.Identifier).text;
  let exported = false;
  forEachDescendant(sf, (node) => {
    if (exported) return;
    if (ts.isExportSpecifier(node) && (node.propertyName ?? node.name).getText(sf) === name) exported = true;
    else if (ts.isExportAssignment(node) && ts.isIdentifier(node.expression) && node.expression.text === name) exported = true;
    else if (ts.isIdentifier(node) && node.text === name && /\b(?:module\.)?exports\b/.test(statementOf(node).getText(sf))) exported = true;
  });
  return exported;
}

/** The server a destructuring takes from what a factory returns (`const { server } = createServerInstance()`). */
function destructuredServer(file: ServingFile, decl: ts.BindingElement, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio'): ServerSource | { factory: Factory } {
  const only = serverAlone(decl);
  // `const { server, cleanup } = createMcpServer()` with the cleanup run when the session ends: the entry's factory
  // builds the pair and hands the cleanup to the server's `onclose` (the entry closes each instance after its request).
  const paired = only || kind !== 'http' ? undefined : serverWithCleanup(file, decl, scope);
  if (paired) return { factory: paired };
  if (!only || !isInside(only.holder, scope)) {
    const holder = decl.parent.parent;
    const list = ts.isVariableDeclaration(holder) && ts.isVariableDeclarationList(holder.parent) ? holder.parent : undefined;
    const keyword = list ? (list.flags & ts.NodeFlags.Const ? 'const ' : list.flags & ts.NodeFlags.Let ? 'let ' : 'var ') : '';
    const shown = list ? `\`${keyword}${holder.getText(file.sf).replace(/\s+/g, ' ')}\`` : 'a destructuring';
    throw new CannotRewrite(`the server factory returns more than the server (${shown}): make the factory return the server (cleanup in the server's \`onclose\`), then re-run (the factory is called once per request on HTTP, once per connection on stdio).`, at, RULE_ID.perSessionServer);
  }
  // Only the server is taken from what the factory returns: the entry's factory takes the same property.
  return { init: unwrap(only.holder.initializer!), picked: { property: only.property, awaited: isAwaitedInit(only.holder.initializer!) } };
}

/**
 * A server that is a field of an object (`notes.server`, `container.mcpServer`): never rewritten. Built in place with
 * its object, the entry's factory would build both; held by an object built elsewhere, it is one server shared by all.
 */
function refuseFieldServer(file: ServingFile, init: ts.PropertyAccessExpression, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio'): void {
  // `const notes = new NotesServer(folder); notes.server.connect(transport)`: a server built here with the object holding it,
  // once per request or session, not one server shared by all (sweep 23 W2).
  if (ts.isIdentifier(unwrap(init.expression))) {
    const holderDecl = file.values.symbolOf(unwrap(init.expression))?.valueDeclaration;
    const made = holderDecl && ts.isVariableDeclaration(holderDecl) && holderDecl.initializer && isInside(holderDecl, scope) ? unwrap(holderDecl.initializer) : undefined;
    if (made && ts.isNewExpression(made)) {
      const declared = classOf(file.values, made);
      // Named as the code names it; a class expression written in place is not pasted into the marker (review 36 R6).
      const named = ts.isIdentifier(made.expression) || ts.isPropertyAccessExpression(made.expression);
      const cls = named ? `a \`${made.expression.getText(file.sf)}\`` : 'an object of the project';
      const fields = declared ? fieldsChangedByCalls(file.values, declared).filter((field) => field !== init.name.text) : [];
      const factory = named ? `\`() => ${made.getText(file.sf).replace(/\s+/g, ' ')}.${init.name.text}\`` : `a function that builds it and returns its \`${init.name.text}\``;
      const where = kind === 'http' ? 'in the route' : 'in place';
      throw new CannotRewrite(
        fields.length > 0
          ? `the server is \`${init.getText(file.sf)}\`, the field of ${cls} built ${where} with it, whose calls change its other fields (${fields.map((f) => `\`this.${f}\``).join(', ')}): today each ${kind === 'http' ? 'session' : 'connection'} has its own, and a factory (${factory}) would build one per request, so what one call sets would be gone at the next. Keep that state behind an explicit handle a tool returns (or make it per request), then serve the entry with that factory.`
          : `the server is \`${init.getText(file.sf)}\`, the field of ${cls} built ${where} with it: the entry's factory builds both (${factory}; \`buildServer\` below).`,
        at,
        RULE_ID.perSessionServer,
      );
    }
  }
  // `container.mcpServer.connect(transport)`: one server held by an object and shared by every request (sweep 19 S4).
  const held = file.values.symbolOf(init.name)?.valueDeclaration;
  const created = held && (ts.isPropertyAssignment(held) || ts.isPropertyDeclaration(held)) && held.initializer && ts.isNewExpression(unwrap(held.initializer)) ? (unwrap(held.initializer) as ts.NewExpression) : undefined;
  // Named only when it is a class of the project's (its constructor registers what it serves); a bare SDK server gets
  // its registrations elsewhere (the holder's constructor, a `registerTools(…)`), which `new McpServer(…)` alone lacks.
  const built = created && !file.result.analysis.sdk.exportOf(created.expression) ? created : undefined;
  const make = built ? `\`() => ${built.getText(built.getSourceFile()).replace(/\s+/g, ' ')}\` builds one` : 'a function that builds one and returns it';
  throw new CannotRewrite(`the server is \`${init.getText(file.sf)}\`, one server held by an object and connected to ${kind === 'http' ? 'every request' : 'the connection'}, not built ${kind === 'http' ? 'in the route' : 'in place'}: the entry needs a factory that builds a new server each time (${make}; \`buildServer\` below).`, at, RULE_ID.perSessionServer);
}

/** A server built by code in place (`new McpServer(…)` and its registrations in the route), which no factory builds: refused, saying what to extract. */
function refuseServerBuiltInPlace(file: ServingFile, receiver: ts.Node, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio', inline: boolean): never {
  const where = kind === 'http' ? 'inline in the route' : 'in place';
  // Built from what the route computed from the request: a factory of its own would not see it.
  const locals = inline && kind === 'http' && ts.isIdentifier(receiver) ? routeLocalsBuildingServer(file, receiver, scope) : [];
  if (locals.length) {
    throw new CannotRewrite(`the server is built and configured inline in the route with ${andList(locals.map((n) => `\`${n}\``))}, which the route computes for each request: a factory at the module's top level would not see ${locals.length === 1 ? 'it' : 'them'}. \`createMcpHandler\` calls its factory once per request with that request's context: write \`function buildServer(ctx) { … return server; }\` reading ${locals.length === 1 ? 'it' : 'them'} from \`ctx.requestInfo\` (the request: \`headers.get()\`) or \`ctx.authInfo\`.`, at, RULE_ID.perSessionServer);
  }
  throw new CannotRewrite(`the server is built ${where}: extract its construction into \`function buildServer() { … return server; }\`.`, at, RULE_ID.perSessionServer);
}

/** The factory of a server built by a call of a function (`createServer(config)`), with the property taken from its result. */
function functionFactory(file: ServingFile, init: ts.CallExpression, callee: ts.Identifier, picked: ServerSource['picked'], receiver: ts.Node, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio'): Factory {
  const fnDecl = file.values.symbolOf(callee)?.valueDeclaration;
  // On HTTP the route runs per request: a factory declared in it is not one the handler can be given. stdio serves in place.
  if (kind === 'http' && fnDecl && isInside(fnDecl, scope)) {
    // `const createServer = SERVERS[req.params.slug]`: a factory looked up per request in a table of factories.
    const looked = ts.isVariableDeclaration(fnDecl) && fnDecl.initializer ? unwrap(fnDecl.initializer) : undefined;
    if (looked && ts.isElementAccessExpression(looked) && file.options.target !== 'stateless-v1') {
      const table = looked.expression.getText(file.sf);
      throw new CannotRewrite(`the server factory is picked per request (\`${callee.text} = ${looked.getText(file.sf)}\`), and \`createMcpHandler\` takes one factory, built once: make one handler per entry of \`${table}\` outside the route (or one handler whose factory reads the key from the request it is given, \`ctx.requestInfo\`) and hand each request to it; the route's own answers (an unknown key) stay.`, at, RULE_ID.sessionIdGenerator);
    }
    // `startNewSession(req, body, transports, buildServer)`: the factory is what the helper's callers hand it (sweep 26 Z6).
    if (ts.isParameter(fnDecl) && isFunctionLike(fnDecl.parent) && ts.isIdentifier(fnDecl.name)) {
      const passed = [...new Set(file.values.calls.argumentsFor(fnDecl).map(unwrap).filter(ts.isIdentifier).map((a) => a.text))];
      const owner = functionName(fnDecl.parent);
      const from = passed.length ? ` (its callers pass ${andList(passed.map((n) => `\`${n}\``))})` : '';
      throw new CannotRewrite(`the server factory is \`${fnDecl.name.text}\`, a parameter of ${owner ? `\`${owner}()\`` : 'the function serving the request'}${from}, which the entry cannot be given: it is chosen where the request is served.`, at, RULE_ID.perSessionServer, undefined, passed.length === 1 ? passed[0] : undefined);
    }
    throw new CannotRewrite('the server factory is declared inside the route.', at, RULE_ID.perSessionServer);
  }
  // A server built by a package's factory (`createServer` of @playwright/mcp): what it returns, on which SDK, and what each
  // instance keeps between calls are not this program's to read (sweep 21 U2, U3). Built on SDK 1.x it returns a server
  // createMcpHandler cannot serve; built per connection it may hold what a connection's calls share (a browser, its pages).
  const fromPackage = kind === 'http' && file.options.target === '2026-07-28' ? packageOfImport(file.values, fnDecl ?? file.values.symbolOf(callee)?.declarations?.[0]) : undefined;
  if (fromPackage) throw new CannotRewrite(packageFactoryRefusal(callee.text, fromPackage), at, RULE_ID.perSessionServer);
  const name = callee.text;
  // An async factory stays awaited where one server is built (the entries take a factory returning a promise).
  const awaited = ts.isIdentifier(receiver) ? isAwaited(file, receiver) : false;
  const build = (call: string) => `${awaited ? 'await ' : ''}${call}`;
  // The entries call the factory with the request's context (`factory({ era, … })`): handed on bare only when it takes
  // no parameter or is written for that context; otherwise a closure calls it as the code did, with no argument (a
  // parameter with a default, `options = { readOnly: true }`, would get the context instead of its default).
  if (picked) {
    // `() => createServerInstance().server`: what the route took from each result, as it took it.
    const argNames = init.arguments.length === 0 ? [] : factoryArgumentNames(file, init, scope, kind);
    if (!argNames) throw new CannotRewrite(`the server factory \`${name}\` is called with arguments computed where the server is built: compute them once into constants, so that the factory is a closure over them.`, at, RULE_ID.perSessionServer);
    const callText = init.getText(file.sf);
    const property = picked.awaited ? `(await ${callText}).${picked.property}` : `${callText}.${picked.property}`;
    return { expression: `${picked.awaited ? 'async ' : ''}() => ${property}`, call: property, names: [name, ...argNames] };
  }
  if (init.arguments.length === 0) {
    const bare = takesServingContext(file, init);
    return { expression: bare ? name : `() => ${name}()`, call: build(`${name}()`), names: [name] };
  }
  const argNames = factoryArgumentNames(file, init, scope, kind);
  if (!argNames) {
    if (kind === 'http') refuseRequestArguments(file, init, scope, at, name);
    const where = kind === 'http' ? 'in the route (per request or session)' : 'where the server is built';
    throw new CannotRewrite(`the server factory \`${name}\` is called with arguments computed ${where}: compute them once into constants${kind === 'http' ? ' outside the route' : ''}, so that the factory is a closure over them.`, at, RULE_ID.perSessionServer, undefined, containsAwait(init) ? undefined : `() => ${init.getText(file.sf)}`);
  }
  // Arguments built once (a shared store, a config object) are passed on by a closure the entry calls per request/connection.
  return { expression: `() => ${init.getText(file.sf)}`, call: build(init.getText(file.sf)), names: [name, ...argNames] };
}
/**
 * A server built by a method of an object (`await serverList.create()`, `deps.servers.build(config)`): the
 * entry gets a closure calling that method. The object must be a (dotted) name the entry can reach: on HTTP
 * one declared outside the route (shared by every request, as it was by every session); on stdio any.
 */
function methodFactory(file: ServingFile, init: ts.CallExpression, scope: ts.Node, at: ts.Node, kind: 'http' | 'stdio', receiver: ts.Node): Factory {
  let root: ts.Node = unwrap((init.expression as ts.PropertyAccessExpression).expression);
  while (ts.isPropertyAccessExpression(root)) root = unwrap(root.expression);
  const rootDecl = ts.isIdentifier(root) ? file.values.symbolOf(root)?.valueDeclaration : undefined;
  const text = init.getText(file.sf);
  // `wrapper.getMcpServer()` returning `this.server`: it builds nothing, so a closure calling it would hand every
  // request the one instance the object holds (sweep 18 R2; createMcpHandler throws on the second concurrent request).
  const held = heldValueReturned(file, init);
  if (held) {
    throw new CannotRewrite(`\`${text}\` returns the server its object holds (\`${held}\`), not a new one per call, so it is no factory: the entry needs a function that builds and returns a new server each time (what the code does before it: \`new McpServer(…)\` and what registers the tools on it), and serves with it.`, at, RULE_ID.perSessionServer);
  }
  // `this.createServer()` in a handler method: a method of the class the entry is mounted in (a closure keeps `this`).
  const ownMember = root.kind === ts.SyntaxKind.ThisKeyword && kind === 'http' && thisOwner(scope) ? thisMemberName(rootAccess(init)) : undefined;
  if (ownMember) {
    const argNames = init.arguments.length === 0 ? [] : factoryArgumentNames(file, init, scope, kind);
    if (!argNames) refuseRequestArguments(file, init, scope, at, text);
    if (!argNames) throw new CannotRewrite(`the server factory \`${text}\` is called with arguments computed in the route (per request or session): compute them once into fields, so that the factory is a closure over them.`, at, RULE_ID.perSessionServer, undefined, containsAwait(init) ? undefined : `() => ${text}`);
    const awaited = ts.isIdentifier(receiver) ? isAwaited(file, receiver) : false;
    return { expression: `() => ${text}`, call: `${awaited ? 'await ' : ''}${text}`, names: [ownMember, ...argNames] };
  }
  if (!rootDecl || (kind === 'http' && isInside(rootDecl, scope))) {
    const where = kind === 'http' ? 'an object the route builds' : 'an object mcp-migrate cannot follow';
    const fix = kind === 'http' ? 'build that object once outside the route, so that the factory is a closure over it' : 'write a function that builds the server (with that call) and registers its tools, and serve with it';
    throw new CannotRewrite(`the server is built by a method of ${where} (\`${text}\`): ${fix}.`, at, RULE_ID.perSessionServer, undefined, kind === 'http' ? `() => ${text}` : undefined);
  }
  const argNames = init.arguments.length === 0 ? [] : factoryArgumentNames(file, init, scope, kind);
  if (!argNames) {
    if (kind === 'http') refuseRequestArguments(file, init, scope, at, text);
    const where = kind === 'http' ? 'in the route (per request or session)' : 'where the server is built';
    throw new CannotRewrite(`the server factory \`${text}\` is called with arguments computed ${where}: compute them once into constants${kind === 'http' ? ' outside the route' : ''}, so that the factory is a closure over them.`, at, RULE_ID.perSessionServer, undefined, containsAwait(init) ? undefined : `() => ${text}`);
  }
  const awaited = ts.isIdentifier(receiver) ? isAwaited(file, receiver) : false;
  return { expression: `() => ${text}`, call: `${awaited ? 'await ' : ''}${text}`, names: [(root as ts.Identifier).text, ...argNames] };
}

/**
 * What the method `call` invokes returns when it only hands back a value it holds (`return this.server;`, a field, a
 * parameter or a module variable, possibly awaited): the text of that value; undefined when it builds or computes what it
 * returns (a `new`, a call), or when the method cannot be seen.
 */
function heldValueReturned(file: ServingFile, call: ts.CallExpression): string | undefined {
  // A local of the method holds what the method built (`const server = await this.factory(); …; return server;`); a
  // parameter, a field or an outer variable holds what was there before the call.
  // A parameter is what the caller built (`kit.install(new McpServer(…))`): not a held value. A field or variable the
  // method assigns before returning it (`this.server = new McpServer(…); …; return this.server;`) is built per call.
  const params = (fn: ts.FunctionLikeDeclaration) => new Set(fn.parameters.flatMap((p) => (ts.isIdentifier(p.name) ? [p.name.text] : [])));
  // A lazy singleton (`if (!instance) instance = new McpServer(…); return instance;`, `instance ??= …`) assigns only the
  // first time: it hands back the instance it keeps all the same (review 40b S40-4).
  const cachedOnce = (fn: ts.FunctionLikeDeclaration, n: ts.BinaryExpression, text: string): boolean => {
    if (n.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return true;
    for (let up: ts.Node | undefined = n.parent; up && up !== fn; up = up.parent) {
      if ((ts.isIfStatement(up) || ts.isConditionalExpression(up)) && new RegExp(`(?:^|[^\\w$.])${text.replace(/[.$]/g, '\\$&')}(?![\\w$])`).test((ts.isIfStatement(up) ? up.expression : up.condition).getText())) return true;
    }
    return false;
  };
  const assigned = (fn: ts.FunctionLikeDeclaration, text: string): boolean => {
    let found = false;
    if (fn.body) forEachDescendant(fn.body, (n) => {
      if (found || !ts.isBinaryExpression(n) || n.left.getText() !== text) return;
      const op = n.operatorToken.kind;
      if (op !== ts.SyntaxKind.EqualsToken && op !== ts.SyntaxKind.QuestionQuestionEqualsToken && op !== ts.SyntaxKind.BarBarEqualsToken) return;
      if (!cachedOnce(fn, n, text)) found = true;
    });
    return found;
  };
  const held = (fn: ts.FunctionLikeDeclaration, e: ts.Expression): boolean => {
    const inner = unwrap(ts.isAwaitExpression(unwrap(e)) ? (unwrap(e) as ts.AwaitExpression).expression : e);
    if (assigned(fn, inner.getText())) return false;
    if (ts.isIdentifier(inner)) return !localVariables(fn).has(inner.text) && !params(fn).has(inner.text);
    return ts.isPropertyAccessExpression(inner) && (inner.expression.kind === ts.SyntaxKind.ThisKeyword || (ts.isIdentifier(unwrap(inner.expression)) && !localVariables(fn).has((unwrap(inner.expression) as ts.Identifier).text) && !params(fn).has((unwrap(inner.expression) as ts.Identifier).text)));
  };
  const holding = (fn: ts.FunctionLikeDeclaration): string | undefined => {
    const returned = returnedExpressions(fn);
    return returned.length > 0 && returned.every((e) => held(fn, e)) ? returned[0]!.getText() : undefined;
  };
  const fn = file.values.calls.functionOfCall(call);
  if (fn) return holding(fn);
  // The object's class is not known here (`const wrapper = await Wrapper.create(…)`: the analysis has no Promise type to
  // await): the project's methods of that name, when it declares some and every one of them only hands a value back.
  const name = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : undefined;
  if (!name) return undefined;
  const methods: ts.FunctionLikeDeclaration[] = [];
  for (const sf of file.result.sourceFiles) {
    if (!sf.text.includes(name)) continue;
    forEachDescendant(sf, (node) => {
      if ((ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node)) && node.name && ts.isIdentifier(node.name) && node.name.text === name) methods.push(node);
    });
  }
  const found = methods.map(holding);
  return found.length > 0 && found.every((h) => h !== undefined) ? found[0] : undefined;
}

/** The variables a function declares in its body (not its parameters), nested functions' excluded. */
function localVariables(fn: ts.FunctionLikeDeclaration): Set<string> {
  const names = new Set<string>();
  const walk = (node: ts.Node): void => {
    if (isFunctionLike(node)) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) names.add(node.name.text);
    ts.forEachChild(node, walk);
  };
  if (fn.body) ts.forEachChild(fn.body, walk);
  return names;
}

/** The SDK's types for what an entry hands its factory (`createMcpHandler`, `serveStdio`): a parameter typed so takes it. */
const SERVING_CONTEXT_TYPE = /\bMcpRequestContext\b/;

/**
 * Whether the factory `call` invokes can be handed to an entry as it is: a project function with no parameter, or one
 * whose first parameter is typed as the entry's context. A function this analysis cannot see is not: a closure is.
 */
function takesServingContext(file: ServingFile, call: ts.CallExpression): boolean {
  const fn = file.values.calls.functionOfCall(call);
  if (!fn) return false;
  const first = fn.parameters[0];
  return !first || (!!first.type && SERVING_CONTEXT_TYPE.test(first.type.getText()));
}

/**
 * Refuses a factory fed values the route reads from its request (`createServer({ apiKey: req.auth.token })`, or through
 * `const auth = req.auth`): per-request credentials and data. The advice for other arguments computed in the route (compute
 * them once outside it) would hand one request's values, one user's key, to every request. `createMcpHandler` calls its
 * factory once per request with that request's context (`ctx.authInfo`: the `req.auth` of the auth middleware, which
 * `toNodeHandler` forwards; `ctx.requestInfo`: the request), so they are read from it. On SDK 1.x (`--target stateless-v1`)
 * the route builds a server per POST and reads them as it does now.
 */
function refuseRequestArguments(file: ServingFile, init: ts.CallExpression, scope: ts.Node, at: ts.Node, factory: string): void {
  // `buildServer(newId)` with the id the transport mints: a server per session, built around its id.
  const passed = file.result.analysis.sessions.passedTo.get(init);
  const sessionId = init.arguments.find((a, i) => passed?.has(i) || file.values.valueOf(a)?.kind === 'session-id');
  if (sessionId) {
    const id = sessionId.getText(file.sf);
    throw new CannotRewrite(
      `the server factory \`${factory}\` is handed the session id (\`${id}\`): each session builds its server around it, and what its tools key by that id is session state (marked where it is kept). A 2026-07-28 request has no session id: once that state travels as an explicit handle the tools take (\`<noun>_id\` from a \`create_<noun>\` tool), build the server without the id and serve it ${file.options.target === 'stateless-v1' ? 'per POST (a new server and a transport with `sessionIdGenerator: undefined`)' : `with \`createMcpHandler(${factory})\``}.`,
      at,
      RULE_ID.perSessionServer,
    );
  }
  const reads = requestReads(file, init, scope);
  if (!reads.length) return;
  const values = reads.map((r) => `\`${r}\``).join(', ');
  const never = "never hoist them out of the route into constants (one request's values, such as one user's credentials, would serve every request)";
  if (file.options.target === 'stateless-v1') {
    throw new CannotRewrite(`the server factory \`${factory}\` is called with values read from the request (${values}): ${never}; keep reading them in the route, for each POST.`, at, RULE_ID.perSessionServer, undefined, init.getText(file.sf));
  }
  throw new CannotRewrite(
    `the server factory \`${factory}\` is called with values read from the request (${values}): ${never}. \`createMcpHandler\` calls its factory once per request with that request's context: read them from it, \`ctx.authInfo\` (the \`AuthInfo\` the auth middleware put on \`req.auth\`, forwarded by \`toNodeHandler\`) or \`ctx.requestInfo\` (the request, a Web \`Request\`: \`headers.get()\`), and keep the auth middleware, and any answer to a request without auth, in front of the handler (it does no auth of its own).`,
    at,
    RULE_ID.perSessionServer,
    undefined,
    `(ctx) => ${factory}(…)`,
  );
}

/**
 * The arguments of `init` (the properties of an object literal, one by one) that read the request the route handler
 * `scope` was called with: one of its parameters, or a variable of the route computed from them (`const auth = req.auth`).
 */
function requestReads(file: ServingFile, init: ts.CallExpression, scope: ts.Node): string[] {
  if (!isFunctionLike(scope) || !scope.parameters.length) return [];
  const fromRequest = new Set<ts.Node>();
  const bind = (name: ts.BindingName, decl: ts.Node): void => {
    fromRequest.add(decl);
    if (!ts.isIdentifier(name)) forEachDescendant(name, (node) => ts.isBindingElement(node) && fromRequest.add(node));
  };
  for (const param of scope.parameters) bind(param.name, param);
  const reads = (node: ts.Node): boolean => [...freeNames(node).values()].some((id) => {
    const decl = file.values.symbolOf(id)?.valueDeclaration;
    return !!decl && fromRequest.has(decl);
  });
  // Variables computed from the request, and from those (`const auth = req.auth; const key = auth.token`), also
  // when assigned after their declaration (`let apiKey; apiKey = req.headers['x-api-key']`).
  for (let grew = true; grew; ) {
    grew = false;
    forEachDescendant(scope, (node) => {
      if (ts.isVariableDeclaration(node) && node.initializer && !fromRequest.has(node) && reads(node.initializer)) {
        bind(node.name, node);
        grew = true;
      } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && reads(node.right)) {
        const assigned = file.values.symbolOf(node.left)?.valueDeclaration;
        if (assigned && !fromRequest.has(assigned)) {
          fromRequest.add(assigned);
          grew = true;
        }
      } else if (ts.isCallExpression(node) && node.arguments.some(reads)) {
        // A variable of the route filled from the request by a call: `addFromHeaders(conns, configsFromHeaders(req))`,
        // `conns.load(req.headers)` (MySQL_MCP's connections from the client's X-MySQL-* headers, sweep 29 AC1).
        // Only what the call can change: a logger's call beside a request read (`console.debug('…', req.ip, conns)`)
        // fills nothing (review 39 R8).
        const callee = unwrap(node.expression);
        const filled = [...node.arguments, ...(ts.isPropertyAccessExpression(callee) ? [callee.expression] : [])].map((a) => unwrap(a));
        for (const target of filled) {
          if (!ts.isIdentifier(target) || reads(target) || !callChanges(file.values, node, target)) continue;
          const decl = file.values.symbolOf(target)?.valueDeclaration;
          if (decl && ts.isVariableDeclaration(decl) && isInside(decl, scope) && !fromRequest.has(decl)) {
            bind(decl.name, decl);
            grew = true;
          }
        }
      }
    });
  }
  const parts = init.arguments.flatMap((arg) => {
    const inner = unwrap(arg);
    return ts.isObjectLiteralExpression(inner) ? inner.properties.map((p) => (ts.isPropertyAssignment(p) ? p.initializer : p)) : [arg];
  });
  return parts.filter(reads).map((part) => part.getText(file.sf));
}

/**
 * The class member whose `this` the route handler `scope` sees: the handler itself when it is a method, or, for an
 * arrow function (a route registered inside a method, `app.post('/mcp', async (req, res) => { this.build() })`), the
 * member around it, through arrows only (a `function` has its own `this`).
 */
function thisOwner(scope: ts.Node): ReturnType<typeof memberOfFunction> {
  let fn: ts.Node | undefined = scope;
  while (fn && isFunctionLike(fn)) {
    const member = memberOfFunction(fn);
    if (member || !ts.isArrowFunction(fn)) return member;
    fn = enclosingFunction(fn.parent);
  }
  return undefined;
}

/**
 * The factory for `const { server, cleanup } = createMcpServer()` (example-remote-server's `McpServerWrapper`): a
 * closure building the pair, setting the cleanup as the server's `onclose` (after any `onclose` of its own), returning
 * the server. Only for a call of a project function with no argument whose returned object's server property is made
 * by `new` of an SDK server class, so that where `onclose` is (`server.onclose`, `server.server.onclose`) is known.
 */
function serverWithCleanup(file: ServingFile, binding: ts.BindingElement, scope: ts.Node): Factory | undefined {
  const pattern = binding.parent;
  const holder = pattern.parent;
  if (!ts.isObjectBindingPattern(pattern) || pattern.elements.length !== 2 || !ts.isVariableDeclaration(holder) || !holder.initializer || !isInside(holder, scope)) return undefined;
  const other = pattern.elements.find((e) => e !== binding)!;
  const property = (e: ts.BindingElement) => (e.dotDotDotToken || e.initializer || !ts.isIdentifier(e.name) ? undefined : e.propertyName ? (ts.isIdentifier(e.propertyName) ? e.propertyName.text : undefined) : e.name.text);
  const serverProperty = property(binding);
  const cleanupProperty = property(other);
  if (!serverProperty || !cleanupProperty) return undefined;
  // Both names are used only by the session code the entry replaces (a shutdown calling `cleanup()` would lose it).
  const usedOutside = [binding, other].some((e) => {
    const local = e.name as ts.Identifier;
    const symbol = file.values.symbolOf(local);
    return referencesByName(file.sf, local.text).some((r) => r !== local && file.values.symbolOf(r) === symbol && !isInside(r, scope));
  });
  if (usedOutside) return undefined;
  const awaited = isAwaitedInit(holder.initializer);
  const init = unwrap(ts.isAwaitExpression(unwrap(holder.initializer)) ? (unwrap(holder.initializer) as ts.AwaitExpression).expression : holder.initializer);
  if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.arguments.length > 0) return undefined;
  const fnDecl = file.values.symbolOf(init.expression)?.valueDeclaration;
  const fn = fnDecl && (ts.isFunctionDeclaration(fnDecl) ? fnDecl : ts.isVariableDeclaration(fnDecl) && fnDecl.initializer && isFunctionLike(unwrap(fnDecl.initializer)) ? (unwrap(fnDecl.initializer) as ts.FunctionLikeDeclaration) : undefined);
  if (!fn) return undefined;
  // The class of the server the factory returns under that property: an SDK server made by `new` in the factory.
  const classes = returnedExpressions(fn).map((e) => {
    const object = unwrap(e);
    if (!ts.isObjectLiteralExpression(object)) return undefined;
    const prop = object.properties.find((p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isIdentifier(p.name) && p.name.text === serverProperty);
    const value = prop && (ts.isShorthandPropertyAssignment(prop) ? prop.name : unwrap(prop.initializer));
    const decl = value && ts.isIdentifier(value) ? file.values.symbolOf(value)?.valueDeclaration : undefined;
    const made = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : value;
    return made && ts.isNewExpression(made) ? file.result.analysis.sdk.exportOf(made.expression)?.name : undefined;
  });
  if (classes.length === 0 || classes.some((c) => !c || c !== classes[0])) return undefined;
  const high = HIGH_LEVEL_SERVER_CLASSES.has(classes[0]!);
  if (!high && !LOW_LEVEL_SERVER_CLASSES.has(classes[0]!)) return undefined;
  const name = init.expression.text;
  const target = high ? 'server.server' : 'server';
  const bind = serverProperty === 'server' && cleanupProperty === 'cleanup' ? '{ server, cleanup }' : `{ ${serverProperty === 'server' ? 'server' : `${serverProperty}: server`}, ${cleanupProperty === 'cleanup' ? 'cleanup' : `${cleanupProperty}: cleanup`} }`;
  // The entry closes every instance it builds (`close()`), but `onclose` fires only for one it connected (not for a
  // `subscriptions/listen` or a rejected request): the cleanup runs once, on whichever comes first (session 33 review
  // W10). An `onclose` the factory sets itself still runs, before it.
  const ownOnclose = /\bonclose\b/.test(fn.getText());
  const hook = ownOnclose ? `const onclose = ${target}.onclose; ${target}.onclose = () => { onclose?.(); once(); };` : `${target}.onclose = once;`;
  const once = 'let cleaned = false; const once = () => { if (!cleaned) { cleaned = true; cleanup(); } };';
  const close = 'const close = server.close.bind(server); server.close = async () => { try { await close(); } finally { once(); } };';
  const expression = `${awaited ? 'async ' : ''}() => { const ${bind} = ${awaited ? 'await ' : ''}${name}(); ${once} ${hook} ${close} return server; }`;
  // Made by this rewrite (the project's factory returns the pair): a refusal's advice does not name it as the project's.
  return { expression, call: `${awaited ? 'await ' : ''}(${expression})()`, names: [name], extracted: true };
}

/**
 * `const { server } = f()` (or `{ server: s }`, awaited or not): the declaration and the property, when the pattern
 * takes the server alone (no other name, no rest, no default), so the rest of what `f` returns was never used here.
 */
function serverAlone(binding: ts.BindingElement): { holder: ts.VariableDeclaration; property: string } | undefined {
  const pattern = binding.parent;
  const holder = pattern.parent;
  if (!ts.isObjectBindingPattern(pattern) || pattern.elements.length !== 1 || !ts.isVariableDeclaration(holder) || !holder.initializer) return undefined;
  if (binding.dotDotDotToken || binding.initializer || !ts.isIdentifier(binding.name)) return undefined;
  const property = binding.propertyName ? (ts.isIdentifier(binding.propertyName) ? binding.propertyName.text : undefined) : binding.name.text;
  if (!property) return undefined;
  return ts.isCallExpression(unwrap(holder.initializer)) ? { holder, property } : undefined;
}

function isAwaitedInit(init: ts.Expression): boolean {
  let current: ts.Expression = init;
  while (ts.isParenthesizedExpression(current)) current = current.expression;
  return ts.isAwaitExpression(current);
}

/** Whether the server `id` names was declared as `const server = await factory(…)`. */
function isAwaited(file: ServingFile, id: ts.Identifier): boolean {
  const decl = file.values.symbolOf(id)?.valueDeclaration;
  return !!decl && ts.isVariableDeclaration(decl) && !!decl.initializer && isAwaitedInit(decl.initializer);
}

/**
 * The names `init`'s arguments use, when they may be evaluated where the entry builds a server. On stdio any
 * argument without `await` (one connection per process: evaluated once, as before). On HTTP each must be a
 * literal or a (dotted) name declared outside the route (shared by every request, as it was by every
 * session); a call or `new` would run once per request: undefined.
 */
function factoryArgumentNames(file: ServingFile, init: ts.CallExpression, scope: ts.Node, kind: 'http' | 'stdio'): string[] | undefined {
  const names: string[] = [];
  if (kind === 'stdio') {
    let awaits = false;
    forEachDescendant(init, (node) => {
      if (ts.isAwaitExpression(node)) awaits = true;
    });
    return awaits ? undefined : [...freeNames(init).keys()];
  }
  // A literal, a (dotted) name declared outside the route, or an object or array literal made of those
  // (`{ debug: false }`, `{ store, name: 'notes' }`): the same value whenever the entry evaluates it.
  const constant = (node: ts.Node): boolean => {
    let root: ts.Node = unwrap(node);
    if (ts.isStringLiteralLike(root) || ts.isNumericLiteral(root) || [ts.SyntaxKind.TrueKeyword, ts.SyntaxKind.FalseKeyword, ts.SyntaxKind.NullKeyword].includes(root.kind)) return true;
    if (ts.isPrefixUnaryExpression(root) && root.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(root.operand)) return true;
    if (ts.isObjectLiteralExpression(root)) {
      return root.properties.every((p) =>
        ts.isPropertyAssignment(p) ? !ts.isComputedPropertyName(p.name) && constant(p.initializer) : ts.isShorthandPropertyAssignment(p) ? constant(p.name) : ts.isSpreadAssignment(p) && constant(p.expression),
      );
    }
    if (ts.isArrayLiteralExpression(root)) return root.elements.every((e) => constant(ts.isSpreadElement(e) ? e.expression : e));
    while (ts.isPropertyAccessExpression(root)) root = unwrap(root.expression);
    if (!ts.isIdentifier(root)) return false;
    // `undefined` is a name too, declared by the compiler's lib (no declaration in the project is fine for it).
    const decl = file.values.symbolOf(root)?.valueDeclaration;
    if (root.text === 'undefined' && !decl) return true;
    if (!decl || isInside(decl, scope)) return false;
    names.push(root.text);
    return true;
  };
  return init.arguments.every(constant) ? names : undefined;
}

/** The `this.x` access a member call chain starts from (`this.servers` of `this.servers.create()`). */
function rootAccess(call: ts.CallExpression): ts.Node {
  let node: ts.Node = unwrap(call.expression);
  while (ts.isPropertyAccessExpression(node) && unwrap(node.expression).kind !== ts.SyntaxKind.ThisKeyword) node = unwrap(node.expression);
  return node;
}

function packageFactoryRefusal(factory: string, pkg: string): string {
  return `the server is built by \`${factory}\` from the package ${pkg}, which mcp-migrate does not read: whether it returns an SDK v2 server (one built on SDK 1.x cannot be served by \`createMcpHandler\`) and whether each server keeps something between the calls of a connection (a browser and its pages, a login) cannot be told. Check both in that package (move to a version of it on SDK v2; give what its servers keep an explicit handle), then serve the endpoint statelessly.`;
}

/** Whether `node` awaits (or yields) outside any function nested in it. */
function containsAwait(node: ts.Node): boolean {
  if (ts.isAwaitExpression(node) || ts.isYieldExpression(node)) return true;
  if (isFunctionLike(node)) return false;
  return ts.forEachChild(node, (child) => (containsAwait(child) ? true : undefined)) ?? false;
}
