/**
 * The code `--target stateless-v1` writes (SDK 1.x, 2025-era clients only): a new server and a
 * `sessionIdGenerator: undefined` transport per POST, and a 405 answer for the GET/DELETE session routes and
 * every method but POST.
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, isFunctionLike, statementOf, unwrap } from '../../analysis/ast.js';
import { TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { indentAt } from '../kit/source-style.js';
import { errorLogging } from './entry-code.js';
import { CannotRewrite } from './refusal.js';
import type { Factory } from './factory.js';
import type { ServingFile } from './serving-file.js';
import { isAsync, reindent } from './text.js';

/**
 * A route's POST handler serving SDK 1.x's stateless idiom: a new server and transport per request, the request
 * handled in a `try` whose `catch` keeps the route's error logging; the GET/DELETE handlers registered in place
 * (`siblings`) answer 405. `prelude`: lines (indented relative to the body) the new body starts with, ahead of the
 * per-POST idiom.
 */
export function statelessV1Handler(file: ServingFile, handler: ts.FunctionLikeDeclaration, factory: Factory, transport: ts.NewExpression, options: Record<string, ts.Node>, siblings: Set<ts.CallExpression>, prelude: string[] = []): void {
  if (!isAsync(handler)) throw new CannotRewrite('the POST handler is not async.', handler);
  const [reqParam, resParam] = handler.parameters;
  if (!reqParam || !resParam || !ts.isIdentifier(reqParam.name) || !ts.isIdentifier(resParam.name)) throw new CannotRewrite('the POST handler does not name its request and response parameters.', handler);
  const req = reqParam.name.text;
  const res = resParam.name.text;
  let passesBody = false;
  forEachDescendant(handler, (node) => {
    if (ts.isCallExpression(node) && calleeParts(node).name === TRANSPORT_MEMBERS.requestMethod && node.arguments.length >= 3) passesBody = true;
  });
  const cls = transport.expression.getText(file.sf);
  const json = v1JsonOption(file, options);
  const body = handler.body as ts.Block;
  const base = indentAt(file.text, handler.getStart(file.sf)).length <= indentAt(file.text, statementOf(handler).getStart(file.sf)).length ? indentAt(file.text, statementOf(handler).getStart(file.sf)) : indentAt(file.text, handler.getStart(file.sf));
  const u = file.unit;
  const q = (s: string) => file.q(s);
  const lines = [
    ...prelude,
    `const server = ${factory.call};`,
    `const transport = new ${cls}({ sessionIdGenerator: undefined${json} });`,
    `${res}.on(${q('close')}, () => {`,
    `${u}void transport.close();`,
    `${u}void server.close();`,
    `});`,
    `try {`,
    `${u}await server.connect(transport);`,
    `${u}await transport.handleRequest(${req}, ${res}${passesBody ? `, ${req}.body` : ''});`,
    `} catch (error) {`,
    // The route's own error logging stays (with the caught error named `error`); console.error otherwise.
    `${u}${errorLogging(file, handler, `${base}${u}${u}`)?.replace(/^\(error\) => /, '') ?? `console.error(${q('Error handling MCP request:')}, error)`};`,
    `${u}if (!${res}.headersSent) {`,
    `${u}${u}${res}.status(500).json({ jsonrpc: ${q('2.0')}, error: { code: -32603, message: ${q('Internal server error')} }, id: null });`,
    `${u}}`,
    `}`,
  ];
  file.edit(body.getStart(file.sf), body.end, `{\n${lines.map((l) => (l ? `${base}${u}${l}` : '')).join('\n')}\n${base}}`);
  for (const call of siblings) {
    const arg = unwrap(call.arguments[call.arguments.length - 1]!);
    if (isFunctionLike(arg)) replaceWith405(file, arg);
  }
}

/** A handler body answering 405 with express's `res.status(…).set(…).json(…)`. */
function methodNotAllowedBody(file: ServingFile, fn: ts.FunctionLikeDeclaration, base: string): string {
  const resParam = fn.parameters[1];
  if (!resParam || !ts.isIdentifier(resParam.name)) throw new CannotRewrite('the GET/DELETE handler does not name its response parameter.', fn);
  const res = resParam.name.text;
  const q = (s: string) => file.q(s);
  const line = `${res}.status(405).set(${q('Allow')}, ${q('POST')}).json({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null });`;
  return `{\n${base}${file.unit}${line}\n${base}}`;
}

/** The GET/DELETE handler `fn` answers 405 (POST only). */
export function replaceWith405(file: ServingFile, fn: ts.FunctionLikeDeclaration): void {
  if (!fn.body) throw new CannotRewrite('the GET/DELETE handler has no body.', fn);
  const base = indentAt(file.text, statementOf(fn).getStart(file.sf));
  const body = methodNotAllowedBody(file, fn, base);
  file.edit(fn.body.getStart(file.sf), fn.body.end, body);
  // `async` is no longer needed, but harmless: keep the signature as written.
}

/** The same for a handler declared at top level (`function handleGet(…)`, `const handleGet = (…) => …`). */
export function replaceWith405Declaration(file: ServingFile, statement: ts.Node): void {
  let fn: ts.FunctionLikeDeclaration | undefined;
  if (ts.isFunctionDeclaration(statement)) fn = statement;
  else if (ts.isVariableStatement(statement)) {
    const init = statement.declarationList.declarations[0]?.initializer;
    if (init && isFunctionLike(unwrap(init))) fn = unwrap(init) as ts.FunctionLikeDeclaration;
  }
  if (!fn) throw new CannotRewrite('the GET/DELETE handler is not a function declared in place.', statement);
  replaceWith405(file, fn);
}

/** The start of a v1 dispatcher's body: its own GET answers (each ending in `return;`), then 405 for anything but POST. */
export function v1DispatcherPrelude(file: ServingFile, fn: ts.FunctionLikeDeclaration, kept: ts.IfStatement[]): string[] {
  const [reqParam, resParam] = fn.parameters;
  const req = (reqParam!.name as ts.Identifier).text;
  const res = (resParam!.name as ts.Identifier).text;
  const u = file.unit;
  const q = (t: string) => file.q(t);
  const lines: string[] = [];
  for (const branch of kept) {
    const block = branch.thenStatement as ts.Block;
    const from = indentAt(file.text, branch.getStart(file.sf));
    const last = block.statements[block.statements.length - 1];
    const text = reindent(branch.getText(file.sf), from, '').split('\n');
    // The branch fell through to the session checks before; now it would reach the 405.
    if (!last || !ts.isReturnStatement(last)) text.splice(text.length - 1, 0, `${u}return;`);
    lines.push(...(ts.getLeadingCommentRanges(file.text, branch.getFullStart()) ?? []).map((c) => file.text.slice(c.pos, c.end)), ...text);
  }
  lines.push(
    `if (${req}.method !== ${q('POST')}) {`,
    `${u}${res}.status(405).set(${q('Allow')}, ${q('POST')}).json({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null });`,
    `${u}return;`,
    `}`,
  );
  return lines;
}

/**
 * The SDK 1.x stateless idiom for one POST (`--target stateless-v1`): a new server and a transport without session
 * ids, both closed when the response closes, then the request handled. One template for every entry that writes it.
 */
export function perRequestV1Lines(o: { factoryCall: string; transportClass: string; json: string; req: string; res: string; body: string | undefined; unit: string; q: (text: string) => string }): string[] {
  return [
    `const server = ${o.factoryCall};`,
    `const transport = new ${o.transportClass}({ sessionIdGenerator: undefined${o.json} });`,
    `${o.res}.on(${o.q('close')}, () => {`,
    `${o.unit}void transport.close();`,
    `${o.unit}void server.close();`,
    `});`,
    `await server.connect(transport);`,
    `await transport.handleRequest(${o.req}, ${o.res}${o.body ? `, ${o.body}` : ''});`,
  ];
}

/** `, enableJsonResponse: …` for the per-POST transport, as the replaced transport set it. */
export function v1JsonOption(file: ServingFile, transportOptions: Record<string, ts.Node>): string {
  return transportOptions.enableJsonResponse ? `, enableJsonResponse: ${transportOptions.enableJsonResponse.getText(file.sf)}` : '';
}

/** The 405 answer of a plain `node:http` listener (no express helpers on `res`). */
export function nodeHttpMethodNotAllowed(res: string, q: (text: string) => string): string {
  return `${res}.writeHead(405, { Allow: ${q('POST')}, ${q('Content-Type')}: ${q('application/json')} }).end(JSON.stringify({ jsonrpc: ${q('2.0')}, error: { code: -32000, message: ${q('Method not allowed.')} }, id: null }));`;
}
