/**
 * Objects a session's set-up builds and hands to its server (a browser backend per connection, as in
 * playwright-mcp's `connect(serverBackendFactory, transport)`): no map keyed by the session id, so nothing for
 * the store rewrite to re-key, yet the object is state that spans calls exactly like one. Which object a call
 * means then travels as a handle, and the server that dispatches to it has to look it up per call: a change of
 * the project's dispatcher and of its minting tool that is the maintainer's to design. Each such server
 * creation gets one marker saying what to build, with the names the rewrite would have used.
 *
 * Two refinements for the shape playwright-mcp has:
 * - **A dispatcher.** When the server's factory reaches the handed object only through its members, and its
 *   tools/call handler calls one of them (`backend.callTool(name, args)`: every tool of the object goes through one
 *   call, with schemas listed from the object at run time), the marker names the steps in that factory and its
 *   callers (take the object's factory instead of the object, mint in the dispatcher, look up per call, dispose on
 *   expiry), since no tool registration exists to give a handle argument to.
 * - **State the object builds into its own fields.** `this._context = new Context(…)` in a method of a handed
 *   class is reported by scan on its own (per-session-server); it gets a marker of its own that points at the
 *   creation's and says that this is what the handle must name, built where the handle is minted.
 */
import { ts } from '../../typescript.js';
import path from 'node:path';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, unwrap } from '../../analysis/ast.js';
import { functionNames } from '../../analysis/call-index.js';
import { CONNECT_METHOD, HANDLER_REGISTRATION_METHODS, TOOL_SCHEMA_METHODS } from '../../analysis/sdk-modules.js';
import type { ValueAnalysis } from '../../analysis/values.js';
import type { AnalysisResult } from '../../analysis/model.js';
import { sessionConnection } from '../../analysis/session-servers.js';
import { handleNames, nounOf } from './naming.js';

interface PerSessionObjects {
  /** Where the marker goes: the server's creation (`createServer(backend)`), or the method of a handed object that builds state into its field. */
  at: ts.Node;
  advice: string;
}

export function perSessionObjects(result: AnalysisResult): PerSessionObjects[] {
  const { values, sdk } = result.analysis;
  const out: PerSessionObjects[] = [];
  const seen = new Set<ts.Node>();
  for (const sf of result.sourceFiles) {
    forEachDescendant(sf, (node) => {
      if (!ts.isCallExpression(node) || calleeParts(node).name !== CONNECT_METHOD) return;
      const connection = sessionConnection(values, node);
      const creation = connection?.creation && (unwrap(connection.creation) as ts.Expression);
      if (!connection || connection.shared || !creation || seen.has(creation)) return;
      // What the server factory builds for itself (a promise, a cache of its own) goes with the server per
      // request; what the set-up hands it is the state the session kept.
      const factory = ts.isCallExpression(creation) ? values.calls.functionOfCall(creation) : undefined;
      const handed = connection.state.filter((made) => !factory || !(factory.pos <= made.pos && made.end <= factory.end));
      const built = handed.map((made) => made.expression.getText());
      const classes = [...new Set(built)];
      if (classes.length === 0) return;
      seen.add(creation);
      const name = handedName(creation);
      const names = handleNames(nounFor(classes, name, mostBuilt(built)), 'snake');
      const shape = factory && ts.isCallExpression(creation) ? dispatcher(creation, factory, { sdk, values }) : undefined;
      out.push({ at: creation, advice: advice(creation, classes, name, names, shape) });
      for (const { made, owner } of connection.kept) {
        if (!owner || !classes.includes(owner.cls) || seen.has(made)) continue;
        seen.add(made);
        // Above the method that builds it (`initialize()`), whose span holds the reported `new Context(…)`: a marker
        // above the assignment itself would stand in a stack with the handshake markers other transforms put there
        // (`clientInfo: server.getClientVersion()`), and scan matches only the marker nearest a statement to it.
        const method = enclosingFunction(made);
        out.push({ at: method && ts.isMethodDeclaration(method) ? method : made, advice: fieldAdvice(made, owner, creation, names) });
      }
    });
  }
  return out;
}

/** How a server factory reaches the object it is handed: which of its members each request handler uses, and which it uses outside them. */
interface Dispatcher {
  /** The factory's name (`createServer`). */
  factory: string;
  /** The factory's parameter the object arrives in (`backend`). */
  parameter: string;
  /** What builds the object in the set-up (`serverBackendFactory()`), when the handed variable is initialised by a call. */
  builtBy?: string;
  /** The request handlers the factory registers, by their schema as the code writes it (`CallToolRequestSchema`) → the members each uses. */
  handlers: Map<string, string[]>;
  /** The member a handler forwards its request's `params.arguments` to (`backend.callTool()`): every tool call goes through it. */
  forward: { member: string; handler: string };
  /** Members used outside any request handler (its set-up and clean-up hooks, the server's name). */
  outside: string[];
}

/**
 * The dispatcher shape: every use of the handed parameter in the factory is a member of it (`backend.callTool(…)`,
 * `backend.name`), and its tools/call handler uses one. Undefined for any other use (the object handed on whole).
 */
function dispatcher(creation: ts.CallExpression, factory: ts.FunctionLikeDeclaration, model: { sdk: AnalysisResult['analysis']['sdk']; values: ValueAnalysis }): Dispatcher | undefined {
  // `createServer(backend, runHeartbeat)`: whichever argument the factory uses that way (a flag is read whole).
  for (const [index, argument] of creation.arguments.entries()) {
    const parameter = factory.parameters[index];
    if (!ts.isIdentifier(unwrap(argument)) || !parameter || parameter.dotDotDotToken || !ts.isIdentifier(parameter.name)) continue;
    const uses = membersUsed(parameter.name, factory, model);
    if (!uses?.forward) continue;
    return { factory: calleeParts(creation).name ?? creation.expression.getText(), parameter: parameter.name.text, builtBy: builtBy(argument, model.values), handlers: uses.handlers, outside: uses.outside, forward: uses.forward };
  }
  return undefined;
}

/** The members of `parameter` the factory uses, by the request handler they are in; undefined when it is used whole. */
function membersUsed(parameter: ts.Identifier, factory: ts.FunctionLikeDeclaration, model: { sdk: AnalysisResult['analysis']['sdk']; values: ValueAnalysis }): (Pick<Dispatcher, 'handlers' | 'outside'> & { forward?: Dispatcher['forward'] }) | undefined {
  const symbol = model.values.symbolOf(parameter);
  if (!symbol || !factory.body) return undefined;
  const handlers = new Map<string, string[]>();
  const outside: string[] = [];
  let forward: Dispatcher['forward'] | undefined;
  let whole = false;
  forEachDescendant(factory.body, (node) => {
    if (whole || !ts.isIdentifier(node) || node.text !== parameter.text || model.values.symbolOf(node) !== symbol) return;
    const access = node.parent;
    if (!ts.isPropertyAccessExpression(access) || access.expression !== node) {
      whole = true;
      return;
    }
    const call = access.parent;
    const called = ts.isCallExpression(call) && unwrap(call.expression) === access;
    const member = `${node.text}.${access.name.text}${called ? '()' : ''}`;
    const handler = requestHandlerOf(access, factory, model);
    const list = handler ? (handlers.get(handler.schema) ?? handlers.set(handler.schema, []).get(handler.schema)!) : outside;
    if (!list.includes(member)) list.push(member);
    // The handler that forwards every call is the tools/call one (a prompts/get handler has `params.arguments` too).
    if (handler?.method === 'tools/call' && called && !forward && call.arguments.some((a) => readsArguments(a, handler.request, model.values))) forward = { member, handler: handler.schema };
  });
  return whole ? undefined : { handlers, outside, forward };
}

/**
 * The raw request handler registered inside `factory` (`server.setRequestHandler(CallToolRequestSchema, async (request) => …)`)
 * that `node` is in: its schema as written (what the marker names it by), the tool method it handles when it is one
 * (the SDK's schema resolved through the description, or v2's method string), and its request parameter.
 */
function requestHandlerOf(node: ts.Node, factory: ts.FunctionLikeDeclaration, model: { sdk: AnalysisResult['analysis']['sdk']; values: ValueAnalysis }): { schema: string; method?: string; request?: ts.Identifier } | undefined {
  const { values } = model;
  for (let fn = enclosingFunction(node); fn && fn !== factory && isInside(fn, factory); fn = enclosingFunction(fn)) {
    const call = fn.parent;
    if (!call || !ts.isCallExpression(call) || call.arguments[1] !== fn || !call.arguments[0]) continue;
    const { name, receiver } = calleeParts(call);
    const kind = receiver && values.valueOf(receiver)?.kind;
    if (!name || !HANDLER_REGISTRATION_METHODS.has(name) || (kind !== 'server' && kind !== 'mcp-server')) continue;
    const request = fn.parameters[0]?.name;
    const schema = model.sdk.exportOf(unwrap(call.arguments[0]))?.name;
    const method = schema !== undefined && Object.hasOwn(TOOL_SCHEMA_METHODS, schema) ? TOOL_SCHEMA_METHODS[schema] : values.constantString(call.arguments[0]);
    return { schema: call.arguments[0].getText().replace(/\s+/g, ''), method, request: request && ts.isIdentifier(request) ? request : undefined };
  }
  return undefined;
}

/** `request.params.arguments` (or `… || {}`): the argument carries the arguments of the handled request. */
function readsArguments(argument: ts.Expression, request: ts.Identifier | undefined, values: ValueAnalysis): boolean {
  if (!request) return false;
  const symbol = values.symbolOf(request);
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isPropertyAccessExpression(node) && node.name.text === 'arguments') {
      const params = unwrap(node.expression);
      if (ts.isPropertyAccessExpression(params) && params.name.text === 'params') {
        const root = unwrap(params.expression);
        if (ts.isIdentifier(root) && values.symbolOf(root) === symbol) found = true;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(argument);
  return found;
}

/** `serverBackendFactory()` for `backend` declared `const backend = serverBackendFactory()` in the set-up. */
function builtBy(argument: ts.Expression, values: ValueAnalysis): string | undefined {
  const inner = unwrap(argument);
  const decl = ts.isIdentifier(inner) ? values.symbolOf(inner)?.valueDeclaration : undefined;
  const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  const call = init && ts.isAwaitExpression(init) ? unwrap(init.expression) : init;
  return call && ts.isCallExpression(call) ? `${call.expression.getText().replace(/\s+/g, '')}()` : undefined;
}

/** `backend` in `createServer(backend)`: the name the project gives the object, when it passes one variable. */
function handedName(creation: ts.Expression): string | undefined {
  const args = ts.isCallExpression(creation) || ts.isNewExpression(creation) ? (creation.arguments ?? []) : [];
  const named = args.map((a) => unwrap(a)).filter(ts.isIdentifier);
  return named.length === 1 ? named[0]!.text : undefined;
}

/** Words of a class name that say what kind of object it is, not what it holds (`BrowserServerBackend` → browser). */
const ROLE_WORDS = new Set(['server', 'backend', 'context', 'manager', 'client', 'session', 'instance', 'impl', 'service', 'handler', 'mcp']);

/**
 * The class the session set-ups build most often, when one does (playwright-mcp's factories build
 * `BrowserServerBackend` in two set-ups, `ProxyBackend` and `LoopToolsServerBackend` in one each): the object a
 * session usually holds, so the handle is named after it.
 */
function mostBuilt(built: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const name of built) counts.set(name, (counts.get(name) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  return ranked.length > 1 && ranked[0]![1] > ranked[1]![1] ? ranked[0]![0] : undefined;
}

/** The first word of a class name that says what it holds, not what kind of object it is. */
function tellingWord(className: string): string | undefined {
  return className.split(/(?<=[a-z0-9])(?=[A-Z])/).map((w) => w.toLowerCase()).find((w) => !ROLE_WORDS.has(w) && /^[a-z][a-z0-9]*$/.test(w));
}

/** The noun of the handle: the one (or most built) class's first telling word, else the name the project gives the object. */
function nounFor(classes: readonly string[], name: string | undefined, usual: string | undefined): string {
  const named = classes.length === 1 ? classes[0] : usual;
  const word = named && tellingWord(named);
  if (word) return word;
  return name ? nounOf(name) : nounOf(classes[0]!);
}

function advice(creation: ts.Expression, classes: readonly string[], name: string | undefined, names: ReturnType<typeof handleNames>, shape: Dispatcher | undefined): string {
  const server = creation.getText().replace(/\s+/g, ' ').slice(0, 60);
  const objects = classes.map((c) => `\`${c}\``).join(', ');
  const general =
    `\`${server}\` runs once per session, with ${objects}${name ? ` (\`${name}\`${shape?.builtBy ? `, built by \`${shape.builtBy}\`` : ''})` : ''} made for it: one object per connection, shared by every call of it. ` +
    `On 2026-07-28 a server is built per request, so the object would be made, and lost, on every call. Make it a handle: ` +
    `a \`${names.mintTool}\` tool (or the tool that already opens it) builds it, keeps it in a registry bound to the caller with expiry ` +
    `(createHandleRegistry, as the handles transform generates in mcp-handles) and returns a \`${names.argument}\`; every other tool takes \`${names.argument}\`, ` +
    `is refused unless the caller owns it, and dispatches to that object; close the object when its handle expires.`;
  return shape ? `${general} ${dispatcherSteps(shape, names)}` : general;
}

/** The steps for a server whose tools/call handler forwards every call to the object: the change is in the factory, not in each tool. */
function dispatcherSteps(shape: Dispatcher, names: ReturnType<typeof handleNames>): string {
  const code = (items: readonly string[]): string => items.map((m) => `\`${m}\``).join(', ');
  const byHandler = [...shape.handlers].map(([schema, members]) => `${code(members)} in the handler of \`${schema}\``);
  const others = [...shape.handlers].filter(([schema]) => schema !== shape.forward.handler);
  const make = shape.builtBy ? `\`${shape.builtBy.replace(/\(\)$/, '')}\`` : 'the function that builds it';
  const setUp = shape.outside.filter((m) => m.endsWith('()'));
  return (
    `Here the server reaches \`${shape.parameter}\` only through its members (${[...byHandler, ...(shape.outside.length ? [`${code(shape.outside)} outside any request`] : [])].join('; ')}), ` +
    `and the handler of \`${shape.forward.handler}\` forwards every call's arguments to \`${shape.forward.member}\`, so the change is in \`${shape.factory}()\` and its callers, not in each tool: ` +
    `(1) give \`${shape.factory}()\` ${make} instead of the object, so a server built per request can build and find objects; ` +
    `(2) list \`${names.mintTool}\` with the object's tools${others.length ? ` (the handler of ${others.map(([schema]) => `\`${schema}\``).join(', ')})` : ''}, each with a required \`${names.argument}\` in its inputSchema; ` +
    `(3) in the handler of \`${shape.forward.handler}\`, answer \`${names.mintTool}\` by building the object${setUp.length ? `, running the set-up among what the server runs today outside any request (${code(setUp)}; what it reads of the handshake comes from that request instead),` : ''} and minting the handle; for any other tool take \`${names.argument}\` out of the arguments, look the object up (an unknown, foreign or expired handle is a tool error naming \`${names.mintTool}\`) and call \`${shape.forward.member}\` with the rest; ` +
    `(4) release the object when its handle expires${setUp.length ? ' (with the clean-up among those calls, run today when the server closes)' : ''}; (5) then serve each request with a fresh server.`
  );
}

/**
 * `this._context = new Context(…)` in a method of a handed class: the state the per-session object keeps, and so
 * what the handle stands for. Points at the creation's marker (by its call and file: a line would be stale once
 * markers are inserted above it).
 */
function fieldAdvice(made: ts.NewExpression, owner: { cls: string; field: string }, creation: ts.Expression, names: ReturnType<typeof handleNames>): string {
  const method = enclosingFunction(made);
  const where = method ? functionNames(method)[0] : undefined;
  const file = creation.getSourceFile() === made.getSourceFile() ? '' : ` in ${path.basename(creation.getSourceFile().fileName)}`;
  const server = creation.getText().replace(/\s+/g, ' ').slice(0, 60);
  return (
    `\`this.${owner.field}\` (\`new ${made.expression.getText()}(…)\`) is what a \`${owner.cls}\` keeps between the calls of its session${where ? `, built in \`${where}()\`` : ''}: ` +
    `the state the \`${names.argument}\` handle has to name (see the marker at \`${server}\`${file}). ` +
    `Build it where that handle is minted (\`${names.mintTool}\`, from that request rather than from the handshake), keep the \`${owner.cls}\` in the handle registry, and dispose of it when the handle expires rather than when a server closes.`
  );
}
