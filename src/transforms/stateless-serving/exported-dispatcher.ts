/**
 * `--modern-only` on a sessionful Streamable HTTP handler that its module exports and other modules mount
 * (example-remote-server's `handleStreamableHTTP`, mounted by `router.get/post/delete('/mcp', cors(…), bearerAuth, …,
 * handleStreamableHTTP)` in another module): the handler keeps its name, its mounts and its own checks of the request,
 * and serves every request with `createMcpHandler(factory)` instead of finding, creating or relaying a session's
 * transport. Its mounts stay as they are: the entry answers GET and DELETE itself (405), so nothing in the mounting
 * module changes.
 *
 * What stays of the handler's body: the request checks before the transport is made (an `if` that answers and
 * returns, reading only the request and what it computed from it: `if (!userId) return res.status(401)…`, with those
 * locals), a `try` around them with its `catch` (the handler's own error answer), and nothing else: every other
 * statement must be session plumbing (the session header, the transport, the SDK, the server factory, logging, and
 * project functions handed the session id or the transport: a session lookup, an ownership record, a relay to the
 * session's server on another instance). A log line kept with a check loses the properties that named what went (the
 * session id). Anything else is a reason, and the handler keeps its marker.
 *
 * Only with `--modern-only` on 2026-07-28: by default the handler's sessions serve 2025-era clients, which a stateless
 * entry would not do as they were served.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isFunctionLike, isInside, outermostWrapper, statementOf, unwrap } from '../../analysis/ast.js';
import { routesOf } from '../../analysis/routes.js';
import { SESSION_HEADER } from '../../analysis/http-requests.js';
import { indentAt } from '../kit/source-style.js';
import { BOILERPLATE_GLOBALS, checkBoilerplate, registryUsesOutside, transportOptionsOf } from './eligibility.js';
import { loopClosesEntry, rewriteSessionCounts } from './registry-leftovers.js';
import { addEntryImports, createHandlerDeclaration, entryOptions, errorLogging, handlerClose } from './entry-code.js';
import { factoryOf } from './server-factory.js';
import { adviceFactory } from './factory.js';
import type { ServingFile } from './serving-file.js';
import { servingSite } from './serving-site.js';
import { handlerName, importedUses, isExported } from './sse-handler-calls.js';
import { TEST_MODULE } from './module-reach.js';
import { answersAndReturns, isLogging, localsNeededBy, readsRequestOnly } from './request-guards.js';
import { makesCalls } from './syntax-queries.js';
import { freeNames, isReference, loggerNames, replacementOf } from './text.js';
import type { SessionStore } from '../../analysis/session-flow.js';

const MOUNT_METHODS = new Set(['post', 'get', 'delete', 'all']);

/**
 * Plans the rewrite of the exported handler `fn` creating `transports`; true when planned, a reason when it is not
 * rewritten, undefined when this shape does not apply (the caller refuses as before).
 */
export function planExportedDispatcher(file: ServingFile, fn: ts.FunctionLikeDeclaration, transports: readonly ts.NewExpression[]): true | { why: string; factory?: string } | undefined {
  const holder = ts.isFunctionDeclaration(fn) ? fn : statementOf(fn);
  const named = handlerName(holder);
  if (!named || !isExported(holder, named)) return undefined;
  if (!file.options.modernOnly || file.options.target !== '2026-07-28' || file.v1Idiom) return undefined;
  const first = transports[0]!;
  if (transports.length > 1) return { why: 'the handler creates more than one transport' };
  const [reqParam, resParam] = fn.parameters;
  if (!fn.body || !ts.isBlock(fn.body) || !reqParam || !resParam || !ts.isIdentifier(reqParam.name) || !ts.isIdentifier(resParam.name)) return { why: 'the handler is not a function of (req, res) with a block body' };
  const req = reqParam.name.text;
  const res = resParam.name.text;
  // The handler keeps its name and its `(req, res)` signature, so whatever mounts or calls it (routes in other modules,
  // tests handing it mocks) still does; the routes mounting it are named in the note.
  if (!nodeHandlerParameters(reqParam, resParam)) return { why: 'its parameters are not typed as an express or node:http request and response' };
  const site = servingSite(file);
  const outside = importedUses(site, holder, named);
  const mounts = 'uses' in outside ? outside.uses.filter((use) => mountedBy(file, use)) : [];
  const options = transportOptionsOf(first);
  if (!options.sessionIdGenerator || file.values.isUndefinedValue(options.sessionIdGenerator)) return undefined;
  const factory = factoryOf(file, fn, first);
  // A factory bound by `const` below the handler is not there yet where the entry is declared (above the handler).
  const late = factory.names.find((name) => file.sf.statements.some((st) => st.pos > holder.pos && ts.isVariableStatement(st) && st.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)));
  if (late) return { why: `the factory \`${late}\` is declared below the handler, where the entry declared above it cannot reach it yet` };
  // The module's session registries the handler fills and reads go with it, when nothing else needs them.
  const registries = file.registriesOf([fn]);
  const kept = keptStatements(file, fn, first, req, res, registries);
  const advice = adviceFactory(factory);
  if (typeof kept === 'string') return { why: kept, ...(advice ? { factory: advice } : {}) };
  // What stays (the checks, the `catch`) must not name what goes, apart from log properties that go with it.
  const keptRoots = [...kept.statements, ...(kept.tryStatement?.catchClause ? [kept.tryStatement.catchClause] : [])];
  const stale = keptRoots.flatMap((root) => staleLogProperties(file, root, kept.gone));
  const dangling = keptRoots.map((root) => danglingName(root, kept.gone, stale)).find((n) => n);
  if (dangling) return { why: `the code that stays (its request checks, its \`catch\`) names \`${dangling.text}\`, which goes with the sessions`, ...(advice ? { factory: advice } : {}) };
  // Session plumbing: what the project hands the session id or the transport (a lookup, an ownership record, a relay).
  const transportNames = boundNames(first);
  const plumbing = sessionPlumbing(file, fn, transportNames);
  const keptNames = keptRoots.flatMap((s) => [...freeNames(s).keys()]);
  const allowed = new Set([...BOILERPLATE_GLOBALS, ...file.sdkNames, ...factory.names, req, res, ...plumbing, ...keptNames, ...loggerNames(fn), ...registries.map((r) => r.name)]);
  checkBoilerplate(file, fn, allowed, 'the MCP handler', [...kept.statements, ...(kept.tryStatement?.catchClause ? [kept.tryStatement.catchClause] : [])], { factory: adviceFactory(factory) });
  const { loops, counts } = registryUsesOutside(file, registries, [fn], allowed);
  const handler = writeRewrite(file, fn, holder, first, kept, factory.expression, req, res, stale);
  file.removeRegistries(registries);
  for (const loop of loops) {
    if (loopClosesEntry(loop, holder.parent)) file.edit(loop.getStart(file.sf), loop.end, handlerClose(loop, handler));
    else file.remove(loop);
  }
  rewriteSessionCounts(file, counts, []);
  const gone = [...plumbing].filter((n) => !factory.names.includes(n) && !BOILERPLATE_GLOBALS.has(n)).sort();
  const where = mounts.length ? ` (mounted by ${[...new Set(mounts.map((u) => `\`${file.result.relative(u.getSourceFile().fileName)}\``))].join(', ')})` : '';
  // Tests that call it with mocks test its sessions (an initialize, then a request with the session header).
  const tests = 'uses' in outside ? [...new Set(outside.uses.filter((u) => TEST_MODULE.test(u.getSourceFile().fileName)).map((u) => `\`${file.result.relative(u.getSourceFile().fileName)}\``))] : [];
  if (tests.length) file.plan.notes!.push(`serving: ${tests.join(', ')} call${tests.length === 1 ? 's' : ''} \`${named.text}\` directly: what ${tests.length === 1 ? 'it tests' : 'they test'} of its sessions (an initialize, a session id, a reused transport) no longer exists; test one request at a time instead`);
  file.plan.notes!.push(`serving: ${file.relative()} — \`${named.text}\`${where} → createMcpHandler(${factory.expression}) (modern-only (legacy: 'reject')); its mounts stay${kept.statements.length ? ', and so do its own checks of the request' : ''}${gone.length ? `; the session plumbing it called (${gone.map((n) => `\`${n}\``).join(', ')}) is no longer called by it: remove what nothing else uses` : ''}`);
  return true;
}

/** Untyped parameters, or typed as express's or node:http's request and response (what `toNodeHandler` is handed). */
function nodeHandlerParameters(req: ts.ParameterDeclaration, res: ts.ParameterDeclaration): boolean {
  const fits = (p: ts.ParameterDeclaration, pattern: RegExp) => !p.type || pattern.test(p.type.getText());
  return fits(req, /^(?:express\.)?(?:Request|IncomingMessage|http\.IncomingMessage)\b/) && fits(res, /^(?:express\.)?(?:Response|ServerResponse|http\.ServerResponse)\b/);
}

/** Whether `use` is the last argument of an express route registration (`router.post('/mcp', auth, handler)`). */
function mountedBy(file: ServingFile, use: ts.Identifier): boolean {
  const arg = outermostWrapper(use);
  const call = arg.parent;
  if (!call || !ts.isCallExpression(call) || call.arguments[call.arguments.length - 1] !== arg) return false;
  return routesOf(use.getSourceFile(), file.values).some((r) => r.call === call && r.framework === 'express' && MOUNT_METHODS.has(r.method));
}

interface Kept {
  /** The request checks and the locals they read, in order. */
  statements: ts.Statement[];
  /** The `try` around the transport, when the checks are in it: it stays with its `catch`. */
  tryStatement?: ts.TryStatement;
  /** The statement (of the body or of the `try` block) that holds the transport: the entry's call takes its place. */
  holding: ts.Statement;
  /** The names the dropped code declares and the registries it uses: what kept code must no longer name. */
  gone: Set<string>;
}

/**
 * The handler's own checks of the request before the transport is made, at the top of its body or of a `try` around
 * the rest: `if` statements without `else` that answer and return and read only the request and locals computed from
 * it, with those locals. Everything else of the body goes, and must be session code (`droppable`); otherwise the
 * reason names the statement.
 */
function keptStatements(file: ServingFile, fn: ts.FunctionLikeDeclaration, transport: ts.Node, req: string, res: string, registries: readonly SessionStore[]): Kept | string {
  const body = fn.body as ts.Block;
  const top = body.statements.find((s) => isInside(transport, s));
  if (!top) return 'the transport is not made in the handler\'s body';
  const tryStatement = ts.isTryStatement(top) && isInside(transport, top.tryBlock) ? top : undefined;
  // A `finally` runs after the entry too, naming what went (session-timing logs): not kept as it is.
  if (tryStatement?.finallyBlock) return 'the `try` around the transport has a `finally` block, which mcp-migrate does not rewrite';
  const inner = tryStatement?.tryBlock.statements.find((s) => isInside(transport, s));
  const prelude = [...body.statements.slice(0, body.statements.indexOf(top)), ...(tryStatement && inner ? tryStatement.tryBlock.statements.slice(0, tryStatement.tryBlock.statements.indexOf(inner)) : [])];
  const params = [req, res];
  const loggers = loggerNames(fn);
  const locals = new Map<string, ts.VariableStatement>();
  const guards: ts.IfStatement[] = [];
  // A local assigned again later (`let transport = undefined; … transport = new …`) is not what its declaration says.
  const reassigned = new Set<string>();
  forEachDescendant(body, (n) => {
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment && ts.isIdentifier(n.left)) reassigned.add(n.left.text);
  });
  const session = sessionLocals(file, fn, registries.flatMap((r) => (r.declaration ? [r.declaration] : [])), transport);
  for (const statement of prelude) {
    if (ts.isVariableStatement(statement) && statement.declarationList.declarations.every((d) => d.initializer && ts.isIdentifier(d.name) && !reassigned.has(d.name.text) && readsRequestOnly(file, fn, d.initializer, params, locals))) {
      for (const d of statement.declarationList.declarations) locals.set((d.name as ts.Identifier).text, statement);
      continue;
    }
    if (ts.isIfStatement(statement) && !statement.elseStatement && readsRequestOnly(file, fn, statement.expression, params, locals) && answersAndReturns(file, statement.thenStatement, res, loggers)) guards.push(statement);
  }
  const needed = localsNeededBy(guards, locals);
  const statements = prelude.filter((s) => needed.has(s) || guards.includes(s as ts.IfStatement));
  const kept = new Set<ts.Node>([...statements, ...(tryStatement ? [tryStatement] : [])]);
  // Everything else of the body (and of the `try` block) goes: it must be session code, a log line, or a local that
  // computes nothing (sweep 12 K1's rule, as request-guards.ts keeps it: a check is never dropped with the sessions).
  const dropped = [...body.statements, ...(tryStatement ? tryStatement.tryBlock.statements : [])].filter((st) => !kept.has(st));
  const ctx: DropContext = { file, res, loggers, session };
  for (const statement of dropped) {
    const stuck = undroppable(ctx, statement, false);
    if (stuck) {
      const shown = ts.isIfStatement(stuck) ? `\`if (${stuck.expression.getText(file.sf).slice(0, 60)})\`` : `\`${stuck.getText(file.sf).split('\n')[0]!.slice(0, 60)}\``;
      return `the handler does more than serve its sessions in ${shown}, which mcp-migrate cannot keep as it is: move that work into middleware mounted in front of the handler, then re-run`;
    }
  }
  // What kept code must no longer name: what the dropped code declares, and the registries that go.
  const gone = new Set<string>(registries.map((r) => r.name));
  for (const statement of dropped) {
    forEachDescendant(statement, (n) => {
      if ((ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isFunctionDeclaration(n)) && n.name && ts.isIdentifier(n.name)) gone.add(n.name.text);
    });
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) gone.add(d.name.text);
  }
  return { statements, ...(tryStatement ? { tryStatement } : {}), holding: inner ?? top, gone };
}

interface DropContext {
  file: ServingFile;
  res: string;
  loggers: ReadonlySet<string>;
  session: ReadonlySet<ts.Node>;
}

/**
 * The first statement in `statement` that may not go with the sessions, or undefined. Session code may go: what reads
 * the session (its header, id, transport, the SDK, a registry, or a local computed from those), a log line, a local that
 * computes nothing, a function value whose body is session code (`onsessioninitialized`), and inside a branch that a
 * session test chose, the answers it writes. A check of the request that is not a session test, a header set on the
 * response, or any other call stays with the code.
 */
function undroppable(ctx: DropContext, statement: ts.Statement, inSessionBranch: boolean): ts.Statement | undefined {
  const { file, res, loggers } = ctx;
  const reads = (node: ts.Node) => readsSession(file, node, ctx.session);
  if (ts.isBlock(statement)) {
    for (const s of statement.statements) {
      const stuck = undroppable(ctx, s, inSessionBranch);
      if (stuck) return stuck;
    }
    return undefined;
  }
  if (ts.isIfStatement(statement)) {
    if (!reads(statement.expression)) return statement;
    return undroppable(ctx, statement.thenStatement, true) ?? (statement.elseStatement ? undroppable(ctx, statement.elseStatement, true) : undefined);
  }
  if (ts.isVariableStatement(statement)) {
    for (const d of statement.declarationList.declarations) {
      if (ctx.session.has(d)) continue;
      if (!d.initializer || reads(d.initializer)) continue;
      const init = unwrap(d.initializer);
      if (isFunctionLike(init)) {
        if (reads(init)) continue;
        return statement;
      }
      if (!makesCalls(init)) continue;
      return statement;
    }
    return undefined;
  }
  if (ts.isExpressionStatement(statement) || ts.isReturnStatement(statement)) {
    const expression = statement.expression && unwrap(statement.expression);
    if (!expression) return undefined;
    if (isLogging(expression, loggers) || reads(expression)) return undefined;
    // `res.status(400).json(…)` under a session test: the session routing's own answer.
    if (inSessionBranch && writesOn(expression, res)) return undefined;
    return statement;
  }
  return reads(statement) ? undefined : statement;
}

/** Whether `expression` is a call chain on the response (`res.status(400).json(…)`, `res.end()`). */
function writesOn(expression: ts.Node, res: string): boolean {
  let node = expression;
  if (ts.isAwaitExpression(node) || ts.isVoidExpression(node)) node = unwrap(node.expression);
  while (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) node = unwrap(node.expression.expression);
  return ts.isIdentifier(node) && node.text === res && node !== expression;
}


/**
 * The handler's locals that hold the session: declared or assigned from the session header, a session id (its value
 * kind: a callback's `sessionId` parameter, an id minted for the transport), the transport, an SDK value, a registry
 * or another such local — found to a fixed point. A local computed from the request alone, a loop variable or a
 * callback's other parameters are not.
 */
function sessionLocals(file: ServingFile, fn: ts.FunctionLikeDeclaration, registries: readonly ts.Node[], transport: ts.Node): Set<ts.Node> {
  // By declaration, not by name: a callback's `id` parameter is not the `id` of a JSON-RPC answer or another scope's.
  const session = new Set<ts.Node>(registries);
  const declarationOf = (id: ts.Identifier) => file.values.symbolOf(id)?.valueDeclaration;
  // What the transport is built with (`sessionIdGenerator: () => newSessionId`): the id minted for the session.
  forEachDescendant(transport, (n) => {
    const declaration = ts.isIdentifier(n) && isReference(n) ? declarationOf(n) : undefined;
    if (declaration && ts.isVariableDeclaration(declaration) && isInside(declaration, fn)) session.add(declaration);
  });
  const sources = new Map<ts.Node, ts.Node[]>();
  const add = (declaration: ts.Node, from: ts.Node) => sources.set(declaration, [...(sources.get(declaration) ?? []), from]);
  forEachDescendant(fn.body!, (n) => {
    if ((ts.isVariableDeclaration(n) || ts.isParameter(n)) && ts.isIdentifier(n.name)) {
      const kind = file.values.valueOf(n.name)?.kind;
      if (kind === 'session-id' || kind === 'transport') session.add(n);
      if (ts.isVariableDeclaration(n) && n.initializer) add(n, n.initializer);
    } else if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(n.left)) {
      const declaration = declarationOf(n.left);
      if (declaration) add(declaration, n.right);
    }
  });
  for (let grew = true; grew; ) {
    grew = false;
    for (const [declaration, froms] of sources) {
      if (session.has(declaration) || !froms.some((f) => readsSession(file, f, session))) continue;
      session.add(declaration);
      grew = true;
    }
  }
  return session;
}


/** Whether `node` reads the session: the session header, an SDK name, a session id or transport value, or a session local. */
function readsSession(file: ServingFile, node: ts.Node, session: ReadonlySet<ts.Node>): boolean {
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (file.values.headerAccessOf(n, SESSION_HEADER)) found = true;
    else if (ts.isIdentifier(n) && isReference(n)) {
      const kind = file.values.valueOf(n)?.kind;
      const declaration = file.values.symbolOf(n)?.valueDeclaration;
      found = (!!declaration && session.has(declaration)) || !!file.result.analysis.sdk.exportOf(n) || kind === 'session-id' || kind === 'transport';
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The names a transport construction is held in (`const transport = new …`, `transport = new …`). */
function boundNames(transport: ts.NewExpression): string[] {
  const holder = outermostWrapper(transport).parent;
  if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) return [holder.name.text];
  if (holder && ts.isBinaryExpression(holder) && ts.isIdentifier(holder.left)) return [holder.left.text];
  return [];
}

/**
 * The project functions and classes the handler hands the session id or the transport (`getShttpTransport(sessionId,
 * …)`, `isSessionOwnedBy(sessionId, userId)`, `redisRelayToMcpServer(id, transport)`, `new ServerRedisTransport(id)`):
 * bookkeeping of the session, which goes with it.
 */
function sessionPlumbing(file: ServingFile, fn: ts.FunctionLikeDeclaration, transportNames: readonly string[]): Set<string> {
  const names = new Set<string>();
  forEachDescendant(fn, (node) => {
    if (!ts.isCallExpression(node) && !ts.isNewExpression(node)) return;
    const callee = unwrap(node.expression);
    if (!ts.isIdentifier(callee)) return;
    const handed = (node.arguments ?? []).some((a) => {
      const arg = unwrap(a);
      return file.values.valueOf(arg)?.kind === 'session-id' || (ts.isIdentifier(arg) && transportNames.includes(arg.text));
    });
    if (handed) names.add(callee.text);
  });
  return names;
}

/** Writes the entry before the handler's declaration and the handler's body down to its checks and the entry's call. */
function writeRewrite(file: ServingFile, fn: ts.FunctionLikeDeclaration, holder: ts.Node, first: ts.NewExpression, kept: Kept, factory: string, req: string, res: string, stale: readonly ts.ObjectLiteralElementLike[]): string {
  const body = fn.body as ts.Block;
  const declIndent = indentAt(file.text, holder.getStart(file.sf));
  const handlerName = file.freshName('mcpHandler');
  const nodeHandlerName = file.freshName('mcpNodeHandler');
  // The handler's `catch` stays and answers what the entry throws; without one, its error logging becomes `onerror`.
  const options = entryOptions(file, transportOptionsOf(first), kept.tryStatement ? undefined : errorLogging(file, fn, declIndent + file.unit));
  const create = `${createHandlerDeclaration(handlerName, factory, options, declIndent, file.unit)}\n${declIndent}const ${nodeHandlerName} = toNodeHandler(${handlerName});`;
  // Before the declaration and the comments above it (they describe the handler).
  const comments = ts.getLeadingCommentRanges(file.text, holder.getFullStart()) ?? [];
  const at = comments.length ? comments[0]!.pos : holder.getStart(file.sf);
  file.insert(at, `${create}\n\n${declIndent}`);
  const keep = new Set<ts.Node>([...kept.statements, kept.holding, ...(kept.tryStatement ? [kept.tryStatement] : [])]);
  for (const statement of [...body.statements, ...(kept.tryStatement ? kept.tryStatement.tryBlock.statements : [])]) {
    if (!keep.has(statement)) file.remove(statement);
  }
  // In place of the statement holding the transport and the comments above it (they were about the sessions).
  const replacement = replacementOf(file.sf, kept.holding, `await ${nodeHandlerName}(${req}, ${res}, ${req}.body);`);
  file.edit(replacement.start, replacement.end, replacement.text);
  // A log line kept with a check, or in the `catch`, loses the properties naming what went (the session id, a local).
  removeProperties(file, stale);
  addEntryImports(file);
  return handlerName;
}

/**
 * In the logging calls under `root`, the properties of an object literal argument whose value names something that goes
 * (`{ sessionId, userId }` → `{ userId }`) or reads the session header: the line stays, without what no longer exists.
 */
function staleLogProperties(file: ServingFile, root: ts.Node, gone: ReadonlySet<string>): ts.ObjectLiteralElementLike[] {
  const loggers = loggerNames(root);
  const out: ts.ObjectLiteralElementLike[] = [];
  forEachDescendant(root, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const receiver = unwrap(node.expression.expression);
    if (!ts.isIdentifier(receiver) || !(receiver.text === 'console' || loggers.has(receiver.text))) return;
    for (const arg of node.arguments) {
      const object = unwrap(arg);
      if (!ts.isObjectLiteralExpression(object)) continue;
      for (const property of object.properties) if (names(property).some((n) => gone.has(n)) || readsSessionHeader(file, property)) out.push(property);
    }
  });
  return out;
}

/** The first identifier under `root` naming something in `gone`, outside the `stale` properties that go. */
function danglingName(root: ts.Node, gone: ReadonlySet<string>, stale: readonly ts.Node[]): ts.Identifier | undefined {
  let found: ts.Identifier | undefined;
  const visit = (n: ts.Node): void => {
    if (found || stale.includes(n)) return;
    if (ts.isIdentifier(n) && gone.has(n.text) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n)) found = n;
    ts.forEachChild(n, visit);
  };
  visit(root);
  return found;
}

/**
 * Removes properties from their object literals, keeping the commas right: a property followed by one that stays goes
 * up to it; a run of removed properties at the end goes from the end of the last one that stays (all of them: the lot).
 */
function removeProperties(file: ServingFile, properties: readonly ts.ObjectLiteralElementLike[]): void {
  const objects = new Set(properties.map((p) => p.parent as ts.ObjectLiteralExpression));
  for (const object of objects) {
    const all = [...object.properties];
    const removed = new Set(properties.filter((p) => p.parent === object));
    const lastKept = all.map((p, i) => (removed.has(p) ? -1 : i)).reduce((a, b) => Math.max(a, b), -1);
    for (let i = 0; i < all.length; i++) {
      if (!removed.has(all[i]!) || i > lastKept) continue;
      file.edit(all[i]!.getStart(file.sf), all[i + 1]!.getStart(file.sf), '');
    }
    if (lastKept < all.length - 1) {
      const from = lastKept >= 0 ? all[lastKept]!.end : all[0]!.getStart(file.sf);
      file.edit(from, all[all.length - 1]!.end, '');
    }
  }
}

function names(node: ts.Node): string[] {
  const out: string[] = [];
  if (ts.isShorthandPropertyAssignment(node)) out.push(node.name.text);
  forEachDescendant(node, (n) => {
    if (ts.isIdentifier(n) && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n)) out.push(n.text);
  });
  return out;
}

function readsSessionHeader(file: ServingFile, node: ts.Node): boolean {
  let found = false;
  forEachDescendant(node, (n) => {
    if (!found && file.values.headerAccessOf(n, SESSION_HEADER)) found = true;
  });
  return found;
}
