/**
 * What a route checks about the request before it serves MCP, and answers itself: an authentication gate
 * (`if (!auth?.startsWith('Bearer ')) return res.status(401).json(…)`, samuelhalff/msgraph-mcp, sweep 12 K1), a body
 * or content-type check. It is the project's own decision, not session plumbing: a rewrite that replaces the route
 * with the stateless entry keeps it in front of the entry (or refuses), never drops it.
 *
 * A guard is a top-level statement of the route handler (or of a `try` block around the rest), before the statement
 * that creates the transport:
 * - `if (condition) …` with no `else`, whose branch answers the request and returns: only response writes on the
 *   handler's response parameter (`res.status(401).json({…})`, a project helper that only writes an answer),
 *   logging, and `return`;
 * - whose condition reads the request (the handler's parameters), the guard's own locals and what the project declares
 *   outside the route (`API_KEY`, `verifyToken`), and nothing of the session: not the `Mcp-Session-Id` header, not
 *   the SDK (`isInitializeRequest`), no SDK value, no other local of the route (`sessionId`, `transport`);
 * - with the local declarations it reads, when those are computed from the request alone (`const auth =
 *   req.headers.authorization`).
 * A session check (`if (!sessionId || !transports[sessionId]) return res.status(400)…`) reads the session id or the
 * registry, so it is plumbing: it goes with the sessions, as before.
 */
import { ts } from '../../typescript.js';
import { forEachDescendant, isInside, unwrap } from '../../analysis/ast.js';
import { boundNames } from '../../analysis/declarations.js';
import { HTTP_RESPONSE_WRITES, SESSION_HEADER } from '../../analysis/http-requests.js';
import { onlyAnswers } from './eligibility.js';
import type { ServingFile } from './serving-file.js';
import { isReference, loggerNames } from './text.js';

export interface RequestGuards {
  /** The statements kept, in order: the guards and the locals they read. */
  statements: ts.Statement[];
  /** The handler's parameter names, as the guards use them (`req`, `res`; hono's `c`). */
  params: string[];
  /** The parameters as written, with their types (`req: AuthedRequest`): the guards may read what those types declare. */
  paramTexts: string[];
  /** The guards await something: the handler that keeps them stays `async`. */
  awaits: boolean;
}

/**
 * The request guards at the top of `handler`, before the statement holding `transport`; undefined when there are
 * none. Every other statement there must be session plumbing (it reads the session header, the registry, the SDK, a
 * local computed from those) or logging, which the rewrite may drop; anything else (a check written another way: an
 * `else`, a `throw`, `next(err)`, a destructured header, a local reassigned between checks) is `unknown`, and the
 * rewrite is refused rather than dropping it (sweep 12 K1's review).
 */
export function requestGuards(file: ServingFile, handler: ts.FunctionLikeDeclaration, transport: ts.Node, factoryStatements: ReadonlySet<ts.Node> = new Set()): (RequestGuards & { unknown?: undefined }) | { unknown: ts.Statement } | undefined {
  const body = handler.body;
  if (!body || !ts.isBlock(body)) return undefined;
  const params = handler.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));
  if (params.length === 0 || params.some((p) => p === undefined)) return undefined;
  const names = params as string[];
  // The response is the second parameter (express, node:http); hono's one context answers itself (`return c.json(…)`).
  const responder = names.length > 1 ? names[1]! : names[0]!;
  const end = body.statements.findIndex((s) => isInside(transport, s));
  const prelude = end < 0 ? [] : body.statements.slice(0, end);
  // `try { <checks>; …transport… } catch …`: the checks at the top of the `try` block count too, when nothing in them
  // can throw into the route's `catch` (no call, no `await`): lifted out of the `try`, a throw would escape it.
  const holder = body.statements[end];
  const inTry = new Set<ts.Statement>();
  if (holder && ts.isTryStatement(holder)) {
    const inner = holder.tryBlock.statements.findIndex((s) => isInside(transport, s));
    for (const statement of inner > 0 ? holder.tryBlock.statements.slice(0, inner) : []) {
      prelude.push(statement);
      inTry.add(statement);
    }
  }
  const loggers = loggerNames(handler);
  // Locals computed from the request alone: what a guard may read besides the parameters.
  const requestLocals = new Map<string, ts.VariableStatement>();
  const guards: ts.IfStatement[] = [];
  for (const statement of prelude) {
    // The statements building a server inline, which become the entry's factory (inline-server-factory.ts), and
    // fastify's `reply.hijack()`, which the entry's mount makes itself.
    if (factoryStatements.has(statement) || isHijack(statement, responder)) continue;
    if (inTry.has(statement) && mayThrow(statement)) {
      if (touchesSession(file, handler, statement, names, requestLocals) || isLogging(expressionOf(statement), loggers)) continue;
      return { unknown: statement };
    }
    if (ts.isVariableStatement(statement) && statement.declarationList.declarations.every((d) => d.initializer && readsRequestOnly(file, handler, d.initializer, names, requestLocals))) {
      // `const auth = req.headers.authorization`, `const { authorization } = req.headers`.
      for (const d of statement.declarationList.declarations) for (const name of boundNames(d.name)) requestLocals.set(name, statement);
      continue;
    }
    // `let transport;`: a declaration that computes nothing (what is assigned to it later is judged there).
    if (ts.isVariableStatement(statement) && statement.declarationList.declarations.every((d) => !d.initializer)) continue;
    if (ts.isIfStatement(statement) && !statement.elseStatement && readsRequestOnly(file, handler, statement.expression, names, requestLocals) && answersAndReturns(file, statement.thenStatement, responder, loggers)) {
      guards.push(statement);
      continue;
    }
    // Plumbing the rewrite replaces, or a log line: dropped with the session code, as before.
    if (touchesSession(file, handler, statement, names, requestLocals) || isLogging(expressionOf(statement), loggers)) continue;
    return { unknown: statement };
  }
  // A request local written again after its declaration (`if (!token) token = req.query.key`) is not what it was declared as.
  for (const [name, declared] of requestLocals) {
    let reassigned: ts.Statement | undefined;
    forEachDescendant(body, (n) => {
      if (!reassigned && ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment && ts.isIdentifier(n.left) && n.left.text === name && !isInside(n, declared)) {
        reassigned = body.statements.find((st) => isInside(n, st));
      }
    });
    if (reassigned) return { unknown: reassigned };
  }
  if (guards.length === 0) return undefined;
  const needed = localsNeededBy(guards, requestLocals);
  const statements = prelude.filter((s) => needed.has(s) || guards.includes(s as ts.IfStatement));
  let awaits = false;
  for (const statement of statements) forEachDescendant(statement, (n) => (awaits ||= ts.isAwaitExpression(n)));
  return { statements, params: names, paramTexts: handler.parameters.map((p) => p.getText()), awaits };
}

/** The declarations of the locals the guards read (their conditions and answers), and of the locals those read. */
export function localsNeededBy(guards: readonly ts.IfStatement[], locals: ReadonlyMap<string, ts.Statement>): Set<ts.Statement> {
  const needed = new Set<ts.Statement>();
  const need = (node: ts.Node): void =>
    forEachDescendant(node, (n) => {
      const local = ts.isIdentifier(n) ? locals.get(n.text) : undefined;
      if (local && !needed.has(local)) {
        needed.add(local);
        need(local);
      }
    });
  // The whole guard: its answer may name a local its condition does not read (`{ data: { requestId } }`).
  for (const guard of guards) need(guard);
  return needed;
}

/** `root` and every node below it (`forEachDescendant` leaves the root out: `req.headers['mcp-session-id']` is one). */
function forEachNode(root: ts.Node, visit: (node: ts.Node) => void): void {
  visit(root);
  forEachDescendant(root, visit);
}

/** The statement's expression, for an expression statement; undefined otherwise. */
function expressionOf(statement: ts.Statement): ts.Node | undefined {
  return ts.isExpressionStatement(statement) ? unwrap(statement.expression) : undefined;
}

/** A call or an `await` in the statement: something that may throw (a check in a `try` relies on its `catch`). */
function mayThrow(statement: ts.Statement): boolean {
  let found = false;
  forEachDescendant(statement, (n) => (found ||= ts.isCallExpression(n) || ts.isAwaitExpression(n) || ts.isThrowStatement(n)));
  return found;
}

/**
 * The statement reads the session or serves it: the `Mcp-Session-Id` header, an SDK name or value (one it builds
 * included), a session registry, or a local of the handler other than the request's own (the session id it read, the
 * transport it holds).
 */
function touchesSession(file: ServingFile, handler: ts.FunctionLikeDeclaration, statement: ts.Statement, params: readonly string[], requestLocals: ReadonlyMap<string, unknown>): boolean {
  let found = false;
  const registries = file.registriesOf([handler]);
  forEachNode(statement, (node) => {
    if (found) return;
    // The session header, or what builds an SDK value (`const server = buildServer()`: serving plumbing).
    if (file.values.headerAccessOf(node, SESSION_HEADER) || ((ts.isCallExpression(node) || ts.isNewExpression(node)) && file.values.valueOf(node))) {
      found = true;
      return;
    }
    if (!ts.isIdentifier(node) || !isReference(node) || params.includes(node.text) || requestLocals.has(node.text)) return;
    if (file.result.analysis.sdk.exportOf(node) || file.values.valueOf(node)) {
      found = true;
      return;
    }
    const declaration = file.values.symbolOf(node)?.valueDeclaration;
    if (!declaration) return;
    if (registries.some((r) => r.declaration === declaration)) found = true;
    // A local declared by an earlier statement of the handler (`sessionId`, `transport`): session code, unless the
    // statement declaring it is this one.
    else if (isInside(declaration, handler) && !isInside(declaration, statement)) found = true;
  });
  return found;
}

/**
 * `expression` reads the request and what the project declares outside the route (`API_KEY`, `verifyToken(auth)`),
 * and nothing of the session: no read of the session header, no SDK name (`isInitializeRequest(req.body)`), no SDK
 * value (a transport, a server), and no local of the handler but the request locals (`sessionId`, `transport`).
 */
export function readsRequestOnly(file: ServingFile, handler: ts.FunctionLikeDeclaration, expression: ts.Node, params: readonly string[], locals: ReadonlyMap<string, unknown>): boolean {
  let ok = true;
  forEachNode(expression, (node) => {
    if (!ok) return;
    if (file.values.headerAccessOf(node, SESSION_HEADER)) {
      ok = false;
      return;
    }
    if (!ts.isIdentifier(node) || !isReference(node)) return;
    if (params.includes(node.text) || locals.has(node.text)) return;
    if (file.result.analysis.sdk.exportOf(node) || file.values.valueOf(node)) {
      ok = false;
      return;
    }
    const declaration = file.values.symbolOf(node)?.valueDeclaration;
    // A local of the handler that is not a request local (what the session code computed), or a session registry.
    if (declaration && (isInside(declaration, handler) || file.registriesOf([handler]).some((r) => r.declaration === declaration))) ok = false;
  });
  return ok;
}

/** The branch writes an answer on `res` and returns: response writes, logging and `return` only, ending in a return. */
export function answersAndReturns(file: ServingFile, branch: ts.Statement, res: string, loggers: ReadonlySet<string>): boolean {
  const statements = ts.isBlock(branch) ? [...branch.statements] : [branch];
  const last = statements[statements.length - 1];
  if (!last || !ts.isReturnStatement(last)) return false;
  let answers = false;
  for (const statement of statements) {
    const expression = ts.isExpressionStatement(statement) ? statement.expression : ts.isReturnStatement(statement) ? statement.expression : undefined;
    if (ts.isReturnStatement(statement) && !expression) continue;
    if (!expression) return false;
    // `return void res.sendStatus(401)`: the answer, its value thrown away.
    let call = unwrap(expression);
    if (ts.isVoidExpression(call)) call = unwrap(call.expression);
    if (writesResponse(file, call, res)) answers = true;
    else if (!isLogging(call, loggers)) return false;
  }
  return answers;
}

/** `res.status(401).json({…})`, `res.sendStatus(403)`, hono's `c.json({…}, 401)`, or a project helper that only answers (`unauthorized(res)`). */
function writesResponse(file: ServingFile, node: ts.Node, res: string): boolean {
  if (!ts.isCallExpression(node)) return false;
  let current: ts.Expression = node;
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression) && (HTTP_RESPONSE_WRITES.has(current.expression.name.text) || current.expression.name.text === 'text')) {
    current = unwrap(current.expression.expression) as ts.Expression;
  }
  if (current !== node && ts.isIdentifier(current) && current.text === res) return true;
  // A helper of the project handed the response, whose body only writes an answer on it.
  if (ts.isIdentifier(node.expression) && node.arguments.some((a) => ts.isIdentifier(a) && a.text === res)) {
    const decl = file.values.symbolOf(node.expression)?.valueDeclaration;
    const fn = decl && (ts.isFunctionDeclaration(decl) ? decl : ts.isVariableDeclaration(decl) && decl.initializer && (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer)) ? decl.initializer : undefined);
    return !!fn && onlyAnswers(fn);
  }
  return false;
}


/** `logger.info(…)`, `console.warn(…)` (awaited or voided too): a logging method on a logger of the handler or the console. */
export function isLogging(node: ts.Node | undefined, loggers: ReadonlySet<string>): boolean {
  if (node && (ts.isAwaitExpression(node) || ts.isVoidExpression(node))) node = unwrap(node.expression);
  if (!node || !ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const root = unwrap(node.expression.expression);
  return ts.isIdentifier(root) && (root.text === 'console' || loggers.has(root.text));
}

/** `reply.hijack();` on the route's response: fastify hands the raw response over, as the entry's mount does again. */
function isHijack(statement: ts.Statement, responder: string): boolean {
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression) || statement.expression.arguments.length > 0) return false;
  const callee = statement.expression.expression;
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'hijack' && ts.isIdentifier(callee.expression) && callee.expression.text === responder;
}
