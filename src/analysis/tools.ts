/**
 * Tool registrations as data: which tools a server offers, where each one's input schema is
 * written and in what form, and which handler parameter is `extra`/`ctx`. Rules read this to
 * say which tools reach a session-keyed store; the handles transform reads it to add the handle
 * argument to each of those tools' schemas.
 *
 * Three registration forms (spec reference §b):
 * - `server.tool(name, [description], [schema], [annotations], cb)` (v1 McpServer, all overloads);
 * - `server.registerTool(name, { inputSchema, ... }, cb)` (v1 and v2; a zod raw shape or `z.object`);
 * - the low-level `Server`: a `tools/list` handler returning JSON Schemas and one `tools/call`
 *   handler that branches on `request.params.name`.
 */
import { ts } from '../typescript.js';
import { calleeParts, forEachDescendant, forEachOfKind, isFunctionLike, ITERATION_METHODS, propertyNameText, unwrap } from './ast.js';
import type { ValueAnalysis } from './values.js';
import { isServerKind } from './value.js';
import { REQUEST_HANDLER_REGISTRATION, TOOL_REGISTRATION, TOOL_SCHEMA_METHODS } from './sdk-modules.js';
import { registrationHelperOf } from './handler-registrations.js';

type SchemaKind =
  /** `{ sku: z.string() }` */
  | 'zod-raw-shape'
  /** `z.object({ sku: z.string() })`; `node` is the object literal inside. */
  | 'z-object'
  /** `{ type: 'object', properties: { ... }, required: [...] }` in a low-level `tools/list` handler. */
  | 'json-schema'
  /** No input schema at all (the handler gets only `extra`). */
  | 'none'
  /** A schema we cannot edit in place (built elsewhere, imported, computed). */
  | 'opaque';

interface ToolSchema {
  kind: SchemaKind;
  /** The object literal to add a property to (raw shape, `z.object` argument, JSON Schema object). */
  node?: ts.ObjectLiteralExpression;
  /** The whole schema expression as written (a call, an identifier...). */
  expression?: ts.Expression;
}

type ToolApi = 'tool' | 'registerTool' | 'low-level';

export interface ToolRegistration {
  name: string;
  api: ToolApi;
  /** `server.tool(...)` / `server.registerTool(...)` / the low-level `tools/call` `setRequestHandler(...)`. */
  call: ts.CallExpression;
  /** The node carrying the tool name (string literal; for low-level tools, in the `tools/list` entry). */
  nameNode: ts.Node;
  schema: ToolSchema;
  /** `registerTool`'s config object (where a missing `inputSchema` is added). */
  config?: ts.ObjectLiteralExpression;
  handler?: ts.FunctionLikeDeclaration;
  /** Index of the `extra`/`ctx` parameter of `handler`, as the SDK calls it. */
  contextIndex: number;
  /** Low-level servers: the `case 'name':` clause or `if (name === 'name')` statement of this tool. */
  branch?: ts.Node;
}

const ANNOTATION_KEYS = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

export function collectToolRegistrations(values: ValueAnalysis, files: readonly ts.SourceFile[]): ToolRegistration[] {
  const out: ToolRegistration[] = [];
  const lowLevel: { list: ts.CallExpression[]; call: ts.CallExpression[] } = { list: [], call: [] };
  for (const file of files) {
    forEachOfKind(file, [ts.SyntaxKind.CallExpression], (node) => {
      if (!ts.isCallExpression(node)) return;
      const { name, receiver } = calleeParts(node);
      // `registerTool('add_note', config, handler)` through the project's own helper that hands them on (sweep 32 AF1).
      if (node.arguments.length === 3 && registrationHelperOf(values, node) === TOOL_REGISTRATION) {
        const registration = fromRegisterTool(values, node);
        if (registration) out.push(registration);
        return;
      }
      if (!name || !receiver) return;
      if (name === 'tool' || name === 'registerTool') {
        if (!isServerKind(values.valueOf(receiver))) return;
        const registration = name === 'tool' ? fromToolCall(values, node) : fromRegisterTool(values, node);
        if (registration) out.push(registration);
        return;
      }
      if (name === REQUEST_HANDLER_REGISTRATION && node.arguments.length >= 2 && isServerKind(values.valueOf(receiver))) {
        const method = requestMethod(values, node.arguments[0]!);
        if (method === 'tools/list') lowLevel.list.push(node);
        if (method === 'tools/call') lowLevel.call.push(node);
      }
    });
  }
  out.push(...lowLevelTools(values, lowLevel.list, lowLevel.call));
  return out;
}

/**
 * The registration `fn` is the handler of when it registers a tool whose name the code does not write
 * (`for (const tool of tools) server.tool(tool.name, tool.description, tool.schema, async (args, extra) => …)`): no
 * `ToolRegistration` stands for it (nothing names the tool, and no schema of it can be edited here), but what its
 * handler reaches, every tool of the table reaches (sweep 22 V5).
 */
export function unnamedToolRegistration(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration): ts.CallExpression | undefined {
  let arg: ts.Node = fn;
  while (arg.parent && (ts.isParenthesizedExpression(arg.parent) || ts.isAsExpression(arg.parent))) arg = arg.parent;
  const call = arg.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(arg as ts.Expression)) return undefined;
  const { name, receiver } = calleeParts(call);
  if ((name !== 'tool' && name !== 'registerTool') || !receiver || !call.arguments[0] || arg === call.arguments[0]) return undefined;
  if (values.constantString(call.arguments[0]) !== undefined || !isServerKind(values.valueOf(receiver))) return undefined;
  // The name is read from an element of a table being iterated (`tool.name` of `for (const tool of tools)` or of
  // `tools.forEach((tool) => …)`): not an enum member or a helper's parameter, which name one tool (review 36 R4).
  if (!iteratedElement(values, call.arguments[0])) return undefined;
  return lastFunctionArgument(values, call) === fn ? call : undefined;
}

/** `tool.name` / `tool` where `tool` is the variable of a `for…of` loop or the element parameter of an iteration callback. */
function iteratedElement(values: ValueAnalysis, name: ts.Expression): boolean {
  let root = unwrap(name);
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = unwrap(root.expression);
  if (!ts.isIdentifier(root)) return false;
  let decl: ts.Node | undefined = values.symbolOf(root)?.valueDeclaration;
  while (decl && ts.isBindingElement(decl)) decl = decl.parent.parent;
  if (decl && ts.isVariableDeclaration(decl)) return ts.isVariableDeclarationList(decl.parent) && ts.isForOfStatement(decl.parent.parent);
  if (!decl || !ts.isParameter(decl) || decl.parent.parameters[0] !== decl) return false;
  const callback = decl.parent;
  const iteration = callback.parent;
  return !!iteration && ts.isCallExpression(iteration) && iteration.arguments[0] === callback && ITERATION_METHODS.has(calleeParts(iteration).name ?? '');
}

/** The JSON-RPC method a `setRequestHandler` first argument names: a schema (v1) or a method string (v2). */
export function requestMethod(values: ValueAnalysis, argument: ts.Expression): string | undefined {
  const literal = values.constantString(argument);
  if (literal !== undefined) return literal;
  const name = ts.isIdentifier(unwrap(argument)) ? (unwrap(argument) as ts.Identifier).text : ts.isPropertyAccessExpression(unwrap(argument)) ? (unwrap(argument) as ts.PropertyAccessExpression).name.text : undefined;
  return name !== undefined && Object.hasOwn(TOOL_SCHEMA_METHODS, name) ? TOOL_SCHEMA_METHODS[name] : undefined;
}

function lastFunctionArgument(values: ValueAnalysis, call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
  const last = call.arguments[call.arguments.length - 1];
  if (!last) return undefined;
  const inner = unwrap(last);
  if (isFunctionLike(inner)) return inner;
  if (ts.isIdentifier(inner)) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    if (decl && isFunctionLike(decl)) return decl;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && isFunctionLike(unwrap(decl.initializer))) return unwrap(decl.initializer) as ts.FunctionLikeDeclaration;
  }
  // `createHandler(ctx)`: a project function that builds the handler and returns it (algorand-agent's tool modules,
  // sweep 13 L3); the function it returns is the handler, and the factory's parameters what it closes over.
  if (ts.isCallExpression(inner)) {
    // `withErrors(async (args) => …)`: the callback a wrapper is given is what each call runs (the wrapper passes the
    // arguments on), as route handlers are read (routes.ts `handlersOf`).
    const wrapped = [...inner.arguments].reverse().map((a) => unwrap(a)).find((a) => isFunctionLike(a));
    if (wrapped) return wrapped as ts.FunctionLikeDeclaration;
    return handlerBuiltBy(values, inner);
  }
  return undefined;
}

/** The one function a handler factory returns (`return async (args) => …`), when every return of its body is that function. */
function handlerBuiltBy(values: ValueAnalysis, call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
  const factory = values.calls.functionOfCall(call);
  if (!factory?.body || factory.getSourceFile().isDeclarationFile) return undefined;
  if (!ts.isBlock(factory.body)) return isFunctionLike(unwrap(factory.body)) ? (unwrap(factory.body) as ts.FunctionLikeDeclaration) : undefined;
  const returned: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) returned.push(unwrap(node.expression));
    if (!isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(factory.body, visit);
  return returned.length === 1 && isFunctionLike(returned[0]!) ? (returned[0] as ts.FunctionLikeDeclaration) : undefined;
}

/**
 * The roles of a v1 `server.tool(name, …)` call's arguments, as the SDK 1.x overloads read them:
 * `tool(name, [description], [schema], [annotations], callback)`.
 */
export interface LegacyToolArguments {
  description?: ts.Expression;
  schema?: ts.Expression;
  annotations?: ts.Expression;
  callback: ts.Expression;
}

export function legacyToolArguments(values: ValueAnalysis, call: ts.CallExpression): LegacyToolArguments | undefined {
  const [nameArg, ...rest] = call.arguments;
  const callback = rest[rest.length - 1];
  if (!nameArg || !callback) return undefined;
  // The description, when there is one, is the argument after the name: a string, however it is written. Between
  // the name and the callback the SDK's overloads take [description], [schema], [annotations]: with three, the first
  // is the description; with two, it is (schema, annotations) only when the second is an annotations object.
  const between = rest.slice(0, -1);
  const described = between.length >= 3 || (between.length > 0 && isStringValued(values, between[0]!)) || (between.length === 2 && !isAnnotations(between[1]!, values));
  const middle = described ? between.slice(1) : between;
  // tool(name, [desc], schema, annotations, cb): two objects → the first is the schema; one object
  // is a schema unless every key is an annotation hint.
  let schema: ts.Expression | undefined;
  let annotations: ts.Expression | undefined;
  if (middle.length >= 2) [schema, annotations] = middle;
  else if (middle.length === 1 && !isAnnotations(middle[0]!, values)) schema = middle[0];
  else if (middle.length === 1) annotations = middle[0];
  return { ...(described ? { description: between[0] } : {}), ...(schema ? { schema } : {}), ...(annotations ? { annotations } : {}), callback };
}

function fromToolCall(values: ValueAnalysis, call: ts.CallExpression): ToolRegistration | undefined {
  const [nameArg] = call.arguments;
  const name = nameArg && values.constantString(nameArg);
  if (!nameArg || name === undefined) return undefined;
  const roles = legacyToolArguments(values, call);
  const schemaExpr = roles?.schema;
  const handler = lastFunctionArgument(values, call);
  return {
    name,
    api: 'tool',
    call,
    nameNode: nameArg,
    schema: schemaExpr ? classifySchema(values, schemaExpr) : { kind: 'none' },
    handler,
    contextIndex: schemaExpr ? 1 : 0,
  };
}

/** An object literal of tool annotation hints only (`{ readOnlyHint: true }`). */
function isAnnotations(expression: ts.Expression, values?: ValueAnalysis): boolean {
  let inner = unwrap(expression);
  // `const READ_ONLY = { readOnlyHint: true }` handed by name.
  if (values && (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner))) {
    const decl = values.symbolOf(ts.isPropertyAccessExpression(inner) ? inner.name : inner)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.isVariableDeclarationList(decl.parent) && decl.parent.flags & ts.NodeFlags.Const) inner = unwrap(decl.initializer);
  }
  return ts.isObjectLiteralExpression(inner) && inner.properties.length > 0 && inner.properties.every((p) => ANNOTATION_KEYS.has(propertyNameText(p.name) ?? ''));
}

/**
 * Whether `expression` evaluates to a string: a constant, a template, a conditional choosing between strings
 * (interactive-mcp's `cond ? 'a' : 'b'` description), a concatenation with a string, `[…].join(…)`.
 */
function isStringValued(values: ValueAnalysis, expression: ts.Expression, depth = 0): boolean {
  const inner = unwrap(expression);
  if (values.constantString(inner) !== undefined || ts.isTemplateExpression(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return true;
  if (depth > 3) return false;
  if (ts.isConditionalExpression(inner)) return isStringValued(values, inner.whenTrue, depth + 1) && isStringValued(values, inner.whenFalse, depth + 1);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) return isStringValued(values, inner.left, depth + 1) || isStringValued(values, inner.right, depth + 1);
  return ts.isCallExpression(inner) && calleeParts(inner).name === 'join' && ts.isArrayLiteralExpression(unwrap(calleeParts(inner).receiver ?? inner));
}

function fromRegisterTool(values: ValueAnalysis, call: ts.CallExpression): ToolRegistration | undefined {
  const [nameArg, configArg] = call.arguments;
  const name = nameArg && values.constantString(nameArg);
  if (!nameArg || name === undefined) return undefined;
  const config = configArg && objectLiteralOf(values, configArg);
  let schema: ToolSchema = { kind: 'opaque' };
  let objectConfig: ts.ObjectLiteralExpression | undefined;
  if (config && ts.isObjectLiteralExpression(config)) {
    objectConfig = config;
    const prop = config.properties.find((p) => propertyNameText(p.name) === 'inputSchema');
    if (!prop) schema = { kind: 'none' };
    else if (ts.isPropertyAssignment(prop)) schema = classifySchema(values, prop.initializer);
    else if (ts.isShorthandPropertyAssignment(prop)) schema = classifySchema(values, prop.name);
  }
  return {
    name,
    api: 'registerTool',
    call,
    nameNode: nameArg,
    schema,
    config: objectConfig,
    handler: lastFunctionArgument(values, call),
    contextIndex: schema.kind === 'none' ? 0 : 1,
  };
}

/** A raw shape literal, `z.object({...})` (also `.strict()`/`.describe()` chains), or a `const` of either. */
function classifySchema(values: ValueAnalysis, expression: ts.Expression, depth = 0): ToolSchema {
  const inner = unwrap(expression);
  if (ts.isObjectLiteralExpression(inner)) return { kind: 'zod-raw-shape', node: inner, expression };
  if (ts.isCallExpression(inner)) {
    let call: ts.CallExpression = inner;
    // z.object({...}).strict().describe('…'): walk down the chain to `object(...)`.
    for (;;) {
      const callee = unwrap(call.expression);
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'object' && call.arguments[0] && ts.isObjectLiteralExpression(unwrap(call.arguments[0]))) {
        return { kind: 'z-object', node: unwrap(call.arguments[0]) as ts.ObjectLiteralExpression, expression };
      }
      if (ts.isPropertyAccessExpression(callee) && ts.isCallExpression(unwrap(callee.expression))) {
        call = unwrap(callee.expression) as ts.CallExpression;
        continue;
      }
      break;
    }
  }
  if (ts.isIdentifier(inner) && depth < 3) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    if (decl && ts.isVariableDeclaration(decl) && decl.initializer && decl.getSourceFile() === inner.getSourceFile()) {
      const resolved = classifySchema(values, decl.initializer, depth + 1);
      return { ...resolved, expression };
    }
  }
  return { kind: 'opaque', expression };
}

/** Low-level servers: tool entries of the `tools/list` result matched to branches of the `tools/call` handler. */
function lowLevelTools(values: ValueAnalysis, lists: readonly ts.CallExpression[], calls: readonly ts.CallExpression[]): ToolRegistration[] {
  const out: ToolRegistration[] = [];
  for (const callRegistration of calls) {
    const registered = lastFunctionArgument(values, callRegistration);
    if (!registered?.body) continue;
    // `async (request) => handleCallToolRequest(request)`: the branches are in the function it hands the request to.
    const handler = branchingHandler(values, registered, 0);
    if (!handler?.body) continue;
    const branches = toolBranches(values, handler.body);
    const entries = new Map<string, { nameNode: ts.Node; schema: ToolSchema }>();
    for (const list of lists.filter((l) => l.getSourceFile() === callRegistration.getSourceFile())) {
      const listHandler = lastFunctionArgument(values, list);
      if (listHandler) for (const [name, entry] of toolListEntries(values, listHandler)) entries.set(name, entry);
    }
    for (const [name, branch] of branches) {
      const entry = entries.get(name);
      out.push({
        name,
        api: 'low-level',
        call: callRegistration,
        nameNode: entry?.nameNode ?? branch,
        schema: entry?.schema ?? { kind: 'opaque' },
        handler,
        contextIndex: 1,
        branch,
      });
    }
  }
  return out;
}

const MAX_DELEGATION = 2;

/**
 * The function that branches on the tool name: the registered handler, or the project function it passes
 * its request to when it has no branch of its own (`return handleCallToolRequest(request)`).
 */
function branchingHandler(values: ValueAnalysis, handler: ts.FunctionLikeDeclaration, depth: number): ts.FunctionLikeDeclaration | undefined {
  if (!handler.body) return undefined;
  if (toolBranches(values, handler.body).size > 0 || depth >= MAX_DELEGATION) return handler;
  const request = handler.parameters[0];
  const requestSymbol = request && ts.isIdentifier(request.name) ? values.symbolOf(request.name) : undefined;
  if (!requestSymbol) return handler;
  let delegate: ts.FunctionLikeDeclaration | undefined;
  // From the handler itself: an expression body (`(request) => handle(request)`) is the call.
  forEachDescendant(handler, (node) => {
    if (delegate || !ts.isCallExpression(node)) return;
    const index = node.arguments.findIndex((arg) => ts.isIdentifier(unwrap(arg)) && values.symbolOf(unwrap(arg)) === requestSymbol);
    if (index !== 0) return;
    const callee = values.calls.functionOfCall(node);
    if (!callee?.body || callee === handler) return;
    const inner = branchingHandler(values, callee, depth + 1);
    if (inner?.body && toolBranches(values, inner.body).size > 0) delegate = inner;
  });
  return delegate ?? handler;
}

function toolListEntries(values: ValueAnalysis, handler: ts.FunctionLikeDeclaration): Map<string, { nameNode: ts.Node; schema: ToolSchema }> {
  const out = new Map<string, { nameNode: ts.Node; schema: ToolSchema }>();
  if (!handler.body) return out;
  forEachDescendant(handler.body, (node) => {
    if (!ts.isObjectLiteralExpression(node)) return;
    let name: string | undefined;
    let nameNode: ts.Node | undefined;
    let schema: ToolSchema | undefined;
    for (const prop of node.properties) {
      if (!ts.isPropertyAssignment(prop)) continue;
      const key = propertyNameText(prop.name);
      if (key === 'name') {
        name = values.constantString(prop.initializer);
        nameNode = prop.initializer;
      }
      if (key === 'inputSchema') {
        const inner = unwrap(prop.initializer);
        schema = ts.isObjectLiteralExpression(inner) ? { kind: 'json-schema', node: inner, expression: prop.initializer } : { kind: 'opaque', expression: prop.initializer };
      }
    }
    if (name !== undefined && nameNode && schema) out.set(name, { nameNode, schema });
  });
  return out;
}

/** `case 'login':` clauses and `if (name === 'login')` statements inside a `tools/call` handler. */
function toolBranches(values: ValueAnalysis, body: ts.Node): Map<string, ts.Node> {
  const out = new Map<string, ts.Node>();
  forEachDescendant(body, (node) => {
    if (ts.isCaseClause(node) && isToolNameExpression(node.parent.parent.expression)) {
      const name = values.constantString(node.expression);
      if (name !== undefined && !out.has(name)) out.set(name, node);
    }
    if (ts.isIfStatement(node) && ts.isBinaryExpression(node.expression)) {
      const { left, right, operatorToken } = node.expression;
      if (operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken && operatorToken.kind !== ts.SyntaxKind.EqualsEqualsToken) return;
      const [nameSide, literal] = isToolNameExpression(left) ? [left, right] : [right, left];
      if (!isToolNameExpression(nameSide)) return;
      const name = values.constantString(literal);
      if (name !== undefined && !out.has(name)) out.set(name, node);
    }
  });
  return out;
}

/** `request.params.name`, or a `name` destructured from it. */
function isToolNameExpression(node: ts.Node): boolean {
  const inner = unwrap(node);
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'name' && ts.isPropertyAccessExpression(unwrap(inner.expression)) && (unwrap(inner.expression) as ts.PropertyAccessExpression).name.text === 'params';
  return ts.isIdentifier(inner) && (inner.text === 'name' || inner.text === 'toolName');
}

/** An object literal written in place, or the `const` (same file) it names: `registerTool(name, config, cb)`. */
function objectLiteralOf(values: ValueAnalysis, node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  const inner = unwrap(node);
  if (ts.isObjectLiteralExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || decl.getSourceFile() !== inner.getSourceFile()) return undefined;
  const init = unwrap(decl.initializer);
  return ts.isObjectLiteralExpression(init) ? init : undefined;
}
