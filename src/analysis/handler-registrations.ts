/**
 * Request handlers registered on an SDK server (`server.registerTool('add', config, async (args, extra) => …)`,
 * `server.setRequestHandler(Schema, handler)`): which registration a callback belongs to, also when it is
 * passed by name, made by a handler factory or wrapped (`withAuth(handler)`), and so which of its parameters
 * is the request's context (`extra` / `ctx`). The inference asks here where a parameter comes from.
 */
import { ts } from '../typescript.js';
import { calleeParts, outermostWrapper, propertyNameText, stringValue, unwrap } from './ast.js';
import type { CallGraph } from './call-graph.js';
import { returningFunction } from './declarations.js';
import { HANDLER_REGISTRATION_METHODS, REGISTRATION_METHODS, TOOL_REGISTRATION } from './sdk-modules.js';
import { isServerKind, type ValueQueries } from './value.js';

/** Server methods whose callbacks are request handlers: tool/prompt/resource registrations and raw handler registrations. */
const HANDLER_HOSTS = new Set([...REGISTRATION_METHODS, ...HANDLER_REGISTRATION_METHODS]);
/** How many wrapper calls may stand between a handler and its registration. */
const MAX_WRAPPERS = 3;

/** What these recognisers ask of the analysis (`ValueAnalysis` answers). */
export interface RegistrationQueries extends ValueQueries {
  readonly calls: CallGraph;
}

/** `registrationOfHandler`'s answers, per analysis. */
const registrationsOf = new WeakMap<RegistrationQueries, Map<ts.Node, ts.CallExpression | null>>();

/** When `fn` is a request-handler callback registered on an SDK server, which parameter is `extra`/`ctx`. */
export function handlerContextIndex(values: RegistrationQueries, fn: ts.FunctionLikeDeclaration): { index: number; label: string; call: ts.CallExpression } | undefined {
  const call = registrationOfHandler(values, fn);
  if (!call) return undefined;
  const registration = registrationOf(values, call)!;
  const count = fn.parameters.length;
  const label = registrationLabel(call, registration);
  // A raw JSON-RPC handler (`setRequestHandler(schema, (request, extra) => …)`) gets its context second.
  if (HANDLER_REGISTRATION_METHODS.has(registration)) return { index: 1, label, call };
  switch (registration) {
    case 'resource':
    case 'registerResource':
      return { index: isResourceTemplate(values, call.arguments[1]) ? 2 : 1, label, call };
    default: {
      if (count >= 2) return { index: count - 1, label, call };
      return { index: registrationHasArgs(values, call, registration) ? 1 : 0, label, call };
    }
  }
}

/**
 * The SDK registration `fn` is the handler of: written inline, passed by name
 * (`server.tool('view', viewCart)`, also from another module), and through up to
 * MAX_WRAPPERS wrapper calls (`withLog(withAuth(async (args, extra) => ...))`).
 */
function registrationOfHandler(values: RegistrationQueries, fn: ts.FunctionLikeDeclaration): ts.CallExpression | undefined {
  let answers = registrationsOf.get(values);
  if (!answers) registrationsOf.set(values, (answers = new Map()));
  const cached = answers.get(fn);
  if (cached !== undefined) return cached ?? undefined;
  const starts: ts.Node[] = ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) ? [] : [fn];
  for (const ref of values.calls.passedAsArgument(fn)) starts.push(ref);
  // A handler factory: `withSession(fn)` returns `async (args, extra) => ...`; its calls stand where the handler is passed.
  const factory = returningFunction(fn);
  if (factory) {
    for (const call of values.calls.callsOf(factory)) {
      starts.push(call);
      // `const handler = createToolHandler(def); server.registerTool(name, config, handler)`.
      const holder = outermostWrapper(call).parent;
      if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) && holder.initializer && outermostWrapper(holder.initializer) === outermostWrapper(call)) {
        const symbol = values.symbolOf(holder.name);
        for (const ref of values.calls.argumentsNamed(holder.name.text)) {
          if (ts.isIdentifier(ref) && symbol && values.symbolOf(ref) === symbol) starts.push(ref);
        }
      }
    }
  }
  let found: ts.CallExpression | undefined;
  for (const start of starts) {
    let node = outermostWrapper(start);
    for (let depth = 0; depth <= MAX_WRAPPERS && !found; depth++) {
      const parent = node.parent;
      if (!parent || !ts.isCallExpression(parent) || !parent.arguments.includes(node as ts.Expression)) break;
      if (registrationOf(values, parent)) found = parent;
      node = outermostWrapper(parent);
    }
    if (found) break;
  }
  answers.set(fn, found ?? null);
  return found;
}

/** `new ResourceTemplate(...)`, inline or through a `const`. */
function isResourceTemplate(values: RegistrationQueries, node: ts.Node | undefined): boolean {
  let inner = node && unwrap(node);
  if (inner && ts.isIdentifier(inner)) {
    const decl = values.symbolOf(inner)?.valueDeclaration;
    inner = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  }
  return !!inner && ts.isNewExpression(inner) && values.sdk.exportOf(inner.expression)?.name === 'ResourceTemplate';
}

function registrationOf(values: RegistrationQueries, call: ts.CallExpression): string | undefined {
  const { name, receiver } = calleeParts(call);
  if (name && receiver && HANDLER_HOSTS.has(name)) return isServerKind(values.valueOf(receiver)) ? name : undefined;
  return savedRegistrationOf(values, call) ?? registrationHelperOf(values, call);
}

/** A registration helper: the method it hands on to, and whether every call of it registers (`alwaysReached`). */
interface RegistrationHelper {
  method: string;
  always: boolean;
}

/** `registrationHelper`'s answers per helper function (null: not a helper), per analysis. */
const helpersOf = new WeakMap<RegistrationQueries, Map<ts.FunctionLikeDeclaration, RegistrationHelper | null>>();

/**
 * A call of the project's own registration helper, read as the registration it makes (sweep 32 AF1: willi-mako-client's
 * 32 tools): `const registerTool = (name, config, handler) => { server.registerTool(name, config, async (args, extra) => {
 * …; return handler(args, extra) }) }`, then `registerTool('add_note', { inputSchema }, async ({ text }, extra) => …)`. The
 * helper hands its parameters on to `registerTool` in the same places — the name first, the config second, and the
 * handler last, itself or called from the callback it registers with that callback's own parameters in order — so each
 * call of it is a registration with the same arguments, and its handler gets the request's context where the SDK's
 * callback does. Only `registerTool` (the current API, whose arguments say what the call registers). The method's name.
 */
export function registrationHelperOf(values: RegistrationQueries, call: ts.CallExpression): string | undefined {
  return registrationHelper(values, call)?.method;
}

/**
 * Whether every call of the helper `call` calls registers what it is given: a helper that registers only the tools a
 * setting enables (`if (!enabled.has(name)) return;`) still registers the tools the analysis reads, but a tool added
 * through it may never be registered (review 41 S41-2).
 */
export function helperAlwaysRegisters(values: RegistrationQueries, call: ts.CallExpression): boolean {
  return registrationHelper(values, call)?.always ?? false;
}

function registrationHelper(values: RegistrationQueries, call: ts.CallExpression): RegistrationHelper | undefined {
  if (call.arguments.length !== 3 || values.constantString(call.arguments[0]!) === undefined) return undefined;
  const helper = values.calls.functionOfCall(call);
  if (!helper || helper.parameters.length !== 3) return undefined;
  let answers = helpersOf.get(values);
  if (!answers) helpersOf.set(values, (answers = new Map()));
  const cached = answers.get(helper);
  if (cached !== undefined) return cached ?? undefined;
  answers.set(helper, null);
  const found = forwardedRegistration(values, helper);
  answers.set(helper, found ?? null);
  return found;
}

function forwardedRegistration(values: RegistrationQueries, helper: ts.FunctionLikeDeclaration): RegistrationHelper | undefined {
  const [nameParam, configParam, handlerParam] = helper.parameters.map((p) => (ts.isIdentifier(p.name) ? values.symbolOf(p.name) : undefined));
  if (!nameParam || !configParam || !handlerParam || !helper.body) return undefined;
  const names = (node: ts.Node | undefined, symbol: ts.Symbol): boolean => {
    const inner = node && unwrap(node);
    return !!inner && ts.isIdentifier(inner) && values.symbolOf(inner) === symbol;
  };
  let found: RegistrationHelper | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && node.arguments.length === 3) {
      const { name, receiver } = calleeParts(node);
      if (name === TOOL_REGISTRATION && receiver && isServerKind(values.valueOf(receiver)) && names(node.arguments[0], nameParam) && names(node.arguments[1], configParam) && handsOn(node.arguments[2]!, handlerParam, names)) {
        found = { method: name, always: alwaysReached(node, helper) };
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(helper.body);
  return found;
}

/**
 * Whether every call of `helper` makes the registration: it is a statement of the helper's body itself (or the body),
 * not under a condition, a loop or a callback, and nothing in the body returns or throws before it. A helper that
 * registers only the tools a setting enables (`if (!enabled.has(name)) return;`) is not one every tool passes through.
 */
function alwaysReached(call: ts.CallExpression, helper: ts.FunctionLikeDeclaration): boolean {
  const body = helper.body!;
  let statement: ts.Node = call;
  while (statement.parent && statement.parent !== body) {
    const parent = statement.parent;
    if (!(ts.isAwaitExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isExpressionStatement(parent) || ts.isReturnStatement(parent) || ts.isVoidExpression(parent) || ts.isAsExpression(parent))) return false;
    statement = parent;
  }
  if (statement.parent !== body) return false;
  if (!ts.isBlock(body)) return true;
  let exits = false;
  const visit = (node: ts.Node): void => {
    if (exits || ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node) || ts.isThrowStatement(node)) exits = true;
    else ts.forEachChild(node, visit);
  };
  for (const s of body.statements) {
    if (s === statement) break;
    visit(s);
  }
  return !exits;
}

/** The handler parameter itself, or a callback that calls it with its own parameters, in order, and nothing else as arguments. */
function handsOn(argument: ts.Expression, handler: ts.Symbol, names: (node: ts.Node | undefined, symbol: ts.Symbol) => boolean): boolean {
  if (names(argument, handler)) return true;
  const callback = unwrap(argument);
  if (!ts.isArrowFunction(callback) && !ts.isFunctionExpression(callback)) return false;
  const params = callback.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));
  if (params.length === 0 || params.some((p) => p === undefined)) return false;
  let forwards = false;
  const visit = (node: ts.Node): void => {
    if (forwards) return;
    if (ts.isCallExpression(node) && names(node.expression, handler)) {
      const args = node.arguments.map((a) => (ts.isIdentifier(unwrap(a)) ? (unwrap(a) as ts.Identifier).text : undefined));
      forwards = args.length === params.length && args.every((a, i) => a === params[i]);
      return;
    }
    if (node !== callback && (ts.isFunctionLike(node) || ts.isClassLike(node))) return;
    ts.forEachChild(node, visit);
  };
  visit(callback);
  return forwards;
}

/**
 * A server's registration method saved before the project overrides it, then called from the override:
 * `const origTool = server.tool.bind(server); server.tool = function (name, description, schema, handler) { return
 * origTool.call(this, name, description, schema, async (args, extra) => { … }) }` (MaidToShelly/UluMCP's billing gate,
 * sweep 27 AA2). The callback the saved method is called with is a handler like one passed to `server.tool` itself;
 * called directly (`origTool(…)`), with `.call(thisArg, …)` or `.apply`. The method's name, or undefined.
 */
function savedRegistrationOf(values: RegistrationQueries, call: ts.CallExpression): string | undefined {
  let callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) && (callee.name.text === 'call' || callee.name.text === 'apply')) callee = unwrap(callee.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const declaration = values.symbolOf(callee)?.valueDeclaration;
  let saved = declaration && ts.isVariableDeclaration(declaration) && declaration.initializer ? unwrap(declaration.initializer) : undefined;
  // `server.tool.bind(server)`
  if (saved && ts.isCallExpression(saved) && ts.isPropertyAccessExpression(saved.expression) && saved.expression.name.text === 'bind') saved = unwrap(saved.expression.expression);
  if (!saved || !ts.isPropertyAccessExpression(saved) || !HANDLER_HOSTS.has(saved.name.text)) return undefined;
  return isServerKind(values.valueOf(saved.expression)) ? saved.name.text : undefined;
}

/** Whether a tool/prompt registration declares arguments (so a one-parameter callback receives args, not ctx). */
function registrationHasArgs(values: RegistrationQueries, call: ts.CallExpression, method: string): boolean {
  const args = call.arguments.slice(1, -1);
  if (method === 'registerTool' || method === 'registerPrompt') {
    const config = args[0] && unwrap(args[0]);
    if (config && ts.isObjectLiteralExpression(config)) {
      return config.properties.some((p) => ['inputSchema', 'argsSchema'].includes(propertyNameText(p.name) ?? ''));
    }
    return true;
  }
  // tool(name, description?, schema?, annotations?, cb): anything but a string (literal or const) is a schema.
  return args.some((a) => !ts.isStringLiteralLike(unwrap(a)) && !ts.isTemplateExpression(unwrap(a)) && values.constantString(a) === undefined);
}

function registrationLabel(call: ts.CallExpression, method: string): string {
  const first = call.arguments[0];
  const named = first ? stringValue(first) : undefined;
  if (named !== undefined) return `${method}('${named}') callback`;
  if (first) return `${method}(${first.getText().replace(/\s+/g, '')}) handler`;
  return `${method} callback`;
}
