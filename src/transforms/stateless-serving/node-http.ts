/**
 * Plain `node:http`: the transport is created in the `if (req.method === 'POST' …)` branch of a request
 * listener. That branch (and the GET/DELETE branches of the same listener) hand the request to
 * `toNodeHandler(createMcpHandler(factory))`; the listener's other routing stays as written. On `--target
 * stateless-v1` the POST branch serves a new server and transport per request and the others answer 405. A
 * routing helper its caller hands the session map (routing-helper.ts) is planned as a whole instead.
 */
import { ts } from '../../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import { routesOf, type Route } from '../../analysis/routes.js';
import { TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { indentAt } from '../kit/source-style.js';
import { BOILERPLATE_GLOBALS, checkBoilerplate, newedInEventStore, registryUsesOutside, transportOptionsOf } from './eligibility.js';
import { loopClosesEntry, rewriteSessionCounts } from './registry-leftovers.js';
import { addEntryImports, createHandlerDeclaration, entryOptions, errorLogging, handlerClose } from './entry-code.js';
import { CannotRewrite } from './refusal.js';
import { planRoutingHelper } from './routing-helper.js';
import { factoryOf } from './server-factory.js';
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
  checkBoilerplate(file, branch, allowed, 'the MCP POST branch');
  const siblings = routesOf(file.sf, file.values).filter((r) => !r.call && r.framework === 'node-http' && (r.method === 'get' || r.method === 'delete') && r.handlers[0] && ts.isBlock(r.handlers[0]) && isInside(r.handlers[0], listener) && r.path === route.path);
  for (const sibling of siblings) checkBoilerplate(file, sibling.handlers[0]!, allowed, `the ${sibling.method.toUpperCase()} branch`);
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
