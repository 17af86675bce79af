/**
 * Servers whose life is a session's: found where an SDK server is connected to a sessionful transport.
 *
 * A transport is sessionful when it is an SDK Streamable HTTP transport whose options mint session ids
 * (`sessionIdGenerator` not `undefined`, or an `onsessioninitialized` callback), or an HTTP+SSE transport (every
 * SSE connection is a session). The function that constructs such a transport runs once per session (its
 * "session set-up"). Then, for `server.connect(transport)`:
 *
 * - `shared`: the server is declared outside the set-up and not re-created in it: one instance is connected to
 *   every session's transport, so whatever it keeps (its transport, the negotiated client, tool state) belongs to
 *   whichever session connected last. (SSE is reported by `session-transport/sse-transport` already.)
 * - `per session`: the server is created in the set-up, together with project objects that hold state — a
 *   browser context, a tool backend, an exports manager — constructed in the set-up and handed to the server
 *   factory, or constructed by the factory itself. That state then lives exactly as long as the session and
 *   every call of the session shares it, without any session id in sight.
 */
import { ts } from '../typescript.js';
import { assignmentsIn } from './assignments.js';
import { calleeParts, enclosingFunction, forEachDescendant, isFunctionLike, isInside, memberAccess, outermostWrapper, propertyNameText, statementOf, unwrap } from './ast.js';
import { isCollectionDeclaration } from './session-flow.js';
import { CONNECT_METHOD, FEATURE_HANDLED_METHODS, HANDLER_REGISTRATION_METHODS, REGISTRATION_METHODS, REQUEST_HANDLER_REGISTRATION, SSE_TRANSPORTS, STREAMABLE_HTTP_TRANSPORTS, TRANSPORT_MEMBERS } from './sdk-modules.js';
import { requestMethod } from './tools.js';
import { returnedExpressions, type ValueAnalysis } from './values.js';
import { functionOfDeclaration } from './declarations.js';
import { isServerKind } from './value.js';
import { sessionCallbackName } from './constructor-options.js';
import { SCHEDULING_TIMERS, timerStarted } from './timers.js';
import { packageBuilding } from './package-imports.js';
import { enclosingRoute, routesAt } from './routes.js';

export interface SessionConnection {
  /** The `connect` name node of `server.connect(transport)`. */
  connect: ts.Node;
  /** The construction of the sessionful transport (absent when the set-up is an `onsessioninitialized` callback). */
  transport?: ts.NewExpression;
  /** Whether it is an HTTP+SSE transport. */
  sse: boolean;
  /** The function that constructs the transport: it runs once per session. */
  setup: ts.FunctionLikeDeclaration;
  /** Set when one server, declared outside the set-up, is connected to every session's transport. */
  shared?: ts.Identifier;
  /** Set when the server is created in the set-up: the expression that creates it. */
  creation?: ts.Expression;
  /** Project classes constructed per session with it (in the set-up and handed to it, or in its factory). */
  state: ts.NewExpression[];
  /** The opening request's credentials handed to it (`req.auth`, the `Authorization` header): auth kept per session. */
  credentials: ts.Node[];
  /**
   * Closure state of the server's factory: collections and `let` variables declared in its body and written by the
   * functions it registers (`const subscriptions = new Set()` filled by a subscribe handler, `let logLevel` set by
   * `logging/setLevel`). Built once per server, they live as long as the session too.
   */
  closures: ts.Identifier[];
  /**
   * The closures among them that a call leaves for later calls: written by a tool's handler (or any function the
   * factory registers) other than the handler of a method an SDK feature owns (`logging/setLevel`'s level,
   * `resources/subscribe`'s subscriptions, which their own rules report). A server built per request would start
   * these afresh on every call (`let initialized = false` set by a `session_init` tool and checked by the next: sweep 13).
   */
  callState: ts.Identifier[];
  /**
   * Objects the set-up builds next to the server and hands, with the server, to a function that registers on it
   * (`const ctx = { state: {…} }; registerTools(server, ctx)`), whose registered handlers write into them
   * (`ctx.state.pendingCode = …` in one tool, read by the next): state of the session's calls, with no id in sight
   * (cloudgrid-io/mcp, sweep 12 K4).
   */
  handedWith: Array<{ object: ts.Identifier; call: ts.CallExpression }>;
  /**
   * Project objects with state built further down the server's factory chain — in the functions whose result the
   * factory returns (`return this._serverFactory()`, a factory handed to a class's constructor, a default export
   * building `new Context(…)`), not in the factory itself: each lives per session too, far from the set-up.
   */
  nested: ts.NewExpression[];
  /**
   * Objects built once per session and kept by it across calls, each a site of its own: a project object the
   * server's factory builds next to the server (not handed to it by the set-up), and a project object a per-session
   * object builds into one of its fields in a method (`initialize() { this._context = new Context(…) }` of a backend
   * built per connection). Only classes whose instances change after construction count (see `keepsStateAcrossCalls`).
   */
  /**
   * The server is built by a function of another package (`createServer` of `@playwright/mcp`): what each instance
   * keeps between the calls of its session (a browser and its pages, a login) cannot be read here (sweep 21 U3).
   */
  packageServer?: { pkg: string; factory: string };
  /**
   * The server is a field of a project object built there (`const notes = new NotesServer(folder); notes.server.connect(t)`),
   * whose functions (methods, or handlers its constructor registers) change its other fields: state of the session's
   * calls kept on the wrapper (sweep 23 W2).
   */
  wrapper?: { cls: string; fields: string[] };
  kept: Array<{
    made: ts.NewExpression;
    /** For an object built into a field of a per-session object: that object's class and the field. */
    owner?: { cls: string; field: string };
  }>;
}

type KeptObject = SessionConnection['kept'][number];

export function sessionConnection(values: ValueAnalysis, call: ts.CallExpression): SessionConnection | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (name !== CONNECT_METHOD || !receiver || !nameNode || call.arguments.length !== 1) return undefined;
  // A value built by a package's function is taken for a server when it is connected to an SDK transport built right
  // there (checked below: the connection needs a sessionful SDK transport): its type is not in the program.
  const known = isServerKind(values.valueOf(receiver)) || isServerKind(destructuredServer(values, receiver)) || wrapsServer(values, receiver);
  const fromPackage = known ? undefined : packageServerOf(values, receiver);
  if (!known && !fromPackage) return undefined;
  const direct = constructionOf(values, call.arguments[0]!, call);
  if (fromPackage && !direct) return undefined;
  // `connect(factory, transport)`: a project helper the set-up hands its new transport to builds and connects the
  // server; it runs once per session just like the set-up, so the server's creation is looked for in the helper.
  const handed = direct ? undefined : transportHandedIn(values, call);
  const transport = direct ?? handed?.transport;
  // `onsessioninitialized: (sid) => { const server = createServer(); await server.connect(new RedisTransport(sid)) }`:
  // the callback runs once per session, whatever transport (the project's own) the server is connected to there.
  const callback = transport && isSessionful(values, transport) ? undefined : sessionCallbackAround(values, call);
  if (!callback && (!transport || !isSessionful(values, transport))) return undefined;
  const sse = !callback && SSE_TRANSPORTS.has(values.valueOf(transport!)?.cls ?? '');
  const setup = callback ?? enclosingFunction(transport!);
  if (!setup || !isInside(handed?.invocation ?? call, setup)) return undefined;
  const scope = handed && !callback ? handed.helper : setup;

  // `createServer().connect(transport)`: the server is built right there, once per session like a named one.
  const built = unwrap(receiver) as ts.Expression;
  const builtCall = ts.isAwaitExpression(built) ? unwrap(built.expression) : built;
  if (ts.isCallExpression(builtCall) && (isServerKind(values.valueOf(built)) || fromPackage)) {
    const state = stateBuiltWith(values, built, scope);
    const nested = nestedState(values, built);
    const closures = closureStateOf(values, built);
    return {
      connect: nameNode,
      transport,
      sse,
      setup,
      creation: built,
      state,
      credentials: credentialsHandedTo(values, built, scope),
      closures: closures.written,
      callState: closures.leftForLaterCalls,
      handedWith: [],
      nested,
      ...(fromPackage ? { packageServer: fromPackage } : {}),
      kept: keptState(values, built, state, nested),
    };
  }
  // The server itself (`server.connect`) or the bundle holding it (`connection.server.connect`).
  let root: ts.Node = built;
  if (ts.isPropertyAccessExpression(root) && ts.isIdentifier(unwrap(root.expression))) root = unwrap(root.expression);
  if (!ts.isIdentifier(root)) return undefined;
  const symbol = values.symbolOf(root);
  const decl = symbol?.valueDeclaration;
  if (!decl) return undefined;
  const assignedInScope = assignmentsIn(values, scope, root);
  const sharedConnection = { connect: nameNode, transport, sse, setup, shared: root, state: [], credentials: [], closures: [], callState: [], handedWith: [], nested: [], kept: [] };
  if (!isInside(decl, scope) && assignedInScope.length === 0) {
    // A server declared outside a helper may still be made per session by its caller: only a server connected
    // directly by the set-up is judged shared.
    return handed || callback || root !== unwrap(receiver) ? undefined : sharedConnection;
  }
  // `resolveTransport(req, res, server)`: the set-up's parameter, which every caller fills with a server that
  // outlives the call (declared outside the calling function, e.g. created once at start-up).
  if (ts.isParameter(decl) && decl.parent === setup && assignedInScope.length === 0) {
    return !handed && !callback && root === unwrap(receiver) && outlivesEveryCall(values, decl, 0) ? sharedConnection : undefined;
  }
  const declared = ts.isBindingElement(decl) ? bindingDeclaration(decl) : decl;
  const creation = isInside(decl, scope) && declared && ts.isVariableDeclaration(declared) && declared.initializer ? declared.initializer : assignedInScope[0];
  if (!creation) return undefined;
  const state = stateBuiltWith(values, creation, scope);
  const nested = nestedState(values, creation);
  const closures = closureStateOf(values, creation);
  const wrapper = root !== unwrap(receiver) && ts.isPropertyAccessExpression(built) ? wrapperState(values, creation, built.name.text) : undefined;
  return {
    connect: nameNode,
    transport,
    sse,
    setup,
    creation,
    ...(wrapper ? { wrapper } : {}),
    state,
    credentials: credentialsHandedTo(values, creation, scope),
    closures: closures.written,
    callState: closures.leftForLaterCalls,
    handedWith: stateHandedWithServer(values, creation, scope),
    nested,
    ...(fromPackage ? { packageServer: fromPackage } : {}),
    kept: keptState(values, creation, state, nested),
  };
}

/**
 * `createServer(…)` of a package, or a variable holding its result (`const server = await createServer(…)`): the
 * package and the function. A value the program's own code builds is not this (its type is read instead).
 */
function packageServerOf(values: ValueAnalysis, receiver: ts.Expression): { pkg: string; factory: string } | undefined {
  const root = unwrap(receiver);
  const handsOnServer = (arg: ts.Expression): boolean => isServerKind(values.valueOf(arg));
  if (!ts.isIdentifier(root)) return packageBuilding(values, root as ts.Expression, handsOnServer);
  const decl = values.symbolOf(root)?.valueDeclaration;
  return decl && ts.isVariableDeclaration(decl) && decl.initializer ? packageBuilding(values, decl.initializer, handsOnServer) : undefined;
}

/**
 * What the session keeps across calls, beyond the server itself: objects the server's factory builds in its own body
 * (those the set-up builds and hands in are named by the creation's finding), and objects that the per-session objects
 * (handed in, built by the factory, or built further down its chain) build into their fields in a method.
 */
function keptState(values: ValueAnalysis, creation: ts.Expression, state: ts.NewExpression[], nested: ts.NewExpression[]): KeptObject[] {
  const out: KeptObject[] = [];
  const seen = new Set<ts.Node>(nested);
  const note = (kept: KeptObject): void => {
    if (seen.has(kept.made)) return;
    seen.add(kept.made);
    out.push(kept);
  };
  const factory = factoryOf(values, creation);
  for (const made of state) {
    if (factory && enclosingFunction(made) === factory && reachedByCalls(values, made, factory) && keepsStateAcrossCalls(values, classOf(values, made))) note({ made });
  }
  for (const owner of [...state, ...nested]) {
    const cls = classOf(values, owner);
    if (!cls) continue;
    for (const member of cls.members) {
      const body = memberBody(member);
      if (!body || ts.isConstructorDeclaration(member)) continue;
      forEachDescendant(body, (node) => {
        if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
        const left = unwrap(node.left);
        if (!ts.isPropertyAccessExpression(left) || left.expression.kind !== ts.SyntaxKind.ThisKeyword) return;
        let right = unwrap(node.right);
        if (ts.isAwaitExpression(right)) right = unwrap(right.expression);
        if (!ts.isNewExpression(right) || !isStatefulProjectClass(values, right) || !keepsStateAcrossCalls(values, classOf(values, right))) return;
        note({ made: right, owner: { cls: cls.name?.text ?? owner.expression.getText(), field: left.name.text } });
      });
    }
  }
  return out;
}

/**
 * Whether the calls of the session reach an object the factory builds: it is held in a variable that a function the
 * factory creates (a request handler, a tool callback) refers to (`const context = new Context(…)` used by the
 * `tools/call` handler), not only configuration handed to a constructor while the server is built.
 */
function reachedByCalls(values: ValueAnalysis, made: ts.NewExpression, factory: ts.FunctionLikeDeclaration): boolean {
  const holder = outermostWrapper(made).parent;
  if (!holder || !ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name) || !factory.body) return false;
  const symbol = values.symbolOf(holder.name);
  let reached = false;
  forEachDescendant(factory.body, (node) => {
    if (!reached && ts.isIdentifier(node) && node !== holder.name && enclosingFunction(node) !== factory && values.symbolOf(node) === symbol) reached = true;
  });
  return reached;
}

/** The body of a class member that runs after construction: a method's or accessor's, or a function-valued field's. */
function memberBody(member: ts.ClassElement): ts.Node | undefined {
  if (isStatic(member)) return undefined;
  if (ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) || ts.isSetAccessorDeclaration(member) || ts.isConstructorDeclaration(member)) return member.body;
  if (ts.isPropertyDeclaration(member) && member.initializer && isFunctionLike(unwrap(member.initializer))) return unwrap(member.initializer);
  return undefined;
}

/** The project class `new X(…)` constructs. */
export function classOf(values: ValueAnalysis, created: ts.NewExpression): ts.ClassLikeDeclaration | undefined {
  const id = unwrap(created.expression);
  // `new (class { … })()`: the class written in place.
  if (ts.isClassExpression(id)) return id;
  const target = ts.isPropertyAccessExpression(id) ? id.name : id;
  if (!ts.isIdentifier(target)) return undefined;
  const cls = values.symbolOf(target)?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassDeclaration(d) || ts.isClassExpression(d));
  return cls && !cls.getSourceFile().isDeclarationFile ? cls : undefined;
}

/**
 * Whether a class's instances change after construction: a method (not the constructor) assigns one of its fields
 * (`this._currentTab = tab`, `this._count++`) or mutates a collection held in one (`this._tabs.push(tab)`), or the
 * instance holds an object built with it that does. An object only configured by its constructor (`readonly server`,
 * `readonly context`) keeps nothing a call could leave for the next. A class extending a library or built-in class (`extends Promise<T>`, `extends EventEmitter`) is a
 * specialised utility value rather than the project's state, and does not count.
 */
function keepsStateAcrossCalls(values: ValueAnalysis, cls: ts.ClassLikeDeclaration | undefined, depth = 0): boolean {
  if (!cls || depth > MAX_HELD_DEPTH) return false;
  const base = cls.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  if (base) {
    const target = ts.isPropertyAccessExpression(base) ? base.name : base;
    // An imported base is what the import resolves to; one that does not resolve (a package not installed) is a library's.
    let symbol = values.symbolOf(target);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
      try {
        symbol = values.checker.getAliasedSymbol(symbol);
      } catch {
        symbol = undefined;
      }
    }
    const declarations = symbol?.declarations ?? [];
    if (!declarations.some((d) => !d.getSourceFile().isDeclarationFile && !ts.isImportClause(d) && !ts.isImportSpecifier(d) && !ts.isNamespaceImport(d))) return false;
  }
  let changes = false;
  for (const member of cls.members) {
    const body = memberBody(member);
    if (!body || ts.isConstructorDeclaration(member)) continue;
    forEachDescendant(body, (node) => {
      if (changes) return;
      const field = thisFieldWritten(node);
      if (field) changes = true;
    });
    if (changes) return true;
  }
  // Or it holds such an object, built when it is constructed (`this.sessionManager = new SessionManager(id)`).
  for (const member of cls.members) {
    const built = ts.isConstructorDeclaration(member) ? member.body : ts.isPropertyDeclaration(member) && !isStatic(member) ? member.initializer : undefined;
    if (!built) continue;
    forEachDescendant(built, (node) => {
      if (!changes && ts.isNewExpression(node) && keepsStateAcrossCalls(values, classOf(values, node), depth + 1)) changes = true;
    });
    if (changes) return true;
  }
  return false;
}

/** How many held objects deep `keepsStateAcrossCalls` looks (a context holding a session manager holding a browser). */
const MAX_HELD_DEPTH = 2;

function isStatic(member: ts.ClassElement): boolean {
  return ts.canHaveModifiers(member) && (ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) ?? false);
}

/** `this.x = …` / `this.x += …` / `this.x++` / `this.x.push(…)` (a collection mutator): the field written. */
function thisFieldWritten(node: ts.Node): string | undefined {
  const field = (expr: ts.Expression): string | undefined => {
    const inner = unwrap(expr);
    return ts.isPropertyAccessExpression(inner) && inner.expression.kind === ts.SyntaxKind.ThisKeyword ? inner.name.text : undefined;
  };
  if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return field(node.left);
  if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) return field(node.operand);
  if (ts.isCallExpression(node)) {
    const callee = unwrap(node.expression);
    if (ts.isPropertyAccessExpression(callee) && MUTATORS.has(callee.name.text)) return field(callee.expression);
  }
  return undefined;
}

/** `new Wrapper(…)` of a project class whose calls change its fields: the class and those fields (sweep 23 W2). */
function wrapperState(values: ValueAnalysis, creation: ts.Expression, serverField: string): { cls: string; fields: string[] } | undefined {
  const made = unwrap(creation);
  const cls = ts.isNewExpression(made) ? classOf(values, made) : undefined;
  const fields = cls ? fieldsChangedByCalls(values, cls).filter((field) => field !== serverField) : [];
  return cls && fields.length > 0 ? { cls: cls.name?.text ?? 'an object of the project', fields } : undefined;
}

/**
 * The fields of a class that its instances' calls change after construction: written in a method, or in a function
 * its constructor creates (a tool handler it registers: `this.server.tool('set_folder', …, ({ path }) => { this.folder = path })`).
 */
export function fieldsChangedByCalls(values: ValueAnalysis, cls: ts.ClassLikeDeclaration): string[] {
  const fields = new Set<string>();
  const constructor = cls.members.find(ts.isConstructorDeclaration);
  for (const member of cls.members) {
    const body = memberBody(member);
    if (!body) continue;
    const isConstructor = member === constructor;
    // A set-up method only the constructor calls (`constructor() { this.init() }`) runs once, while the object is built
    // (review 36 R1).
    if (!isConstructor && constructor && ts.isMethodDeclaration(member) && calledOnlyWhileBuilding(values, member, constructor)) continue;
    forEachDescendant(body, (node) => {
      const field = thisFieldWritten(node);
      // In the constructor, only what a function it creates writes later (an arrow keeps the constructor's `this`).
      if (field && (!isConstructor || enclosingFunction(node) !== member)) fields.add(field);
    });
  }
  return [...fields];
}

/** Every call of `method` is in the constructor's own body (not in a function it creates), directly or through such methods. */
function calledOnlyWhileBuilding(values: ValueAnalysis, method: ts.MethodDeclaration, constructor: ts.ConstructorDeclaration, depth = 0): boolean {
  const calls = values.calls.invocationsOf(method);
  if (calls.length === 0 || depth > 3) return false;
  return calls.every((call) => {
    const fn = enclosingFunction(call);
    return fn === constructor || (fn !== method && fn !== undefined && ts.isMethodDeclaration(fn) && fn.parent === method.parent && calledOnlyWhileBuilding(values, fn, constructor, depth + 1));
  });
}

/** How many factory hops below the server's creation are followed (`create()` → field factory → default export). */
const MAX_FACTORY_DEPTH = 4;

/** Stateful project objects constructed in the functions the creation's factory returns the result of (not the factory itself). */
function nestedState(values: ValueAnalysis, creation: ts.Expression): ts.NewExpression[] {
  const factory = factoryOf(values, creation);
  if (!factory) return [];
  const out: ts.NewExpression[] = [];
  const seen = new Set<ts.Node>([factory]);
  let level = producersOf(values, factory);
  for (let depth = 0; depth < MAX_FACTORY_DEPTH && level.length > 0; depth++) {
    const next: ts.FunctionLikeDeclaration[] = [];
    for (const fn of level) {
      if (seen.has(fn)) continue;
      seen.add(fn);
      if (fn.body) {
        const visit = (node: ts.Node): void => {
          if (node !== fn && isFunctionLike(node)) return;
          if (ts.isNewExpression(node) && isStatefulProjectClass(values, node) && keepsStateAcrossCalls(values, classOf(values, node)) && !classWrapsServer(values, classOf(values, node))) out.push(node);
          ts.forEachChild(node, visit);
        };
        visit(fn.body);
      }
      next.push(...producersOf(values, fn));
    }
    level = next;
  }
  return out;
}

/**
 * The project functions whose result `fn` returns: `return make()`, `const server = await make(); …; return server`,
 * an arrow's expression body; `make` a named function, a parameter's or `let`'s functions (see `functionsCalled`), or a
 * function-valued field set from a constructor parameter (`this._serverFactory()`).
 */
function producersOf(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration): ts.FunctionLikeDeclaration[] {
  const out: ts.FunctionLikeDeclaration[] = [];
  for (const returned of returnedExpressions(fn)) {
    let value = settled(returned);
    if (ts.isIdentifier(value)) {
      const init = initializerIn(values, value, fn);
      if (init) value = settled(init);
    }
    if (!ts.isCallExpression(value)) continue;
    const callee = unwrap(value.expression);
    const field = ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword ? fieldFactories(values, callee) : [];
    out.push(...functionsCalled(values, value, 0), ...field);
  }
  return out;
}

/**
 * What a promise-returning expression settles to, as written: `await x` and `Promise.resolve(x)` are `x` (an override
 * of an async factory method returning `Promise.resolve(createServerFromConfig(…))`).
 */
function settled(expr: ts.Expression): ts.Expression {
  let value = unwrap(expr) as ts.Expression;
  for (;;) {
    if (ts.isAwaitExpression(value)) value = unwrap(value.expression) as ts.Expression;
    else if (isPromiseResolve(value)) value = unwrap(value.arguments[0]!) as ts.Expression;
    else return value;
  }
}

function isPromiseResolve(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || node.arguments.length !== 1) return false;
  const callee = unwrap(node.expression);
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve' && ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise';
}

/**
 * The function a server's creation runs: the project function it calls (`createServer()`, `await this.build()`), or,
 * for an abstract method, its override in a project subclass (`protected abstract createServerForRequest()` overridden
 * by the runner's subclass).
 */
function factoryOf(values: ValueAnalysis, creation: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  const created = settled(creation);
  return ts.isCallExpression(created) ? implementationsOf(values, created)[0] : undefined;
}

function implementationsOf(values: ValueAnalysis, call: ts.CallExpression): ts.FunctionLikeDeclaration[] {
  const fn = values.calls.functionOfCall(call);
  if (!fn) return [];
  if (fn.body) return [fn];
  const name = ts.isMethodDeclaration(fn) ? propertyNameText(fn.name) : undefined;
  return name && ts.isClassLike(fn.parent) ? overridesIn(values, fn.parent, name, 0) : [];
}

/** Methods named `name` with a body in the project subclasses of `cls` (the nearest in each line of descent). */
function overridesIn(values: ValueAnalysis, cls: ts.ClassLikeDeclaration, name: string, depth: number): ts.FunctionLikeDeclaration[] {
  if (depth > MAX_SUBCLASS_DEPTH) return [];
  const out: ts.FunctionLikeDeclaration[] = [];
  for (const sub of values.calls.subclassesOf(cls)) {
    const own = sub.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && propertyNameText(m.name) === name && !!m.body);
    if (own) out.push(own);
    else out.push(...overridesIn(values, sub, name, depth + 1));
  }
  return out;
}

const MAX_SUBCLASS_DEPTH = 3;

/**
 * A receiver that is a project object wrapping an SDK server (`const server = await this.createServerForRequest(req);
 * await server.connect(transport)`): what it is made from — followed through the factory chain — is an instance of a
 * project class whose `connect(transport)` connects an SDK server to that transport (`this.mcpServer.connect(transport)`).
 */
function wrapsServer(values: ValueAnalysis, receiver: ts.Expression): boolean {
  const root = unwrap(receiver);
  const decl = ts.isIdentifier(root) ? values.symbolOf(root)?.valueDeclaration : undefined;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return false;
  return instancesMadeBy(values, decl.initializer, 0).some((made) => classWrapsServer(values, classOf(values, made)));
}

/** The `new X(…)` an expression evaluates to, through awaits, `Promise.resolve`, local variables and project factories. */
function instancesMadeBy(values: ValueAnalysis, expr: ts.Expression, depth: number): ts.NewExpression[] {
  const value = settled(expr);
  if (ts.isNewExpression(value)) return [value];
  if (depth >= MAX_FACTORY_DEPTH || !ts.isCallExpression(value)) return [];
  const out: ts.NewExpression[] = [];
  for (const fn of implementationsOf(values, value)) {
    for (const returned of returnedExpressions(fn)) {
      let result = settled(returned);
      if (ts.isIdentifier(result)) result = initializerIn(values, result, fn) ?? result;
      out.push(...instancesMadeBy(values, result, depth + 1));
    }
  }
  return out;
}

/** A project class with a `connect(transport)` method that connects an SDK server to its parameter. */
function classWrapsServer(values: ValueAnalysis, cls: ts.ClassLikeDeclaration | undefined): boolean {
  const connect = cls?.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && propertyNameText(m.name) === CONNECT_METHOD && !!m.body && m.parameters.length >= 1);
  const param = connect?.parameters[0];
  if (!connect?.body || !param || !ts.isIdentifier(param.name)) return false;
  const paramSymbol = values.symbolOf(param.name);
  let found = false;
  forEachDescendant(connect.body, (node) => {
    if (found || !ts.isCallExpression(node) || node.arguments.length !== 1) return;
    const { name, receiver } = calleeParts(node);
    const arg = unwrap(node.arguments[0]!);
    if (name === CONNECT_METHOD && receiver && ts.isIdentifier(arg) && values.symbolOf(arg) === paramSymbol && isServerKind(values.valueOf(receiver))) found = true;
  });
  return found;
}

/** `this.factory` assigned from a constructor parameter: the functions the class's constructions pass for it. */
function fieldFactories(values: ValueAnalysis, access: ts.PropertyAccessExpression): ts.FunctionLikeDeclaration[] {
  let cls: ts.Node | undefined = access.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  const ctor = cls && ts.isClassLike(cls) ? cls.members.find(ts.isConstructorDeclaration) : undefined;
  if (!ctor?.body) return [];
  let param: ts.ParameterDeclaration | undefined = ctor.parameters.find((p) => ts.getModifiers(p)?.length && ts.isIdentifier(p.name) && p.name.text === access.name.text);
  forEachDescendant(ctor.body, (node) => {
    if (param || !ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return;
    const left = node.left;
    if (!ts.isPropertyAccessExpression(left) || left.expression.kind !== ts.SyntaxKind.ThisKeyword || left.name.text !== access.name.text) return;
    const right = unwrap(node.right);
    const decl = ts.isIdentifier(right) ? values.symbolOf(right)?.valueDeclaration : undefined;
    if (decl && ts.isParameter(decl) && decl.parent === ctor) param = decl;
  });
  if (!param) return [];
  const index = ctor.parameters.indexOf(param);
  const out: ts.FunctionLikeDeclaration[] = [];
  for (const site of values.calls.invocationsOf(ctor)) {
    const passed = site.arguments?.[index];
    const inner = passed && !ts.isSpreadElement(passed) ? unwrap(passed) : undefined;
    if (inner && isFunctionLike(inner)) out.push(inner);
    else if (inner && ts.isIdentifier(inner)) out.push(...functionsPassedAs(values, inner, 0));
  }
  return out;
}

/**
 * `const { server, cleanup } = createMcpServer()`: the value of the property the project factory returns under that
 * name (`return { server, cleanup }` with `const server = new Server(…)`), when the binding itself has no known value.
 */
function destructuredServer(values: ValueAnalysis, receiver: ts.Expression): ReturnType<ValueAnalysis['valueOf']> {
  const element = values.symbolOf(unwrap(receiver))?.valueDeclaration;
  if (!element || !ts.isBindingElement(element) || !ts.isObjectBindingPattern(element.parent)) return undefined;
  const name = propertyNameText(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined);
  const owner = element.parent.parent;
  const init = ts.isVariableDeclaration(owner) && owner.initializer ? unwrap(owner.initializer) : undefined;
  const call = init && ts.isAwaitExpression(init) ? unwrap(init.expression) : init;
  const factory = call && ts.isCallExpression(call) ? values.calls.functionOfCall(call) : undefined;
  for (const returned of factory ? returnedExpressions(factory) : []) {
    const object = unwrap(returned);
    if (!ts.isObjectLiteralExpression(object)) continue;
    const property = object.properties.find((p) => propertyNameText(p.name) === name);
    if (property && ts.isShorthandPropertyAssignment(property)) return values.valueOf(property.name);
    if (property && ts.isPropertyAssignment(property)) return values.valueOf(property.initializer);
  }
  return undefined;
}

/** The `onsessioninitialized` callback of SDK transport options that `node` runs in. */
function sessionCallbackAround(values: ValueAnalysis, node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    if (sessionCallbackName(values, fn) === 'onsessioninitialized') return fn;
  }
  return undefined;
}

/** The variable declaration a destructuring element belongs to (`const { server, cleanup } = createServer()`). */
function bindingDeclaration(element: ts.BindingElement): ts.VariableDeclaration | undefined {
  let node: ts.Node = element;
  while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node)) node = node.parent;
  return ts.isVariableDeclaration(node) ? node : undefined;
}

/**
 * Whether every call of the parameter's function passes a value that outlives that call: a name declared outside the
 * function the call is made in (a server created once and captured by a request handler), or that function's own
 * parameter whose callers do the same. A value created in the calling function (per request) is not shared.
 */
function outlivesEveryCall(values: ValueAnalysis, param: ts.ParameterDeclaration, depth: number): boolean {
  const fn = param.parent;
  if (depth > MAX_HAND_DOWNS || !isFunctionLike(fn)) return false;
  const index = fn.parameters.indexOf(param);
  const calls = values.calls.callsOf(fn);
  if (calls.length === 0) return false;
  return calls.every((call) => {
    const passed = call.arguments[index];
    const inner = passed && !ts.isSpreadElement(passed) ? unwrap(passed) : undefined;
    if (!inner || !ts.isIdentifier(inner)) return false;
    const decl = values.symbolOf(inner)?.valueDeclaration;
    const caller = enclosingFunction(call);
    if (!decl || !caller) return false;
    if (ts.isParameter(decl) && decl.parent === caller) return outlivesEveryCall(values, decl, depth + 1);
    return !isInside(decl, caller) && assignmentsIn(values, caller, inner).length === 0;
  });
}

function isTimerHandle(values: ValueAnalysis, value: ts.Expression): boolean {
  const call = unwrap(value);
  // The runtime's timers: their handles are bookkeeping, not application state.
  return ts.isCallExpression(call) && timerStarted(call, values, SCHEDULING_TIMERS) !== undefined;
}

/** Mutating methods of collections: a closure collection they are called on inside a handler is state. */
const MUTATORS = new Set(['add', 'set', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice']);

/**
 * Of the objects a session server's factory chain builds (`made`), those a function the factory registers changes:
 * it calls a method of the object that writes one of its fields, directly or through the methods and fields it uses
 * (browserbase's `context.run(tool, args)` reaching `this.browsers.set(…)` in its session manager). An object no
 * handler changes (a logger whose `setLevel` nothing calls, a client caching its token lazily behind a getter the
 * handlers only read) goes with the server per request unharmed.
 */
export function objectsChangedByHandlers(values: ValueAnalysis, made: readonly ts.NewExpression[]): ts.NewExpression[] {
  return made.filter((object) => {
    // The function that builds it, down the factory chain (browserbase builds its Context where it registers its tools).
    const builder = enclosingFunction(object);
    if (!builder?.body) return false;
    const registered = registeredFunctions(values, builder);
    const holder = outermostWrapper(object).parent;
    const symbol = holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? values.symbolOf(holder.name) : undefined;
    return !!symbol && changedThrough(values, registered, symbol);
  });
}

/**
 * Of the objects the set-up builds per session and hands to the server's factory as arguments
 * (`const manager = new SessionManager(); createServer(manager)`), those a function the factory registers changes
 * through the parameter it receives them in (`manager.open(id)` in a tool writing `this.pages`): state the session's
 * calls leave for each other, as for the objects the factory builds itself (`objectsChangedByHandlers`).
 */
export function handedObjectsChangedByHandlers(values: ValueAnalysis, creation: ts.Expression): ts.NewExpression[] {
  const created = settled(creation);
  if (!ts.isCallExpression(created)) return [];
  const factory = values.calls.functionOfCall(created);
  const setup = enclosingFunction(created);
  if (!factory?.body || !setup) return [];
  const out: ts.NewExpression[] = [];
  // `new X()` or a variable of the set-up holding one.
  const madeBy = (expr: ts.Expression): ts.NewExpression | undefined => {
    const inner = unwrap(expr);
    const init = ts.isIdentifier(inner) ? initializerIn(values, inner, setup) : inner;
    const made = init && unwrap(init);
    return made && ts.isNewExpression(made) && isStatefulProjectClass(values, made) ? made : undefined;
  };
  const judge = (made: ts.NewExpression | undefined, name: ts.BindingName | undefined): void => {
    const symbol = made && name && ts.isIdentifier(name) ? values.symbolOf(name) : undefined;
    if (made && symbol && !out.includes(made) && changedByHandlersOf(values, factory, symbol, 0)) out.push(made);
  };
  created.arguments.forEach((argument, index) => {
    const parameter = factory.parameters[index];
    if (!parameter || parameter.dotDotDotToken) return;
    const inner = unwrap(argument);
    // `createServer({ manager })`: each property, received whole (`opts`, used as `opts.manager`) or destructured.
    if (ts.isObjectLiteralExpression(inner)) {
      for (const property of inner.properties) {
        const value = ts.isShorthandPropertyAssignment(property) ? property.name : ts.isPropertyAssignment(property) ? property.initializer : undefined;
        const key = property.name && propertyNameText(property.name);
        const made = value && madeBy(value);
        if (!made || key === undefined) continue;
        if (ts.isIdentifier(parameter.name)) judge(made, parameter.name);
        else if (ts.isObjectBindingPattern(parameter.name)) {
          const element = parameter.name.elements.find((e) => (e.propertyName ? propertyNameText(e.propertyName) : ts.isIdentifier(e.name) ? e.name.text : undefined) === key);
          judge(made, element?.name);
        }
      }
      return;
    }
    judge(madeBy(argument), parameter.name);
  });
  return out;
}

/**
 * Whether a function `fn` registers on the server changes the object `symbol` names, or a project function `fn` hands
 * it to does (`registerBrowserTools(server, manager)`), two calls deep.
 */
function changedByHandlersOf(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration, symbol: ts.Symbol, depth: number): boolean {
  if (!fn.body) return false;
  if (changedThrough(values, registeredFunctions(values, fn), symbol)) return true;
  if (depth >= 2) return false;
  let changed = false;
  forEachDescendant(fn.body, (node) => {
    if (changed || !ts.isCallExpression(node)) return;
    const index = node.arguments.findIndex((a) => ts.isIdentifier(unwrap(a)) && values.symbolOf(unwrap(a)) === symbol);
    if (index < 0) return;
    const callee = values.calls.functionOfCall(node);
    const parameter = callee?.body ? callee.parameters[index] : undefined;
    const next = parameter && ts.isIdentifier(parameter.name) && !parameter.dotDotDotToken ? values.symbolOf(parameter.name) : undefined;
    if (callee && next && changedByHandlersOf(values, callee, next, depth + 1)) changed = true;
  });
  return changed;
}

/**
 * Whether one of the `registered` functions calls a method, on what `symbol` names, that changes the object's fields,
 * or hands it to a project function that does, three calls deep (MySQL_MCP's tool handler → `handleToolCall(name, args,
 * dbManager)` → `handleConnectionTool(…)` → `dbManager.addConnection(config)`, sweep 29 AC1).
 */
function changedThrough(values: ValueAnalysis, registered: readonly ts.Node[], symbol: ts.Symbol, depth = 0, seen = new Set<ts.Node>()): boolean {
  let changed = false;
  for (const fn of registered) {
    if (seen.has(fn)) continue;
    seen.add(fn);
    forEachDescendant(fn, (node) => {
      if (changed || !ts.isCallExpression(node)) return;
      if (depth < 3) {
        const index = node.arguments.findIndex((a) => ts.isIdentifier(unwrap(a)) && values.symbolOf(unwrap(a)) === symbol);
        const helper = index >= 0 ? values.calls.functionOfCall(node) : undefined;
        const parameter = helper?.body && !helper.getSourceFile().isDeclarationFile ? helper.parameters[index] : undefined;
        const next = parameter && ts.isIdentifier(parameter.name) && !parameter.dotDotDotToken ? values.symbolOf(parameter.name) : undefined;
        if (helper?.body && next && changedThrough(values, [helper.body], next, depth + 1, seen)) {
          changed = true;
          return;
        }
      }
      const callee = unwrap(node.expression);
      if (!ts.isPropertyAccessExpression(callee)) return;
      let root: ts.Node = unwrap(callee.expression);
      while (ts.isPropertyAccessExpression(root)) root = unwrap(root.expression);
      if (!ts.isIdentifier(root) || values.symbolOf(root) !== symbol) return;
      const method = values.calls.functionOfCall(node);
      // A project method that writes the object's fields, or a collection's own mutator (`creds.set(…)`, `list.push(…)`).
      if (method ? changesState(values, method, 0, new Set()) : MUTATORS.has(callee.name.text)) changed = true;
    });
    if (changed) break;
  }
  return changed;
}

/**
 * Whether `call` can change the object `target` names, one of its own parts: its receiver, through a project method
 * that writes the object's fields (`conns.load(req.headers)`), or an argument, through a project function that changes
 * what it receives (`addFromHeaders(conns, configsFromHeaders(req))` calling `conns.add(…)`). A logger's call
 * (`console.debug('…', req.ip, conns)`), a package's or the runtime's, changes nothing the analysis can see.
 */
export function callChanges(values: ValueAnalysis, call: ts.CallExpression, target: ts.Expression): boolean {
  const fn = values.calls.functionOfCall(call);
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) && unwrap(callee.expression) === target) {
    // A project method writing the object's fields, or a collection's own mutator (`creds.set('token', …)`, review 39b S7).
    if (!fn) return MUTATORS.has(callee.name.text);
    return !!fn.body && !fn.getSourceFile().isDeclarationFile && changesState(values, fn, 0, new Set());
  }
  if (!fn?.body || fn.getSourceFile().isDeclarationFile) return false;
  const index = call.arguments.findIndex((a) => unwrap(a) === target);
  const parameter = index >= 0 ? fn.parameters[index] : undefined;
  const symbol = parameter && !parameter.dotDotDotToken && ts.isIdentifier(parameter.name) ? values.symbolOf(parameter.name) : undefined;
  return !!symbol && changedThrough(values, [fn.body], symbol);
}

/**
 * `if (!db) db = open()`, `if (this.token === undefined) this.token = …`, `db ??= open()`: a value filled once, on first
 * use (a lazy start or cache, the same on every request, only later), not a change a call makes for the next.
 */
function filledLazily(assignment: ts.BinaryExpression): boolean {
  if (assignment.operatorToken.kind === ts.SyntaxKind.QuestionQuestionEqualsToken || assignment.operatorToken.kind === ts.SyntaxKind.BarBarEqualsToken) return true;
  if (assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
  const target = unwrap(assignment.left).getText();
  for (let at: ts.Node | undefined = assignment.parent; at && !isFunctionLike(at); at = at.parent) {
    if (!ts.isIfStatement(at) || !isInside(assignment, at.thenStatement)) continue;
    const test = unwrap(at.expression);
    const tested = ts.isPrefixUnaryExpression(test) && test.operator === ts.SyntaxKind.ExclamationToken ? unwrap(test.operand)
      : ts.isBinaryExpression(test) && [ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.EqualsEqualsEqualsToken].includes(test.operatorToken.kind) ? unwrap(test.left) : undefined;
    if (tested && tested.getText() === target) return true;
  }
  return false;
}

/** Whether a method (or what it calls, three deep) writes a field of `this`: an assignment, `++`, or a mutator call on it. */
function changesState(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration, depth: number, seen: Set<ts.Node>): boolean {
  if (!fn.body || seen.has(fn) || fn.getSourceFile().isDeclarationFile) return false;
  seen.add(fn);
  let changed = false;
  forEachDescendant(fn.body, (node) => {
    if (changed) return;
    if (thisFieldWritten(node)) {
      changed = !(ts.isBinaryExpression(node) && filledLazily(node));
      return;
    }
    if (!ts.isCallExpression(node)) return;
    const next = values.calls.functionOfCall(node);
    if (next?.body) {
      if (depth < 3 && changesState(values, next, depth + 1, seen)) changed = true;
    } else if (node.arguments.some((a) => unwrap(a).kind === ts.SyntaxKind.ThisKeyword || thisFieldRead(a))) {
      // `tool.handle(this, args)`: the object handed to code that cannot be followed (an interface's method, a
      // callback), which may change it (browserbase's tools drive the context's browser session that way).
      changed = true;
    }
  });
  return changed;
}

/** `this.x` (a field of the object handed on). */
function thisFieldRead(node: ts.Expression): boolean {
  const inner = unwrap(node);
  return ts.isPropertyAccessExpression(inner) && inner.expression.kind === ts.SyntaxKind.ThisKeyword;
}

/**
 * Closure state of the server's factory (`SessionConnection.closures`), and of it what a call leaves for later calls
 * (`callState`): written inside a function the factory registers on the server (a tool's, prompt's or resource's
 * handler, a request handler) or a local helper such a handler calls, and not
 * - a feature's own bookkeeping (written only in the handler of a method an SDK feature owns: `logging/setLevel`);
 * - a lazy start (`if (!db) db = open()`: the same on every request, only later);
 * - a counter nothing reads back (`calls += 1`, `n++` with no other use: a metric, not a choice);
 * - filled while the factory builds the server (`names.forEach((n) => byName.set(n, …))`, an IIFE, a `.then`).
 * Kept: `let` variables, collections, and object literals held in a `const` (`state.initialized = true`), written by
 * assignment, by a mutator (`notes.push(…)`), by element (`notes[q] = …`) or by `++`/`+=` that something else reads.
 */
function closureStateOf(values: ValueAnalysis, creation: ts.Expression): { written: ts.Identifier[]; leftForLaterCalls: ts.Identifier[] } {
  const none = { written: [], leftForLaterCalls: [] };
  const factory = factoryOf(values, creation);
  if (!factory?.body || !ts.isBlock(factory.body)) return none;
  const candidates = new Map<ts.Symbol, ts.Identifier>();
  const objects = new Set<ts.Symbol>();
  for (const statement of factory.body.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const mutable = (statement.declarationList.flags & ts.NodeFlags.Let) !== 0;
    for (const decl of statement.declarationList.declarations) {
      if (!ts.isIdentifier(decl.name)) continue;
      const symbol = values.symbolOf(decl.name);
      if (!symbol) continue;
      const literal = !mutable && decl.initializer && ts.isObjectLiteralExpression(unwrap(decl.initializer));
      if (literal) objects.add(symbol);
      if (mutable || literal || isCollectionDeclaration(decl, values)) candidates.set(symbol, decl.name);
    }
  }
  if (candidates.size === 0) return none;
  const registered = registeredFunctions(values, factory);
  const written = new Set<ts.Identifier>();
  const leftForLaterCalls = new Set<ts.Identifier>();
  /** Symbol → whether something other than its own updates reads it in a registered function. */
  const readBack = new Map<ts.Symbol, boolean>();
  const counters = new Map<ts.Symbol, ts.Identifier>();
  forEachDescendant(factory.body, (node) => {
    if (!ts.isIdentifier(node) || enclosingFunction(node) === factory) return;
    const symbol = values.symbolOf(node);
    const declared = symbol && candidates.get(symbol);
    if (!declared || node === declared) return;
    const outer = outermostWrapper(node);
    const parent = outer.parent;
    const isLet = ts.isVariableDeclarationList(declared.parent.parent) && (declared.parent.parent.flags & ts.NodeFlags.Let) !== 0;
    const assignment = parent && ts.isBinaryExpression(parent) && parent.left === outer && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment ? parent : undefined;
    const compound = !!assignment && assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken;
    const stepped = !!parent && (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken);
    const mutated = !!parent && ts.isPropertyAccessExpression(parent) && parent.expression === outer && ts.isCallExpression(parent.parent) && parent.parent.expression === parent && MUTATORS.has(parent.name.text);
    // `state.initialized = true`, `notes[q] = q`: a member or element of the kept object written.
    const member = parent && (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === outer ? outermostWrapper(parent) : undefined;
    const memberWrite = !!member && !!member.parent && ts.isBinaryExpression(member.parent) && member.parent.left === member && member.parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && member.parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
    // A timer handle (`initializeTimeout = setTimeout(…)`) is bookkeeping that goes with the server, not state a call leaves for the next.
    if (isLet && assignment && !compound && isTimerHandle(values, assignment.right)) return;
    const inRegistered = isInsideAny(node, registered);
    const counting = isLet && (stepped || compound);
    if (!counting && !(isLet && assignment) && !mutated && !memberWrite) {
      if (inRegistered) readBack.set(symbol, true);
      return;
    }
    if (!(isLet && assignment) && !counting && !((objects.has(symbol) || !isLet) && (mutated || memberWrite))) return;
    // What scan has always named (`written by its handlers`): a `let` assigned, a collection mutated, in any nested function.
    if ((isLet && assignment) || (!isLet && mutated)) written.add(declared);
    if (!inRegistered || inFeatureHandler(values, node, factory) || (assignment && filledLazily(assignment))) return;
    if (counting) counters.set(symbol, declared);
    else leftForLaterCalls.add(declared);
  });
  // A counter counts only when something reads it back (`if (step > 1)`), not as a metric nobody consults.
  for (const [symbol, declared] of counters) if (readBack.get(symbol)) leftForLaterCalls.add(declared);
  for (const declared of leftForLaterCalls) written.add(declared);
  const inOrder = (names: Set<ts.Identifier>): ts.Identifier[] => [...names].sort((a, b) => a.pos - b.pos);
  return { written: inOrder(written), leftForLaterCalls: inOrder(leftForLaterCalls) };
}

function isInsideAny(node: ts.Node, roots: readonly ts.Node[]): boolean {
  return roots.some((root) => isInside(node, root));
}

/**
 * The functions of the factory a request runs: those handed to a registration on the server (`registerTool(…, fn)`,
 * `setRequestHandler(…, fn)`, by value or by name), and the factory's own local functions such a function calls.
 */
function registeredFunctions(values: ValueAnalysis, factory: ts.FunctionLikeDeclaration): ts.Node[] {
  const out: ts.Node[] = [];
  forEachDescendant(factory.body!, (node) => {
    if (!ts.isCallExpression(node)) return;
    const name = calleeParts(node).name;
    if (!name || (!REGISTRATION_METHODS.has(name) && !HANDLER_REGISTRATION_METHODS.has(name))) return;
    for (const argument of node.arguments) {
      const inner = unwrap(argument);
      if (isFunctionLike(inner)) out.push(inner);
      else if (ts.isIdentifier(inner)) {
        const fn = functionOfDeclaration(values.symbolOf(inner)?.valueDeclaration ?? inner);
        if (fn && isInside(fn, factory)) out.push(fn);
      }
    }
  });
  // Local helpers those functions call (one level: `const markReady = () => { ready = true }` called by a tool).
  const helpers: ts.Node[] = [];
  for (const fn of out) {
    forEachDescendant(fn, (node) => {
      if (!ts.isCallExpression(node)) return;
      const callee = values.calls.functionOfCall(node);
      if (callee && callee !== factory && isInside(callee, factory) && !out.includes(callee) && !helpers.includes(callee)) helpers.push(callee);
    });
  }
  return [...out, ...helpers];
}

/**
 * Whether `node` is inside a handler the factory registers for a method an SDK feature owns
 * (`server.setRequestHandler(SetLevelRequestSchema, …)`), written inline or passed by name.
 */
function inFeatureHandler(values: ValueAnalysis, node: ts.Node, factory: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent && at !== factory; at = at.parent) {
    const call = at.parent;
    if (ts.isCallExpression(call) && call.arguments.includes(at as ts.Expression) && calleeParts(call).name === REQUEST_HANDLER_REGISTRATION) {
      const method = call.arguments[0] && requestMethod(values, call.arguments[0]);
      if (method !== undefined && FEATURE_HANDLED_METHODS.has(method)) return true;
    }
    // A function declared in the factory and handed by name: `setRequestHandler(SetLevelRequestSchema, onSetLevel)`.
    if (isFunctionLike(at) && at !== factory) {
      const name = ts.isFunctionDeclaration(at) ? at.name : ts.isVariableDeclaration(outermostWrapper(at).parent) ? ((outermostWrapper(at).parent as ts.VariableDeclaration).name as ts.Node) : undefined;
      const symbol = name && ts.isIdentifier(name) ? values.symbolOf(name) : undefined;
      let owned = false;
      if (symbol) {
        forEachDescendant(factory, (n) => {
          if (owned || !ts.isCallExpression(n) || calleeParts(n).name !== REQUEST_HANDLER_REGISTRATION || n.arguments.length < 2) return;
          const handler = unwrap(n.arguments[1]!);
          if (!ts.isIdentifier(handler) || values.symbolOf(handler) !== symbol) return;
          const method = requestMethod(values, n.arguments[0]!);
          if (method !== undefined && FEATURE_HANDLED_METHODS.has(method)) owned = true;
        });
      }
      if (owned) return true;
    }
  }
  return false;
}

/**
 * Objects declared in the set-up (an object literal, a `new`, or a project function's result), handed in one call together with the server the set-up
 * creates (`registerTools(server, ctx)`), where that function's parameter for the object is written inside a function it
 * registers or builds (a tool handler: `ctx.state.token = …`, `ctx.items.push(…)`).
 */
function stateHandedWithServer(values: ValueAnalysis, creation: ts.Expression, scope: ts.Node): Array<{ object: ts.Identifier; call: ts.CallExpression }> {
  const holder = outermostWrapper(creation).parent;
  if (!holder || !ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name)) return [];
  const server = values.symbolOf(holder.name);
  if (!server) return [];
  const out: Array<{ object: ts.Identifier; call: ts.CallExpression }> = [];
  const seen = new Set<ts.Node>();
  forEachDescendant(scope, (node) => {
    if (!ts.isCallExpression(node) || !node.arguments.some((a) => ts.isIdentifier(unwrap(a)) && values.symbolOf(unwrap(a)) === server)) return;
    const callee = values.calls.functionOfCall(node);
    if (!callee?.body) return;
    node.arguments.forEach((argument, index) => {
      const inner = unwrap(argument);
      if (!ts.isIdentifier(inner) || values.symbolOf(inner) === server) return;
      const declaration = values.symbolOf(inner)?.valueDeclaration;
      if (!declaration || seen.has(declaration) || !ts.isVariableDeclaration(declaration) || !declaration.initializer || !isInside(declaration, scope)) return;
      // An object literal, a `new`, or what a project function builds (`makeWebContext(sessionId)`), not an SDK value.
      let made = unwrap(declaration.initializer);
      if (ts.isAwaitExpression(made)) made = unwrap(made.expression);
      if (!ts.isObjectLiteralExpression(made) && !ts.isNewExpression(made) && !(ts.isCallExpression(made) && !values.valueOf(made))) return;
      const parameter = callee.parameters[index];
      if (!parameter || !ts.isIdentifier(parameter.name) || parameter.dotDotDotToken) return;
      if (!writtenInNestedFunction(values, callee, values.symbolOf(parameter.name))) return;
      seen.add(declaration);
      out.push({ object: inner, call: node });
    });
  });
  return out;
}

/** Whether something rooted at `symbol` is assigned or mutated inside a function nested in `fn` (a handler it registers). */
function writtenInNestedFunction(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration, symbol: ts.Symbol | undefined): boolean {
  if (!symbol) return false;
  let written = false;
  forEachDescendant(fn.body!, (node) => {
    if (written || !ts.isIdentifier(node) || values.symbolOf(node) !== symbol || enclosingFunction(node) === fn) return;
    // Up the member chain rooted here: `ctx.state.pendingCode`.
    let top: ts.Node = node;
    while (top.parent && (ts.isPropertyAccessExpression(top.parent) || ts.isElementAccessExpression(top.parent)) && top.parent.expression === top) top = top.parent;
    if (top === node) return; // the object itself is read or handed on, not written through
    const parent = top.parent;
    if (parent && ts.isBinaryExpression(parent) && parent.left === top && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment) written = true;
    else if (parent && (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) written = true;
    else if (ts.isPropertyAccessExpression(top) && MUTATORS.has(top.name.text) && parent && ts.isCallExpression(parent) && parent.expression === top) written = true;
  });
  return written;
}

/**
 * SDK 1.x's stateless idiom with the server hoisted out of the route: `server.connect(transport)` where the transport
 * is a new stateless Streamable HTTP transport that the same function hands the request to (`transport.handleRequest`:
 * the function runs per request), and the server is declared outside that function (a module-level server, one
 * imported from its own module, or a parameter of the function that registers the route) and not assigned in it. Every request connects the one server again: overlapping
 * requests race on it, and SDK 1.x releases since 1.2x refuse a second `connect` while one is open. Undefined for
 * a server built in the function, and for a sessionful transport (`sessionConnection` judges those).
 */
export function sharedServerPerRequest(values: ValueAnalysis, call: ts.CallExpression): { connect: ts.Identifier; server: ts.Identifier } | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (name !== CONNECT_METHOD || !receiver || !nameNode || call.arguments.length !== 1) return undefined;
  const server = unwrap(receiver);
  if (!ts.isIdentifier(server) || !isServerKind(values.valueOf(server))) return undefined;
  const transport = constructionOf(values, call.arguments[0]!, call);
  if (!transport || !STREAMABLE_HTTP_TRANSPORTS.has(values.valueOf(transport)?.cls ?? '') || mintsSessions(values, transport)) return undefined;
  const handler = enclosingFunction(transport);
  if (!handler || enclosingFunction(call) !== handler) return undefined;
  const transportName = transport.parent && ts.isVariableDeclaration(transport.parent) && ts.isIdentifier(transport.parent.name) ? transport.parent.name : undefined;
  const transportSymbol = transportName && values.symbolOf(transportName);
  if (!transportSymbol) return undefined;
  let handled = false;
  forEachDescendant(handler, (node) => {
    if (handled || !ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || node.expression.name.text !== TRANSPORT_MEMBERS.requestMethod) return;
    const target = unwrap(node.expression.expression);
    // In the function itself: a route registered there (`app.post('/mcp', …)` inside `main()`) hands it requests, but
    // the function runs once.
    if (ts.isIdentifier(target) && values.symbolOf(target) === transportSymbol && enclosingFunction(node) === handler) handled = true;
  });
  if (!handled) return undefined;
  const declaration = values.symbolOf(server)?.valueDeclaration;
  // Declared outside the function that runs per request (at module level, imported, or a parameter of the function that
  // registers the route, `startServer(server)`: f2c-mcp, sweep 12 K2): one binding every request's closure shares.
  if (!declaration || isInside(declaration, handler) || assignmentsIn(values, handler, server).length > 0) return undefined;
  // A variable of an enclosing function may be made per request there (`const server = buildServer()` in the route,
  // connected inside `als.run(ctx, async () => …)`): only a module-level one, another module's, or a parameter is shared.
  const variable = ts.isBindingElement(declaration) ? bindingDeclaration(declaration) : declaration;
  const moduleLevel = declaration.getSourceFile() !== call.getSourceFile() || (variable !== undefined && ts.isVariableDeclaration(variable) && ts.isSourceFile(statementOf(variable).parent));
  // Or a local of the function that registers the route the handler answers (`async function main() { const server =
  // createServer(); app.post('/mcp', async (req, res) => { … server.connect(transport) … }) }`): made once, when the
  // route is registered, and shared by every request (sweep 33 AG4).
  const routeLocal = !moduleLevel && variable !== undefined && ts.isVariableDeclaration(variable) && declaredWhereRouteIsRegistered(values, handler, variable);
  if (!moduleLevel && !routeLocal && !ts.isParameter(declaration)) return undefined;
  return { connect: nameNode as ts.Identifier, server };
}

/** Whether `handler` is a route's handler registered by a call in the very function that declares `variable`. */
function declaredWhereRouteIsRegistered(values: ValueAnalysis, handler: ts.FunctionLikeDeclaration, variable: ts.VariableDeclaration): boolean {
  const registration = outermostWrapper(handler).parent;
  if (!registration || !ts.isCallExpression(registration) || !registration.arguments.some((a) => unwrap(a) === handler)) return false;
  if (enclosingFunction(registration) !== enclosingFunction(variable)) return false;
  return routesAt(registration, values).some((route) => route.handlers.includes(handler));
}

/** An HTTP+SSE transport, or a Streamable HTTP transport whose options mint session ids. */
export function isSessionful(values: ValueAnalysis, transport: ts.NewExpression): boolean {
  const cls = values.valueOf(transport)?.cls;
  if (!cls) return false;
  return SSE_TRANSPORTS.has(cls) || (STREAMABLE_HTTP_TRANSPORTS.has(cls) && mintsSessions(values, transport));
}

/**
 * `server.connect(transport)` where `transport` is a parameter of the enclosing helper: the transport a caller
 * constructs and passes to it (`await connect(factory, new SSEServerTransport(…))`, `host.createConnection(transport)`).
 * The first sessionful one wins; the helper then runs once per session of that caller.
 */
function transportHandedIn(values: ValueAnalysis, call: ts.CallExpression): { transport: ts.NewExpression; helper: ts.FunctionLikeDeclaration; invocation: ts.CallExpression } | undefined {
  const arg = unwrap(call.arguments[0]!);
  const param = ts.isIdentifier(arg) ? values.symbolOf(arg)?.valueDeclaration : undefined;
  if (!param || !ts.isParameter(param)) return undefined;
  const helper = param.parent;
  if (!isFunctionLike(helper) || enclosingFunction(call) !== helper) return undefined;
  const index = helper.parameters.indexOf(param);
  for (const invocation of values.calls.callsOf(helper)) {
    const passed = invocation.arguments[index];
    const transport = passed && !ts.isSpreadElement(passed) ? constructionOf(values, passed, invocation) : undefined;
    if (transport && isSessionful(values, transport)) return { transport, helper, invocation };
  }
  return undefined;
}

/** Members that carry a request's verified identity (`req.auth` of the SDK's bearer middleware, `authInfo`). */
const AUTH_MEMBERS = new Set(['auth', 'authInfo']);

/**
 * The opening request's credentials passed to the per-session server's factory or constructor (directly, or through a
 * variable set in the set-up): `createServer(req.auth)`, `createServer({ token: req.headers.authorization })`. The
 * server keeps them for every later request of the session, whoever sends it and whatever token it carries.
 */
function credentialsHandedTo(values: ValueAnalysis, creation: ts.Expression, setup: ts.FunctionLikeDeclaration): ts.Node[] {
  const created = settled(creation);
  if (!ts.isCallExpression(created) && !ts.isNewExpression(created)) return [];
  const out: ts.Node[] = [];
  const visit = (node: ts.Node, depth: number): void => {
    if (isFunctionLike(node)) return;
    if (ts.isIdentifier(node) && depth < 3) {
      const init = initializerIn(values, node, setup);
      if (init) visit(init, depth + 1);
    }
    const access = memberAccess(node);
    if (access && AUTH_MEMBERS.has(access.name)) out.push(node);
    else if (values.headerAccessOf(node, 'authorization')) out.push(node);
    ts.forEachChild(node, (child) => visit(child, depth));
  };
  for (const arg of created.arguments ?? []) visit(arg, 0);
  return out;
}

/** The `new X(…)` a transport argument holds: inline, a variable's initializer, or assigned to it before the call. */
function constructionOf(values: ValueAnalysis, arg: ts.Expression, call: ts.CallExpression): ts.NewExpression | undefined {
  const inner = unwrap(arg);
  if (ts.isNewExpression(inner)) return values.valueOf(inner)?.kind === 'transport' ? inner : undefined;
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  const candidates: ts.Expression[] = [];
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) candidates.push(decl.initializer);
  const scope = enclosingFunction(call);
  if (scope) candidates.push(...assignmentsIn(values, scope, inner));
  for (const candidate of candidates) {
    const created = unwrap(candidate);
    if (ts.isNewExpression(created) && values.valueOf(created)?.kind === 'transport') return created;
  }
  return undefined;
}

/** Options that mint session ids: `sessionIdGenerator` not `undefined`, or an `onsessioninitialized` callback. */
function mintsSessions(values: ValueAnalysis, transport: ts.NewExpression): boolean {
  const options = transport.arguments?.[0] && objectOf(values, transport.arguments[0]);
  if (!options) return false;
  return options.properties.some((p) => {
    const key = propertyNameText(p.name);
    if (key === 'onsessioninitialized') return true;
    if (key !== 'sessionIdGenerator') return false;
    if (ts.isPropertyAssignment(p)) return !values.isUndefinedValue(p.initializer);
    if (ts.isShorthandPropertyAssignment(p)) return !values.isUndefinedValue(p.name);
    return ts.isMethodDeclaration(p);
  });
}

function objectOf(values: ValueAnalysis, node: ts.Node): ts.ObjectLiteralExpression | undefined {
  const inner = unwrap(node);
  if (ts.isObjectLiteralExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = values.symbolOf(inner)?.valueDeclaration;
  const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
  return init && ts.isObjectLiteralExpression(init) ? init : undefined;
}

/**
 * Project objects with state built per session with the server: `new Context(…)` in the set-up passed (directly or
 * through a variable) to the server's factory or constructor, or constructed in the body of that factory.
 */
function stateBuiltWith(values: ValueAnalysis, creation: ts.Expression, setup: ts.FunctionLikeDeclaration): ts.NewExpression[] {
  const out: ts.NewExpression[] = [];
  const created = settled(creation);
  if (!ts.isCallExpression(created) && !ts.isNewExpression(created)) return out;
  for (const arg of created.arguments ?? []) {
    const inner = unwrap(arg);
    const init = ts.isIdentifier(inner) ? initializerIn(values, inner, setup) : inner;
    const made = init && unwrap(init);
    if (made && ts.isNewExpression(made) && isStatefulProjectClass(values, made)) out.push(made);
    // `const backend = backendFactory()`: what the factory returns, also a factory the callers hand down.
    if (made && ts.isCallExpression(made)) {
      for (const fn of functionsCalled(values, made, 0)) {
        for (const returned of returnedExpressions(fn)) {
          const instance = unwrap(returned);
          if (ts.isNewExpression(instance) && isStatefulProjectClass(values, instance)) out.push(instance);
        }
      }
    }
  }
  const factory = factoryOf(values, creation);
  if (factory?.body) {
    const visit = (node: ts.Node): void => {
      if (node !== factory && isFunctionLike(node)) return;
      if (ts.isNewExpression(node) && isStatefulProjectClass(values, node) && !classWrapsServer(values, classOf(values, node))) out.push(node);
      ts.forEachChild(node, visit);
    };
    visit(factory.body);
  }
  return out;
}

/**
 * The project functions a call may invoke: the one it names, or — when it calls a parameter (`factory()`) — the
 * functions the callers pass for that parameter, followed through parameters handed on (`start(factory)` →
 * `listen(factory)` → `connect(factory, transport)`) and `let` variables assigned in branches.
 */
function functionsCalled(values: ValueAnalysis, call: ts.CallExpression, depth: number): ts.FunctionLikeDeclaration[] {
  const named = values.calls.functionOfCall(call);
  if (named) return [named];
  const callee = unwrap(call.expression);
  return ts.isIdentifier(callee) ? functionsPassedAs(values, callee, depth) : [];
}

function functionsPassedAs(values: ValueAnalysis, name: ts.Identifier, depth: number, seen = new Set<ts.Node>()): ts.FunctionLikeDeclaration[] {
  if (depth > MAX_HAND_DOWNS) return [];
  const decl = values.symbolOf(name)?.valueDeclaration;
  // Each declaration once: a factory handed around in a cycle, or through many callers, is not walked again.
  if (!decl || seen.has(decl)) return [];
  seen.add(decl);
  const out: ts.FunctionLikeDeclaration[] = [];
  const note = (value: ts.Expression): void => {
    const inner = unwrap(value);
    if (isFunctionLike(inner)) out.push(inner);
    else if (ts.isIdentifier(inner)) out.push(...functionsPassedAs(values, inner, depth + 1, seen));
  };
  if (ts.isParameter(decl) && isFunctionLike(decl.parent)) {
    const index = decl.parent.parameters.indexOf(decl);
    for (const call of values.calls.callsOf(decl.parent)) {
      const passed = call.arguments[index];
      if (passed && !ts.isSpreadElement(passed)) note(passed);
    }
  } else if (ts.isVariableDeclaration(decl)) {
    if (decl.initializer) note(decl.initializer);
    const scope = enclosingFunction(decl) ?? decl.getSourceFile();
    for (const assigned of assignmentsIn(values, scope, name)) note(assigned);
  }
  return out;
}

/** How many parameter hand-downs a factory is followed through (entry → serving → helper, with slack). */
const MAX_HAND_DOWNS = 6;

function initializerIn(values: ValueAnalysis, name: ts.Identifier, scope: ts.Node): ts.Expression | undefined {
  const decl = values.symbolOf(name)?.valueDeclaration;
  return decl && ts.isVariableDeclaration(decl) && isInside(decl, scope) ? decl.initializer : undefined;
}

/**
 * A class declared in the project (not an SDK value, not an error) whose instances keep state: instance fields,
 * constructor parameter properties, or `this.x = …` assignments.
 */
function isStatefulProjectClass(values: ValueAnalysis, created: ts.NewExpression): boolean {
  const known = values.valueOf(created);
  if (known && known.kind !== 'shape') return false; // SDK servers, transports and other values the analysis knows
  const id = unwrap(created.expression);
  const target = ts.isPropertyAccessExpression(id) ? id.name : id;
  if (!ts.isIdentifier(target)) return false;
  const cls = values.symbolOf(target)?.declarations?.find((d): d is ts.ClassLikeDeclaration => ts.isClassDeclaration(d) || ts.isClassExpression(d));
  if (!cls || cls.getSourceFile().isDeclarationFile) return false;
  const base = cls.heritageClauses?.find((c) => c.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression.getText() ?? '';
  if (/Error$/.test(base)) return false;
  let stateful = false;
  for (const member of cls.members) {
    if (ts.isPropertyDeclaration(member) && !ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) stateful = true;
    if (ts.isConstructorDeclaration(member) && member.parameters.some((p) => ts.getModifiers(p)?.length)) stateful = true;
  }
  if (!stateful) {
    forEachDescendant(cls, (node) => {
      if (!stateful && ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.expression.kind === ts.SyntaxKind.ThisKeyword) stateful = true;
    });
  }
  return stateful;
}

/**
 * Whether `fn` runs in a request: some chain of its callers (three deep) reaches a route handler, or a caller the
 * analysis cannot follow (a function handed elsewhere, a method called through an object) leaves it open. A start-up
 * function the module calls once (`main()`) does not.
 */
export function calledPerRequest(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration, depth = 0, seen = new Set<ts.Node>()): boolean {
  if (seen.has(fn)) return false;
  seen.add(fn);
  if (depth > 3) return true;
  const calls = values.calls.everyCallOf(fn);
  if (calls.length === 0 || values.calls.passedAsArgument(fn).length > 0) return true;
  for (const call of calls) {
    if (enclosingRoute(call, values)) return true;
    const caller = enclosingFunction(call);
    if (caller && calledPerRequest(values, caller, depth + 1, seen)) return true;
  }
  return false;
}
