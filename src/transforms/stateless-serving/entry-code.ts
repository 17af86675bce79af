/**
 * The code a 2026-07-28 entry is written with: `const mcpHandler = createMcpHandler(factory, { … })` and its
 * options (what the replaced transport and route implied), how the request reaches it (`toNodeHandler`, with the
 * body a parser consumed), and the `close()` that replaces a shutdown loop. The route's own error logging becomes
 * `onerror` here, and the per-POST catch of `--target stateless-v1` (stateless-v1-code.ts) reuses it.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, statementOf, unwrap } from '../../analysis/ast.js';
import type { RouteFramework } from '../../analysis/routes.js';
import { TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { indentAt } from '../kit/source-style.js';
import type { ServingFile } from './serving-file.js';
import { entryNameClash } from './module-bindings.js';
import { CannotRewrite } from './refusal.js';
import { freeNames, isAsync, localNames, loggerNames, reindent } from './text.js';

const SERVER_MODULE = '@modelcontextprotocol/server';
const NODE_MODULE = '@modelcontextprotocol/node';

/**
 * The handler's options, in the order they are written: `legacy: 'reject'` with --modern-only, JSON responses when
 * the transport answered in JSON, the project's event bus, and the route's error logging (`onerror`, when given).
 */
export function entryOptions(file: ServingFile, transportOptions: Record<string, ts.Node>, onerror?: string): string[] {
  const options: string[] = [];
  if (file.options.modernOnly) options.push(`legacy: ${file.q('reject')}`);
  const json = transportOptions.enableJsonResponse;
  if (json && unwrap(json).kind === ts.SyntaxKind.TrueKeyword) options.push(`responseMode: ${file.q('json')}`);
  file.busOption(options);
  if (onerror) options.push(`onerror: ${onerror}`);
  return options;
}

/** `const name = createMcpHandler(factory, { options });` on one line. */
export function createHandlerOneLine(name: string, factory: string, options: readonly string[]): string {
  return `const ${name} = createMcpHandler(${factory}${options.length ? `, { ${options.join(', ')} }` : ''});`;
}

/** The declaration on one line when it fits in 100 columns at `indent` (and the factory is one line), else an option a line. */
export function createHandlerDeclaration(name: string, factory: string, options: readonly string[], indent: string, unit: string): string {
  const oneLine = createHandlerOneLine(name, factory, options);
  // Without options there is nothing to put a line each: a long factory stays on the one line (the layout pass may break it).
  if (options.length === 0) return oneLine;
  return oneLine.length + indent.length <= 100 && !oneLine.includes('\n') ? oneLine : createHandlerMultiLine(name, factory, options, indent, unit);
}

/** The same declaration with one option a line, for a statement at `indent` that would not fit on one. */
function createHandlerMultiLine(name: string, factory: string, options: readonly string[], indent: string, unit: string): string {
  return `const ${name} = createMcpHandler(${factory}, {\n${options.map((o) => `${indent}${unit}${o},`).join('\n')}\n${indent}});`;
}

/** Whether the request body is parsed before `fn` runs (a body parser in the file, or `fn` handing `req.body` on): the handler must be given it. */
export function parsesBody(file: ServingFile, fn: ts.Node): boolean {
  return /\b(?:express|bodyParser)\.(?:json|urlencoded|text|raw)\(|['"]body-parser['"]/.test(file.text) || handsParsedBody(fn);
}

/** What a shutdown loop closing the session transports becomes: the handler closes (awaited where the loop could await). */
export function handlerClose(loop: ts.Node, handlerName: string): string {
  const fn = enclosingFunction(loop);
  return `${fn && isAsync(fn) ? 'await' : 'void'} ${handlerName}.close();`;
}

/** The entry's lines written after kept routes (a comment saying what it is for), for a statement at `indent`. */
export function besideEntry(code: string, indent: string): string {
  return `\n\n${indent}// Streamable HTTP for 2026-07-28 clients (and 2025-era clients, without sessions)\n${indent}${code}`;
}

/** The imports the entry needs: `createMcpHandler`, and `toNodeHandler` unless the router speaks web-standard Request/Response. */
export function addEntryImports(file: ServingFile, nodeHandler = true): void {
  // A `toNodeHandler` of the project's own would be called instead of the SDK's (sweep 33 review V3).
  const clash = entryNameClash(file.sf);
  if (clash) throw new CannotRewrite(`${clash}: rename it, then re-run.`, file.sf.statements[0] ?? file.sf);
  file.imports.add(SERVER_MODULE, 'createMcpHandler');
  if (nodeHandler) file.imports.add(NODE_MODULE, 'toNodeHandler');
}

/**
 * The route's `catch (error) { logger.error(…error…) }` becomes the handler's `onerror` (errors stay
 * logged): the first logging statement of the catch block that reads the caught error and nothing else of
 * the route, with the caught name renamed to `error`. Continuation lines are indented for `indent`.
 */
export function errorLogging(file: ServingFile, handler: ts.Node, indent = ''): string | undefined {
  const loggers = loggerNames(handler);
  const routeLocals = localNames(handler);
  let out: string | undefined;
  forEachDescendant(handler, (node) => {
    if (out || !ts.isCatchClause(node) || !node.variableDeclaration || !ts.isIdentifier(node.variableDeclaration.name)) return;
    const caught = node.variableDeclaration.name.text;
    for (const statement of node.block.statements) {
      const call = ts.isExpressionStatement(statement) ? unwrap(statement.expression) : undefined;
      if (!call || !ts.isCallExpression(call)) continue;
      const receiver = calleeParts(call).receiver;
      const logger = receiver && unwrap(receiver);
      if (!logger || !ts.isIdentifier(logger) || !(logger.text === 'console' || loggers.has(logger.text))) continue;
      const names = [...freeNames(call).keys()];
      if (!names.includes(caught) || names.some((n) => n !== caught && (routeLocals.has(n) || n === 'error'))) continue;
      out = `(error) => ${renamed(file, call, caught, 'error', indent)}`;
      return;
    }
  });
  return out;
}

/** `node`'s text with references to `from` named `to`, its continuation lines re-indented for `indent`. */
function renamed(file: ServingFile, node: ts.Node, from: string, to: string, indent: string): string {
  const start = node.getStart(file.sf);
  const ids: ts.Identifier[] = [];
  forEachDescendant(node, (n) => {
    if (ts.isIdentifier(n) && n.text === from && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n)) ids.push(n);
  });
  let text = node.getText(file.sf);
  for (const id of ids.reverse()) text = text.slice(0, id.getStart(file.sf) - start) + to + text.slice(id.end - start);
  const [head, ...rest] = text.split('\n');
  return [head, ...rest.map((line) => reindent(line, indentAt(file.text, statementOf(node).getStart(file.sf)), indent))].join('\n');
}

/**
 * Whether `fn` hands the transport a body parsed before it (`transport.handleRequest(req, res, req.body)`): a router
 * module mounted in an app whose `express.json()` has consumed the stream already, though this file parses nothing.
 */
function handsParsedBody(fn: ts.Node): boolean {
  const req = isFunctionLike(fn) && fn.parameters[0] && ts.isIdentifier(fn.parameters[0].name) ? fn.parameters[0].name.text : undefined;
  let hands = false;
  forEachDescendant(fn, (node) => {
    if (hands || !req || !ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod || node.arguments.length !== 3) return;
    const body = unwrap(node.arguments[2]!);
    hands = ts.isPropertyAccessExpression(body) && body.name.text === 'body' && ts.isIdentifier(unwrap(body.expression)) && (unwrap(body.expression) as ts.Identifier).text === req;
  });
  return hands;
}

/**
 * The route serving the handler, in the router's idiom (the lines after the handler's declaration): `all` unless the
 * caller keeps the endpoint's own method (`method`).
 */
/** Request checks a route made before serving (request-guards.ts), kept in front of the entry: lines unindented. */
export interface KeptGuards {
  params: string[];
  /** The parameters as the route wrote them, types included. */
  paramTexts: string[];
  lines: string[];
  async: boolean;
}

export function mountLines(framework: RouteFramework, o: { receiver: string; args: string[]; handlerName: string; nodeHandlerName: string; parsesBody: boolean; indent: string; unit: string; method?: string; guards?: KeptGuards }): string[] {
  const { args, handlerName, nodeHandlerName, indent, unit } = o;
  const register = `${o.receiver}.${o.method ?? 'all'}`;
  if (o.guards) {
    // The route's own request checks run first, in a handler with the route's parameter names; then the entry serves.
    const { params, lines, async } = o.guards;
    const [req, res] = params as [string, string];
    const serve = framework === 'hono' ? `return ${handlerName}.fetch(${req}.req.raw);` : `return ${nodeHandlerName}(${req}, ${res}${o.parsesBody ? `, ${req}.body` : ''});`;
    const body = [...lines, serve].map((line) => (line ? `${indent}${unit}${line}` : '')).join('\n');
    const handler = `${async ? 'async ' : ''}(${o.guards.paramTexts.join(', ')}) => {\n${body}\n${indent}}`;
    const register2 = `${register}(${[...args, handler].join(', ')});`;
    return framework === 'hono' ? [register2] : [`const ${nodeHandlerName} = toNodeHandler(${handlerName});`, register2];
  }
  if (framework === 'hono') {
    // hono speaks web-standard Request/Response: the handler's own face.
    return [`${register}(${[...args, `(c) => ${handlerName}.fetch(c.req.raw)`].join(', ')});`];
  }
  if (framework === 'fastify') {
    // fastify has parsed the body; the reply is handed to the node handler (hijacked, so fastify does not answer too).
    const mount = [`async (request, reply) => {`, `${unit}reply.hijack();`, `${unit}await ${nodeHandlerName}(request.raw, reply.raw, request.body);`, `}`].join(`\n${indent}`);
    return [`const ${nodeHandlerName} = toNodeHandler(${handlerName});`, `${register}(${[...args, mount].join(', ')});`];
  }
  if (o.parsesBody) {
    // express.json() has consumed the body stream: hand the parsed body over.
    return [`const ${nodeHandlerName} = toNodeHandler(${handlerName});`, `${register}(${[...args, `(req, res) => ${nodeHandlerName}(req, res, req.body)`].join(', ')});`];
  }
  return [`${register}(${[...args, `toNodeHandler(${handlerName})`].join(', ')});`];
}
