/**
 * A session-routing helper of plain `node:http` that its one caller hands the session map (browserbase's
 * `routeMcp(req, res, serverList, sessions)`): the helper and the map go together, the map's declaration becoming
 * the stateless handler (2026-07-28), or the helper's body becoming SDK 1.x's per-POST idiom (`--target stateless-v1`).
 */
import { ts } from '../../typescript.js';
import { calleeParts, forEachDescendant, isInside, statementOf, unwrap } from '../../analysis/ast.js';
import { TRANSPORT_MEMBERS } from '../../analysis/sdk-modules.js';
import { RULE_ID } from '../../rule-ids.js';
import { indentAt } from '../kit/source-style.js';
import { BOILERPLATE_GLOBALS, checkBoilerplate, checkTransportOptions } from './eligibility.js';
import { addEntryImports, createHandlerOneLine, entryOptions } from './entry-code.js';
import { CannotRewrite } from './refusal.js';
import { factoryOf } from './server-factory.js';
import type { Factory } from './factory.js';
import type { ServingFile } from './serving-file.js';
import { nodeHttpMethodNotAllowed, perRequestV1Lines, v1JsonOption } from './stateless-v1-code.js';
import { isAsync, localNames, referencesByName, removalRange } from './text.js';

/** The session map a routing helper is handed: its parameter, that parameter's position, the caller's declaration. */
interface RoutingHelperRegistry {
  param: string;
  index: number;
  statement: ts.VariableStatement;
}

/** The helper's one call, the caller's argument for each parameter, and the session map among them. */
interface HelperCall {
  call: ts.CallExpression;
  argumentOf: Map<string, ts.Expression>;
  registry: RoutingHelperRegistry;
}

/**
 * A top-level routing helper `routeMcp(req, res, serverList, sessions)` that its one caller hands the session
 * map it owns (browserbase's shape): when the helper does nothing but route sessions, it goes; the map's
 * declaration becomes the stateless handler and the call hands the request to it. False when the helper
 * is not called that way (the generic node:http rewrite then applies).
 */
export function planRoutingHelper(file: ServingFile, helper: ts.FunctionDeclaration, branch: ts.Block, first: ts.NewExpression, transportOptions: Record<string, ts.Node>): boolean {
  const handed = sessionMapHandedTo(file, helper);
  if (!handed) return false;
  const { call, argumentOf, registry } = handed;
  const name = helper.name!.text;
  checkTransportOptions(file, transportOptions, 'node-http');
  const factory = factoryOf(file, branch, first);
  const [req, res] = helper.parameters.map((p) => (p.name as ts.Identifier).text);
  const body = bodyFromCaller(file, helper, argumentOf);
  const allowed = new Set([...BOILERPLATE_GLOBALS, ...file.sdkNames, ...factory.names, req!, res!, registry.param]);
  checkBoilerplate(file, helper.body!, allowed, `the session-routing helper \`${name}()\``);
  if (file.options.target === 'stateless-v1') {
    routingHelperV1(file, helper, call, registry, first, transportOptions, factory, body?.inHelper);
    return true;
  }
  checkFactoryBuiltOutside(file, helper, handed, factory, first);

  if (file.v1Idiom) return false; // the generic node:http path decides (left-on-v1.ts)
  const options = entryOptions(file, transportOptions);
  const handlerName = file.freshName('mcpHandler');
  const nodeHandlerName = file.freshName('mcpNodeHandler');
  const indent = indentAt(file.text, registry.statement.getStart(file.sf));
  const range = removalRange(file.sf, registry.statement, true, false);
  const create = createHandlerOneLine(handlerName, factory.expression, options);
  file.edit(range.start, range.end, `${indent}${create}\n${indent}const ${nodeHandlerName} = toNodeHandler(${handlerName});\n`);
  const [reqArg, resArg] = call.arguments.map((a) => a.getText(file.sf));
  file.edit(call.getStart(file.sf), call.end, `${nodeHandlerName}(${reqArg}, ${resArg}${body ? `, ${body.fromCaller}` : ''})`);
  file.remove(helper);
  addEntryImports(file);
  file.plan.notes!.push(`serving: ${file.relative()} — the session-routing helper ${name}() and the session map its caller kept → toNodeHandler(createMcpHandler(${factory.expression}))${file.options.modernOnly ? ' (modern-only)' : ' (2025-era clients still served statelessly)'}`);
  return true;
}

/**
 * The one call of a top-level, unexported `helper` (outside it), with the session map it is handed: a fresh `Map` or
 * `{}` the caller declares on its own and passes only there (a parameter after `req, res`). Undefined otherwise.
 */
function sessionMapHandedTo(file: ServingFile, helper: ts.FunctionDeclaration): HelperCall | undefined {
  if (!helper.name || !helper.body || !ts.isSourceFile(helper.parent) || ts.getModifiers(helper)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  const symbol = file.values.symbolOf(helper.name);
  const refs = referencesByName(file.sf, helper.name.text).filter((r) => r !== helper.name && file.values.symbolOf(r) === symbol);
  const call = refs.length === 1 && ts.isCallExpression(refs[0]!.parent) && refs[0]!.parent.expression === refs[0] ? refs[0]!.parent : undefined;
  if (!call || call.arguments.length !== helper.parameters.length || isInside(call, helper)) return undefined;
  // Parameter name → the caller's argument; the registry is a map the caller declares and hands only to this call.
  const argumentOf = new Map<string, ts.Expression>();
  let registry: RoutingHelperRegistry | undefined;
  for (const [i, param] of helper.parameters.entries()) {
    if (!ts.isIdentifier(param.name) || param.dotDotDotToken) return undefined;
    const arg = call.arguments[i]!;
    argumentOf.set(param.name.text, arg);
    if (i < 2 || !ts.isIdentifier(arg)) continue;
    const decl = file.values.symbolOf(arg)?.valueDeclaration;
    const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
    const fresh = init && ((ts.isNewExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'Map') || (ts.isObjectLiteralExpression(init) && init.properties.length === 0));
    const statement = decl && statementOf(decl);
    if (!fresh || !statement || !ts.isVariableStatement(statement) || statement.declarationList.declarations.length !== 1) continue;
    const uses = referencesByName(file.sf, arg.text).filter((r) => file.values.symbolOf(r)?.valueDeclaration === decl);
    if (uses.length !== 1 || uses[0] !== arg) continue;
    if (registry) return undefined;
    registry = { param: param.name.text, index: i, statement };
  }
  return registry && { call, argumentOf, registry };
}

/** The body the helper hands the transport: a body the caller read is passed on; one the helper computes itself refuses the rewrite. */
function bodyFromCaller(file: ServingFile, helper: ts.FunctionDeclaration, argumentOf: ReadonlyMap<string, ts.Expression>): { inHelper: string; fromCaller: string } | undefined {
  let body: { inHelper: string; fromCaller: string } | undefined;
  forEachDescendant(helper.body!, (node) => {
    if (!ts.isCallExpression(node) || calleeParts(node).name !== TRANSPORT_MEMBERS.requestMethod || node.arguments.length < 3) return;
    const arg = unwrap(node.arguments[2]!);
    const passed = ts.isIdentifier(arg) ? argumentOf.get(arg.text) : undefined;
    if (!passed) throw new CannotRewrite(`\`${helper.name!.text}()\` hands the transport a body it computes: pass the parsed body to the stateless handler by hand.`, node);
    body = { inHelper: (arg as ts.Identifier).text, fromCaller: passed.getText(file.sf) };
  });
  return body;
}

/** The factory runs where the map was declared: a parameter it uses must be passed by the same name, declared before the map. */
function checkFactoryBuiltOutside(file: ServingFile, helper: ts.FunctionDeclaration, { call, argumentOf, registry }: HelperCall, factory: Factory, first: ts.NewExpression): void {
  const name = helper.name!.text;
  const params = new Set(argumentOf.keys());
  const helperLocals = localNames(helper.body!);
  for (const used of factory.names) {
    if (helperLocals.has(used)) throw new CannotRewrite(`the server factory uses \`${used}\`, which \`${name}()\` computes: build it once outside the helper.`, first, RULE_ID.perSessionServer);
    if (!params.has(used)) continue;
    const arg = unwrap(argumentOf.get(used)!);
    const decl = ts.isIdentifier(arg) && arg.text === used ? file.values.symbolOf(arg)?.valueDeclaration : undefined;
    if (!decl || (!ts.isParameter(decl) && decl.end > registry.statement.getStart(file.sf))) {
      throw new CannotRewrite(`the server factory uses the parameter \`${used}\` of \`${name}()\`, which its caller passes as \`${arg.getText(file.sf)}\`: pass a value declared before \`${registry.param}\` under the same name.`, call, RULE_ID.perSessionServer);
    }
  }
}

/**
 * The routing helper on --target stateless-v1 (SDK 1.x): its body answers 405 to anything but POST, then serves the
 * POST with a new server and a `sessionIdGenerator: undefined` transport; the map, its parameter and its argument go.
 */
function routingHelperV1(file: ServingFile, helper: ts.FunctionDeclaration, call: ts.CallExpression, registry: RoutingHelperRegistry, first: ts.NewExpression, transportOptions: Record<string, ts.Node>, factory: Factory, body: string | undefined): void {
  const [req, res] = helper.parameters.map((p) => (p.name as ts.Identifier).text);
  if (helper.parameters.some((p) => ['server', 'transport'].includes((p.name as ts.Identifier).text))) {
    throw new CannotRewrite('the helper has a parameter named `server` or `transport`, the names the per-POST code uses: rename it, then re-run.', helper);
  }
  if (factory.call.startsWith('await ') && !isAsync(helper)) throw new CannotRewrite('the helper is not async, and its server factory is awaited.', helper);
  const u = file.unit;
  const q = (t: string) => file.q(t);
  const base = indentAt(file.text, helper.getStart(file.sf));
  const json = v1JsonOption(file, transportOptions);
  const lines = [
    `if (${req}.method !== ${q('POST')}) {`,
    `${u}${nodeHttpMethodNotAllowed(res!, q)}`,
    `${u}return;`,
    `}`,
    ...perRequestV1Lines({ factoryCall: factory.call, transportClass: first.expression.getText(file.sf), json, req, res, body, unit: u, q }),
  ];
  file.edit(helper.body!.getStart(file.sf), helper.body!.end, `{\n${lines.map((l) => `${base}${u}${l}`).join('\n')}\n${base}}`);
  // The map's parameter and the argument passing it: with the separator before it when last, after it otherwise.
  const cut = (list: readonly ts.Node[], i: number) => (i === list.length - 1 ? { start: list[i - 1]!.end, end: list[i]!.end } : { start: list[i]!.getStart(file.sf), end: list[i + 1]!.getStart(file.sf) });
  for (const range of [cut(helper.parameters, registry.index), cut(call.arguments, registry.index)]) file.edit(range.start, range.end, '');
  file.remove(registry.statement);
  file.plan.notes!.push(`serving: ${file.relative()} — the session-routing helper ${helper.name!.text}() → a new server (${factory.call}) and a sessionIdGenerator: undefined transport per POST, 405 for other methods; the session map its caller kept goes (SDK 1.x)`);
}
