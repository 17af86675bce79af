/**
 * The SDK description (`frameworks/mcp-sdk.ts`) interpreted once: where a program uses each protocol
 * feature (a server or context method, a raw JSON-RPC message through an SDK sender, a handler
 * registration, a toggle of a registered tool), with the rule that reports it. Rules report these
 * uses call by call; transforms read every use of a feature at once (`uses`). Neither names an SDK
 * member: the names come from the description.
 */
import { insideBusForwarder } from './bus-forwarder.js';
import { ts } from '../typescript.js';
import { calleeParts, enclosingFunction, forEachDescendant, isInside, outermostWrapper, propertyNameText, unwrap } from './ast.js';
import { pathHops, type ToolReach } from './reach.js';
import type { SdkSymbols } from './sdk-symbols.js';
import { type Hop, isServerKind } from './value.js';
import type { ValueAnalysis } from './values.js';
import { forOfLoop } from './declarations.js';
import { isAssertionCall, takesAssertionSubject } from './assertions.js';
import { HANDLER_REGISTRATION_METHODS, METHOD_OF_SCHEMA, REGISTRATION_METHODS } from './sdk-modules.js';
import { possibleStrings } from './possible-strings.js';
import { MCP_SDK, type MessageKind, type SdkFeature, type SdkFeatureId, type SendShape } from '../frameworks/mcp-sdk.js';
import type { RuleId } from '../rule-ids.js';
import { timerStarted, watchIterated, watcherRunning } from './timers.js';

/** What the feature lookups read of the analysis model. */
export interface SdkModelParts {
  sdk: SdkSymbols;
  values: ValueAnalysis;
}

export type FeatureId = SdkFeatureId;

/** The rule that reports every use of a feature. */
export function ruleOfFeature(feature: FeatureId): RuleId {
  return MCP_SDK.features[feature]!.rule;
}

/** The description of a feature. */
export function describedFeature(feature: FeatureId): SdkFeature {
  return MCP_SDK.features[feature]!;
}

export { REGISTRATION_METHODS } from './sdk-modules.js';
/** Every SDK method that sends a raw JSON-RPC message (`server.request`, `extra.sendNotification`, `ctx.mcpReq.send`). */
const RAW_SENDERS: ReadonlySet<string> = new Set(Object.keys(MCP_SDK.rawSenders));

/** Notifications about one request's work (progress): they belong on that request's response stream. */
export const REQUEST_SCOPED_NOTIFICATIONS: ReadonlySet<string> = new Set(MCP_SDK.requestScopedNotifications);

/** The option of a server's raw notification sender that ties the notification to a request's stream (`{ relatedRequestId }`). */
export const REQUEST_STREAM_OPTION = MCP_SDK.requestStreamOption;

/** The raw senders that send this kind of message (a sender of either kind counts for both). */
export function rawSendersOf(kind: MessageKind, owner?: 'server' | 'context'): ReadonlySet<string> {
  return new Set(
    Object.entries(MCP_SDK.rawSenders)
      .filter(([, sender]) => (sender.sends === kind || sender.sends === 'any') && (!owner || sender.owner === owner))
      .map(([name]) => name),
  );
}

/** Names of a feature's members of these shapes (all shapes when none are given). */
function namesOf(members: Readonly<Record<string, SendShape>> | undefined, shapes?: readonly SendShape[]): Set<string> {
  return new Set(Object.entries(members ?? {}).filter(([, shape]) => !shapes || shapes.includes(shape)).map(([name]) => name));
}

/** A feature's server methods (of these shapes). */
export function serverMethodsOf(feature: FeatureId, ...shapes: SendShape[]): ReadonlySet<string> {
  return namesOf(describedFeature(feature).serverMethods, shapes.length ? shapes : undefined);
}

/** The key of `ClientCapabilities` each feature's requests need (`roots`, `sampling`, `elicitation`), for those that have one. */
export const CLIENT_CAPABILITY_OF: Partial<Readonly<Record<FeatureId, string>>> = Object.fromEntries(
  Object.entries(MCP_SDK.features).flatMap(([id, feature]) => (feature.clientCapability ? [[id, feature.clientCapability]] : [])),
);

/** The SDK constants naming the `_meta` keys a feature's reads arrive under on 2026-07-28 (`CLIENT_CAPABILITIES_META_KEY`). */
export function envelopeKeysOf(feature: FeatureId): ReadonlySet<string> {
  return new Set(Object.values(describedFeature(feature).envelope ?? {}).map((e) => e.key));
}

/** How a rule matches a feature's uses, derived from the description. */
interface FeatureUses {
  serverMethods: ReadonlySet<string>;
  contextMethods: ReadonlySet<string>;
  messages: ReadonlySet<string>;
  handledMethods: ReadonlySet<string>;
  registeredMethods: ReadonlySet<string>;
  /** The feature's requests a server sends (not also handled, as `ping` is), and their SDK 1.x schemas. */
  serverRequests: ReadonlySet<string>;
  requestSchemas: ReadonlyMap<string, string>;
}

const USES = new Map<string, FeatureUses>(
  Object.entries(MCP_SDK.features).map(([id, feature]) => [
    id,
    {
      serverMethods: namesOf(feature.serverMethods),
      contextMethods: namesOf(feature.contextMethods),
      messages: new Set(Object.keys(feature.messages ?? {})),
      handledMethods: new Set(feature.handledMethods ?? []),
      registeredMethods: new Set(feature.registeredMethods ?? []),
      serverRequests: new Set(Object.entries(feature.messages ?? {}).filter(([method, kind]) => kind === 'request' && !(feature.handledMethods ?? []).includes(method)).map(([method]) => method)),
      requestSchemas: new Map((feature.requestSchemas ?? []).map((schema) => [schema, Object.entries(feature.messages ?? {}).find(([, kind]) => kind === 'request')![0]])),
    },
  ]),
);

/** One use of a feature: where it is reported, under which of its rule's message ids, with what data. */
export interface FeatureUse {
  node: ts.Node;
  messageId: string;
  data?: Record<string, string>;
  hops?: readonly Hop[];
}

/** A call that sends one of the features' requests to the client and awaits its one response (MRTR input request). */
export interface InputRequestSite {
  call: ts.CallExpression;
  feature: FeatureId;
  /** The request params expression (undefined for a request without params). */
  params?: ts.Expression;
  /** `params` is `<message>.params` of a message object named by an identifier. */
  paramsText?: string;
  /** A raw `sendRequest`/`request`/`send` of a JSON-RPC message (its 2nd argument may be a result schema). */
  raw?: boolean;
}

/**
 * The features of one analysed program. Built once by `analyze()`; every answer is computed on first
 * use and kept (`uses` walks the files once per feature).
 */
export class SdkFeatures {
  private readonly byFeature = new Map<string, FeatureUse[]>();
  private stdioOnly: boolean | undefined;

  constructor(
    private readonly model: SdkModelParts & { reach: ToolReach },
    private readonly files: readonly ts.SourceFile[],
  ) {}

  /** The use of `feature` this call is, if any. */
  useAt(call: ts.CallExpression, feature: FeatureId): FeatureUse | undefined {
    const uses = USES.get(feature)!;
    const use = featureUse(this.model, call, uses) ?? this.toggleUse(call, uses);
    if (use && describedFeature(feature).unlessServedOnlyOverStdio && insideBusForwarder(this.model.sdk, call)) return undefined;
    return use && this.reported(feature) ? use : undefined;
  }

  /** A feature's method handed on instead of called here (`server.server.elicitInput.bind(server.server)`). */
  detachedUseAt(access: ts.PropertyAccessExpression, feature: FeatureId): FeatureUse | undefined {
    if (!detachedMethod(this.model, access, USES.get(feature)!) || !this.reported(feature)) return undefined;
    return { node: access.name, messageId: 'call', data: { method: access.name.text } };
  }

  /** Every use of `feature` in the program, in source order (the order a rule reports them). */
  uses(feature: FeatureId): readonly FeatureUse[] {
    let found = this.byFeature.get(feature);
    if (found) return found;
    const out: FeatureUse[] = [];
    for (const sf of this.files) {
      forEachDescendant(sf, (node) => {
        const use = ts.isCallExpression(node) ? this.useAt(node, feature) : ts.isPropertyAccessExpression(node) ? this.detachedUseAt(node, feature) : undefined;
        if (use) out.push(use);
      });
    }
    this.byFeature.set(feature, (found = out));
    return found;
  }

  /** The MRTR input request this call sends, if any (`createMessage`, `elicitInput`, `listRoots` and their raw forms). */
  inputRequestAt(call: ts.CallExpression): InputRequestSite | undefined {
    return inputRequestSite(this.model, call);
  }

  /** Whether the description's condition lets a use of this feature be reported in this program. */
  private reported(feature: FeatureId): boolean {
    if (!describedFeature(feature).unlessServedOnlyOverStdio) return true;
    // Under `serveStdio` the instance's own send* calls are the 2026-07-28 publish path (the serving
    // entry routes them to `subscriptions/listen`); only HTTP servers need `handler.notify.*`.
    const { stdio, handler } = MCP_SDK.serving;
    this.stdioOnly ??= this.model.values.calls.callsSdkFunction(stdio) && !this.model.values.calls.callsSdkFunction(handler);
    return !this.stdioOnly;
  }

  /**
   * A registered tool's toggle (`tool.enable()`), or a registration made while serving: inside a tool
   * call (reached from a tool handler, directly or through helpers) or from a timer's callback.
   */
  private toggleUse(call: ts.CallExpression, uses: FeatureUses): FeatureUse | undefined {
    if (uses.registeredMethods.size === 0) return undefined;
    const { name, nameNode, receiver } = calleeParts(call);
    if (!name || !receiver || !nameNode || !(uses.registeredMethods.has(name) || REGISTRATION_METHODS.has(name))) return undefined;
    const { values, reach } = this.model;
    if (uses.registeredMethods.has(name) && values.valueOf(receiver)?.kind === 'registered') {
      // `resource.remove()` in a poll that keeps the list in step with something outside (sweep 18 R4): no call and no
      // connection toggles it, a timer does.
      const untouchedByCalls = reach.toolsReaching(call).length === 0;
      const timer = untouchedByCalls ? this.serverWideTimer(call) : undefined;
      if (timer) return { node: nameNode, messageId: 'registeredOnTimer', data: { method: name, timer } };
      // `tool.update(…)` from the `oninitialized` hook (doei/aws-mcp-server's configuration from the client's roots, sweep
      // 19 S6): no call toggles it, the handshake configures it. (`enable()`/`disable()` there is a per-connection toggle.)
      const hook = untouchedByCalls && name === 'update' ? handshakeHookRunning(values, call, 3) : undefined;
      return hook ? { node: nameNode, messageId: 'onHandshake', data: { method: name, hook } } : { node: nameNode, messageId: 'toggle', data: { method: name } };
    }
    if (!REGISTRATION_METHODS.has(name) || !isServerKind(values.valueOf(receiver))) return undefined;
    const paths = reach.toolsReaching(call);
    if (paths.length === 0) {
      const timer = this.serverWideTimer(call);
      return timer ? { node: nameNode, messageId: 'registeredOnTimer', data: { method: name, timer } } : undefined;
    }
    const tools = [...new Set(paths.map((p) => `'${p.tool.name}'`))].join(', ');
    return { node: nameNode, messageId: 'registeredInCall', data: { method: name, tools }, hops: pathHops(paths[0]!) };
  }

  /**
   * The timer or file watcher that runs `call` for the whole server: one started where the server is set up. One started
   * per connection (in the handshake hook, or by a tool call: "the trial tool goes away ten minutes after this client
   * connected") changes that connection's list, a per-connection toggle (review 39 R5).
   */
  private serverWideTimer(call: ts.CallExpression): string | undefined {
    const { values, reach } = this.model;
    const timer = timerRunning(values, call, 3);
    if (!timer) return undefined;
    if (reach.toolsReaching(timer.started).length > 0 || handshakeHookRunning(values, timer.started, 3) !== undefined || this.inHandshakeHandler(timer.started, 3)) return undefined;
    return timer.name;
  }

  /**
   * Whether `node` runs in a handler of the handshake's own messages (`setNotificationHandler(InitializedNotificationSchema,
   * …)`, `initialize`), directly or through up to `depth` helper calls: once per connection (review 39b S5).
   */
  private inHandshakeHandler(node: ts.Node, depth: number, seen = new Set<ts.Node>()): boolean {
    for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
      if (seen.has(fn)) return false;
      seen.add(fn);
      let holder: ts.Node = fn;
      while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
      const call = holder.parent;
      if (call && ts.isCallExpression(call) && call.arguments.includes(holder as ts.Expression)) {
        const registration = handlerRegistration(this.model, call);
        if (registration && HANDSHAKE_MESSAGES.has(registration.method)) return true;
      }
      if (depth > 0 && this.model.values.calls.callsOf(fn).some((caller) => this.inHandshakeHandler(caller, depth - 1, seen))) return true;
    }
    return false;
  }
}

/** A timer or file watcher found running a node: its name as written and the call that starts it. */
interface RunningTimer {
  name: string;
  started: ts.CallExpression;
}

/**
 * The timer (`setInterval`, `setTimeout`) or file watcher (`fs.watch`, chokidar; timers.ts) whose callback runs `node`,
 * directly or through up to `depth` helper calls (`setInterval(() => addResource(…))` with the registration inside
 * `addResource`); a callback handed through a wrapper (`watcher.on('change', debounce(() => …))`) counts, and so does
 * the body of a `for await` loop over `fs/promises`' `watch(dir)`.
 */
function timerRunning(values: ValueAnalysis, node: ts.Node, depth: number, seen = new Set<ts.Node>()): RunningTimer | undefined {
  const fn = enclosingFunction(node);
  // `for await (const event of watch(dir)) { tool.update(…) }`: the loop runs on each change (review 39 R6).
  for (let at: ts.Node | undefined = node.parent; at && at !== fn; at = at.parent) {
    if (ts.isForOfStatement(at) && at.awaitModifier && isInside(node, at.statement)) {
      const loop = unwrap(at.expression);
      const name = ts.isCallExpression(loop) ? watchIterated(loop, values) : undefined;
      if (name) return { name, started: loop as ts.CallExpression };
    }
  }
  if (!fn || seen.has(fn)) return undefined;
  seen.add(fn);
  const outer = fn.parent && ts.isParenthesizedExpression(fn.parent) ? fn.parent : fn;
  // The callback itself (`setInterval(() => …)`), or the function handed to the timer by name (`setInterval(refresh, …)`).
  for (const handed of [outer, ...handedByName(values, fn)]) {
    const call = handed.parent;
    if (!call || !ts.isCallExpression(call)) continue;
    const name = (call.arguments[0] === handed ? timerStarted(call, values) : undefined) ?? watcherRunning(call, handed, values);
    if (name) return { name, started: call };
    // Handed through a wrapper that returns a function calling it (`debounce(cb, 200)`, `throttle(cb)`): the wrapper's call is what the timer or watcher is given.
    const wrapper = call.arguments.includes(handed as ts.Expression) ? call.parent : undefined;
    if (wrapper && ts.isCallExpression(wrapper)) {
      const wrapped = (wrapper.arguments[0] === call ? timerStarted(wrapper, values) : undefined) ?? watcherRunning(wrapper, call, values);
      if (wrapped) return { name: wrapped, started: wrapper };
    }
  }
  if (depth === 0) return undefined;
  for (const caller of values.calls.callsOf(fn)) {
    const timer = timerRunning(values, caller, depth - 1, seen);
    if (timer) return timer;
  }
  return undefined;
}

/**
 * Where a named function is handed on as a value rather than called (`setInterval(refresh, 60_000)`,
 * `server.server.oninitialized = onInitialized`): the identifiers naming it in its file as a call's argument or an
 * assignment's value, the two places the timer and hook checks read.
 */
function handedByName(values: ValueAnalysis, fn: ts.FunctionLikeDeclaration): ts.Identifier[] {
  const name = ts.isFunctionDeclaration(fn) ? fn.name : fn.parent && ts.isVariableDeclaration(fn.parent) && fn.parent.initializer === fn && ts.isIdentifier(fn.parent.name) ? fn.parent.name : undefined;
  if (!name) return [];
  const symbol = values.symbolOf(name);
  return (handedIdentifiers(fn.getSourceFile()).get(name.text) ?? []).filter((id) => values.symbolOf(id) === symbol);
}

/**
 * A file's identifiers handed on as values, by name: asked for the function around every registration no tool reaches
 * (and its callers), so each file is walked once, not once per function.
 */
function handedIdentifiers(sf: ts.SourceFile): ReadonlyMap<string, ts.Identifier[]> {
  let index = handedIndex.get(sf);
  if (index) return index;
  const built = new Map<string, ts.Identifier[]>();
  forEachDescendant(sf, (node) => {
    if (!ts.isIdentifier(node)) return;
    const parent = node.parent;
    const handed = (ts.isCallExpression(parent) && parent.arguments.includes(node)) || (ts.isBinaryExpression(parent) && parent.right === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken);
    if (handed) built.set(node.text, [...(built.get(node.text) ?? []), node]);
  });
  index = built;
  handedIndex.set(sf, index);
  return index;
}

const handedIndex = new WeakMap<ts.SourceFile, ReadonlyMap<string, ts.Identifier[]>>();

/** The handshake's own messages (`initialize`, `notifications/initialized`): their handlers run once per connection. */
const HANDSHAKE_MESSAGES: ReadonlySet<string> = new Set(describedFeature('initialize').handledMethods ?? []);

/** The server's handshake hooks (`oninitialized`), which run once per connection when the handshake completes. */
const HANDSHAKE_HOOKS: ReadonlySet<string> = new Set(describedFeature('oninitialized').serverHooks ?? []);

/**
 * The handshake hook (`server.server.oninitialized = () => …`) that runs `node`, directly or through up to `depth` helper
 * calls (`oninitialized = () => loadConfig()` with the toggle inside `loadConfig`).
 */
function handshakeHookRunning(values: ValueAnalysis, node: ts.Node, depth: number, seen = new Set<ts.Node>()): string | undefined {
  const fn = enclosingFunction(node);
  if (!fn || seen.has(fn)) return undefined;
  seen.add(fn);
  let holder: ts.Node = fn;
  while (holder.parent && ts.isParenthesizedExpression(holder.parent)) holder = holder.parent;
  // The hook is this function (`oninitialized = () => …`), or it is assigned by name (`oninitialized = onInitialized`).
  for (const handed of [holder, ...handedByName(values, fn)]) {
    const assignment = handed.parent;
    if (assignment && ts.isBinaryExpression(assignment) && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken && assignment.right === handed) {
      const target = unwrap(assignment.left);
      // The low-level Server's hook (`server.server.oninitialized`): an McpServer has none, so one set there never fires (review 34 X12).
      if (ts.isPropertyAccessExpression(target) && HANDSHAKE_HOOKS.has(target.name.text) && values.valueOf(target.expression)?.kind === 'server') return target.name.text;
    }
  }
  // A callback the function hands on where it runs (`listRoots().then((r) => …)` in the hook): the function that hands it on runs it.
  const call = holder.parent;
  if (call && ts.isCallExpression(call) && call.arguments.includes(holder as ts.Expression)) return handshakeHookRunning(values, call, depth, seen);
  if (depth === 0) return undefined;
  // Who runs its body, also without arguments (`loadConfig()`).
  for (const caller of values.calls.everyCallOf(fn)) {
    const hook = handshakeHookRunning(values, caller, depth - 1, seen);
    if (hook) return hook;
  }
  return undefined;
}

/** `x.method(...)` where `x` is an SDK server (McpServer or low-level Server); the method name node. */
export function serverMethodCall(model: SdkModelParts, call: ts.CallExpression, methods: ReadonlySet<string>): ts.Node | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (!name || !receiver || !methods.has(name)) return undefined;
  const kind = model.values.valueOf(receiver)?.kind;
  return kind === 'mcp-server' || kind === 'server' ? nameNode : undefined;
}

/**
 * `app.sendResourceListChanged()` where the project's own class forwards the method of that name to an SDK
 * server (`sendResourceListChanged() { this.mcpServer.sendResourceListChanged(); }`): a call of the SDK method
 * through the project's wrapper. The method is found through the receiver's declared type, or through the
 * project class a type parameter is instantiated with (`TServer` of `ReactiveResource<…, AppServer>`).
 */
function forwardedServerMethodCall(model: SdkModelParts, call: ts.CallExpression, methods: ReadonlySet<string>): ts.Node | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (!name || !receiver || !methods.has(name) || !nameNode) return undefined;
  const declarations: ts.Node[] = [];
  const value = model.values.valueOf(receiver);
  if (value?.kind === 'shape' && value.shape && (ts.isClassDeclaration(value.shape) || ts.isClassExpression(value.shape))) {
    declarations.push(...value.shape.members.filter((m) => ts.isMethodDeclaration(m) && propertyNameText(m.name) === name));
  } else if (!value) {
    declarations.push(...(model.values.symbolOf(nameNode)?.declarations ?? []));
  }
  for (const decl of declarations) {
    if (!ts.isMethodDeclaration(decl) || !decl.body || !ts.isClassLike(decl.parent)) continue;
    let forwards = false;
    const visit = (node: ts.Node): void => {
      if (forwards || (node !== decl && isFunctionLikeNode(node))) return;
      if (ts.isCallExpression(node) && calleeParts(node).name === name && serverMethodCall(model, node, methods)) forwards = true;
      ts.forEachChild(node, visit);
    };
    visit(decl.body);
    if (forwards) return nameNode;
  }
  return undefined;
}

function isFunctionLikeNode(node: ts.Node): boolean {
  return ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node);
}

/** `ctx.mcpReq.method(...)` / `extra.method(...)`: a request-scoped context method. */
function contextMethodCall(model: SdkModelParts, call: ts.CallExpression, methods: ReadonlySet<string>): ts.Node | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (!name || !methods.has(name)) return undefined;
  if (receiver) {
    const kind = model.values.valueOf(receiver)?.kind;
    return kind === 'context' || kind === 'context-request' ? nameNode : undefined;
  }
  return undefined;
}

/** Method strings that only MCP uses: an object literal carrying one is an MCP message whoever sends it. */
function isUnambiguousMcpMethod(method: string): boolean {
  return /^(notifications\/|sampling\/|roots\/|elicitation\/|resources\/|logging\/)/.test(method);
}

/**
 * A raw JSON-RPC message: `server.request({ method: 'roots/list' }, ...)`,
 * `extra.sendRequest({ method: 'sampling/createMessage', ... })`, `ctx.mcpReq.send(...)`,
 * a destructured `sendRequest(...)`, or a message object built first and passed later.
 * Generic methods (`ping`) count only when an SDK server or context sends them; MCP-only
 * method strings count whatever helper carries them (`this.sendToSession(id, { method })`).
 * Returns the method string literal.
 */
function rawSdkMessage(model: SdkModelParts, call: ts.CallExpression): RawMessage | undefined {
  // Every feature rule asks about every call: answer each call once per analysis.
  let answers = rawMessages.get(model.values);
  if (!answers) rawMessages.set(model.values, (answers = new WeakMap()));
  const known = answers.get(call);
  if (known !== undefined) return known ?? undefined;
  const answer = findRawSdkMessage(model, call);
  answers.set(call, answer ?? null);
  return answer;
}
const rawMessages = new WeakMap<ValueAnalysis, WeakMap<ts.CallExpression, RawMessage | null>>();

/** A raw message: every method its `method` member can be (one for a literal; each of a loop's list), and where it is spelled. */
interface RawMessage {
  methods: readonly string[];
  literal: ts.Node;
}

function findRawSdkMessage(model: SdkModelParts, call: ts.CallExpression): RawMessage | undefined {
  // A test's `expect(server.notification).toHaveBeenCalledWith({ method: … })` expects a message; it sends none.
  if (isAssertionCall(call)) return undefined;
  const { name, receiver } = calleeParts(call);
  let sdkSender: boolean | undefined;
  const isSdkSender = (): boolean => {
    if (sdkSender !== undefined) return sdkSender;
    if (!name || !RAW_SENDERS.has(name)) return (sdkSender = false);
    const kind = receiver ? model.values.valueOf(receiver)?.kind : model.values.valueOf(unwrap(call.expression))?.kind;
    sdkSender = receiver
      ? kind === 'mcp-server' || kind === 'server' || kind === 'context' || kind === 'context-request' || (kind === 'transport' && MCP_SDK.rawSenders[name]!.onTransport === true)
      : kind === 'context-request';
    return sdkSender;
  };
  for (const [index, arg] of call.arguments.entries()) {
    // Only a message (an object with a `method`) is looked for: an argument naming no such variable needs no symbol lookup.
    const named = unwrap(arg);
    if (ts.isIdentifier(named) && !model.values.programText.mayNameObjectWithMember(named, 'method')) continue;
    const message = objectLiteralOf(model, arg);
    if (!message) {
      // A helper that builds the message around the method it is given (`buildNotification('notifications/message', …)`
      // returning `{ jsonrpc: '2.0', method, params }`, sweep 39 AM1): the call naming the method is the site.
      const method = ts.isStringLiteralLike(named) ? named.text : ts.isIdentifier(named) ? model.values.constantString(named) : undefined;
      if (method !== undefined && isUnambiguousMcpMethod(method) && parameterBuildsMessage(model, call, index, 0)) return { methods: [method], literal: arg };
      continue;
    }
    const methodProp = message.properties.find(
      (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && propertyNameText(p.name) === 'method',
    );
    if (!methodProp) continue;
    const spelled = ts.isPropertyAssignment(methodProp) ? methodProp.initializer : methodProp.name;
    const methods = methodStrings(model, spelled);
    if (!methods?.length) continue;
    if ((index === 0 && isSdkSender()) || methods.every(isUnambiguousMcpMethod)) return { methods, literal: spelled };
  }
  return undefined;
}

/**
 * Whether the function `call` runs puts its parameter at `index` in the `method` member of a message it builds, itself or
 * through a helper it hands the parameter to (`notify(method, data)` → `buildNotification(method, data)`, review 44 S44-7).
 */
function parameterBuildsMessage(model: SdkModelParts, call: ts.CallExpression, index: number, depth: number): boolean {
  if (depth > 2) return false;
  const fn = model.values.calls.functionOfCall(call);
  if (!fn?.body) return false;
  const parameter = fn.parameters[index];
  if (!parameter || !ts.isIdentifier(parameter.name) || parameter.dotDotDotToken) return false;
  const symbol = model.values.symbolOf(parameter.name);
  if (!symbol) return false;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isObjectLiteralExpression(node)) {
      for (const p of node.properties) {
        if (!(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) || propertyNameText(p.name) !== 'method') continue;
        const value = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : undefined;
        const target = ts.isShorthandPropertyAssignment(p) ? model.values.checker.getShorthandAssignmentValueSymbol(p) : value && ts.isIdentifier(value) ? model.values.symbolOf(value) : undefined;
        if (target === symbol) found = true;
      }
    }
    if (ts.isCallExpression(node)) {
      const handed = node.arguments.findIndex((a) => ts.isIdentifier(a) && model.values.symbolOf(a) === symbol);
      if (handed >= 0 && parameterBuildsMessage(model, node, handed, depth + 1)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return found;
}

/**
 * The methods a message's `method` member can be: a literal or a `const`, or a loop variable over a list the code
 * spells out (`for (const method of ['notifications/tools/list_changed', …]) server.notification({ method })`).
 * A function's parameter is not followed: a sending helper's callers are the sites, not the helper.
 */
function methodStrings(model: SdkModelParts, node: ts.Expression | ts.Identifier): string[] | undefined {
  const constant = model.values.constantString(node);
  if (constant !== undefined) return [constant];
  const inner = unwrap(node);
  const decl = ts.isIdentifier(inner) ? model.values.symbolOf(inner)?.valueDeclaration : undefined;
  if (!decl || !ts.isVariableDeclaration(decl) || !forOfLoop(decl)) return undefined;
  return possibleStrings(model.values, inner);
}

/** The object literal an argument is, or a `const` it names (`const request = { method: ... }; send(request)`). */
function objectLiteralOf(model: SdkModelParts, node: ts.Node): ts.ObjectLiteralExpression | undefined {
  const inner = unwrap(node);
  if (ts.isObjectLiteralExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = model.values.symbolOf(inner)?.valueDeclaration;
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
    const init = unwrap(decl.initializer);
    return ts.isObjectLiteralExpression(init) ? init : undefined;
  }
  return undefined;
}

/**
 * `server.setRequestHandler(XSchema | 'method', handler)` / `setNotificationHandler(...)` on an SDK server:
 * the JSON-RPC method it handles and the schema/method argument node.
 */
export function handlerRegistration(model: SdkModelParts, call: ts.CallExpression): { method: string; argument: ts.Node } | undefined {
  const { name, receiver } = calleeParts(call);
  if (!name || !HANDLER_REGISTRATION_METHODS.has(name) || !receiver || call.arguments.length === 0) return undefined;
  const kind = model.values.valueOf(receiver)?.kind;
  if (kind !== 'mcp-server' && kind !== 'server') return undefined;
  const argument = call.arguments[0]!;
  const literal = model.values.constantString(argument);
  if (literal !== undefined) return { method: literal, argument };
  const method = methodOfSchema(model, argument, 0);
  return method ? { method, argument } : undefined;
}

/**
 * The JSON-RPC method a request/notification schema stands for: an SDK schema (`InitializeRequestSchema`),
 * one derived from it (`InitializeRequestSchema.extend({...})`), or a project schema whose `method` is a
 * literal (`z.object({ method: z.literal('initialize'), params: … })`), inline or through a `const`.
 */
export function methodOfSchema(model: SdkModelParts, node: ts.Node, depth: number): string | undefined {
  const inner = unwrap(node);
  const schema = model.sdk.exportOf(inner);
  if (schema) return METHOD_OF_SCHEMA[schema.name];
  if (depth > 3) return undefined;
  if (ts.isIdentifier(inner)) {
    const decl = model.values.symbolOf(inner)?.valueDeclaration;
    return decl && ts.isVariableDeclaration(decl) && decl.initializer ? methodOfSchema(model, decl.initializer, depth + 1) : undefined;
  }
  if (!ts.isCallExpression(inner)) return undefined;
  // `Base.extend({...})`, `Base.merge(...)`, `z.object({ method: z.literal('x') }).strict()`
  const { name, receiver } = calleeParts(inner);
  for (const arg of inner.arguments) {
    const object = unwrap(arg);
    if (!ts.isObjectLiteralExpression(object)) continue;
    const methodProp = object.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'method');
    const literal = methodProp && unwrap(methodProp.initializer);
    if (literal && ts.isCallExpression(literal) && calleeParts(literal).name === 'literal' && literal.arguments[0]) {
      const method = model.values.constantString(literal.arguments[0]);
      if (method !== undefined) return method;
    }
  }
  return receiver && name && name !== 'literal' ? methodOfSchema(model, receiver, depth + 1) : undefined;
}

/** One call matched against the ways a protocol feature is used: where to report, under which messageId. */
function featureUse(model: SdkModelParts, call: ts.CallExpression, uses: FeatureUses): FeatureUse | undefined {
  const method = calleeParts(call).name ?? '';
  if (uses.serverMethods.size) {
    const at = serverMethodCall(model, call, uses.serverMethods) ?? forwardedServerMethodCall(model, call, uses.serverMethods);
    if (at) return { node: at, messageId: 'call', data: { method } };
  }
  if (uses.contextMethods.size) {
    const at = contextMethodCall(model, call, uses.contextMethods);
    if (at) return { node: at, messageId: 'call', data: { method } };
  }
  if (uses.messages.size) {
    const raw = rawSdkMessage(model, call);
    const sent = raw?.methods.filter((m) => uses.messages.has(m)) ?? [];
    if (raw && sent.length) return { node: raw.literal, messageId: 'raw', data: { method: sent.join('` / `') } };
  }
  if (uses.handledMethods.size || uses.serverRequests.size) {
    const registration = handlerRegistration(model, call);
    if (registration && uses.handledMethods.has(registration.method)) {
      return { node: registration.argument, messageId: 'handler', data: { method: registration.method } };
    }
    const handled = uses.serverRequests.size ? serverRequestHandled(model, call, uses, registration) : undefined;
    if (handled) return { node: handled.argument, messageId: 'clientHandler', data: { method: handled.method } };
  }
  return undefined;
}

/**
 * A server's handler for a request of the feature that only a server sends (`setRequestHandler(ElicitRequestSchema, …)`,
 * `setRequestHandler('elicitation/create', …)`): no client sends it to a server, so it never runs (sweep 35 AI5).
 */
function serverRequestHandled(model: SdkModelParts, call: ts.CallExpression, uses: FeatureUses, registration: ReturnType<typeof handlerRegistration>): { method: string; argument: ts.Node } | undefined {
  if (registration) return uses.serverRequests.has(registration.method) ? registration : undefined;
  // Their v1 schemas are no `schemaMethods`: a method there would make every such handler a handler site for the transforms.
  const { name, receiver } = calleeParts(call);
  if (!name || !HANDLER_REGISTRATION_METHODS.has(name) || !receiver || call.arguments.length < 2 || !isServerKind(model.values.valueOf(receiver))) return undefined;
  const argument = call.arguments[0]!;
  const method = uses.requestSchemas.get(model.sdk.exportOf(unwrap(argument))?.name ?? '');
  return method ? { method, argument } : undefined;
}

/**
 * The method handed on instead of called here: `server.server.elicitInput.bind(server.server)`,
 * `const fn = extra.elicitInput` (then `fn({...})`), `wrap(ctx.mcpReq.requestSampling)`,
 * `{ sample: ctx.createMessage }`. Reported at the reference, since the later call site cannot be
 * resolved. A `typeof x.elicitInput` guard, an assignment to the member, or a call is not a reference.
 */
function detachedMethod(model: SdkModelParts, access: ts.PropertyAccessExpression, uses: FeatureUses): boolean {
  const name = access.name.text;
  const onServer = uses.serverMethods.has(name);
  const onContext = uses.contextMethods.has(name);
  if (!onServer && !onContext) return false;
  const outer = outermostWrapper(access);
  const parent = outer.parent;
  if (!parent) return false;
  const handedOn =
    (ts.isPropertyAccessExpression(parent) && parent.expression === outer && ['bind', 'call', 'apply'].includes(parent.name.text)) ||
    (ts.isVariableDeclaration(parent) && parent.initializer === outer) ||
    ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== outer && (parent.arguments ?? []).some((a) => a === outer) && !(ts.isCallExpression(parent) && takesAssertionSubject(parent))) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === outer) ||
    ts.isReturnStatement(parent) ||
    (ts.isArrowFunction(parent) && parent.body === outer) ||
    (ts.isBinaryExpression(parent) && parent.right === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken);
  if (!handedOn) return false;
  const kind = model.values.valueOf(access.expression)?.kind;
  return (onServer && (kind === 'mcp-server' || kind === 'server')) || (onContext && (kind === 'context' || kind === 'context-request'));
}

/** Features whose requests become MRTR input requests, and their members that await one response. */
const INPUT_REQUESTS = Object.entries(MCP_SDK.features)
  .filter(([, feature]) => feature.inputRequest)
  .map(([id, feature]) => ({
    feature: id as FeatureId,
    serverMethods: namesOf(feature.serverMethods, ['request']),
    contextMethods: namesOf(feature.contextMethods, ['request']),
    messages: new Set(Object.entries(feature.messages ?? {}).filter(([, kind]) => kind === 'request').map(([method]) => method)),
  }));
const REQUEST_SENDERS = rawSendersOf('request');
/** Every method name an input request can be sent with: other calls are not looked at further (most calls of a program). */
const INPUT_REQUEST_METHODS = new Set([...INPUT_REQUESTS.flatMap((r) => [...r.serverMethods, ...r.contextMethods]), ...REQUEST_SENDERS]);
/** The features whose requests become MRTR input requests (`sampling`, `elicitation`, `roots`). */
export const INPUT_REQUEST_FEATURES: readonly FeatureId[] = INPUT_REQUESTS.map((r) => r.feature);

/** A call that sends sampling/elicitation/roots to the client, with its params. */
function inputRequestSite(model: SdkModelParts, call: ts.CallExpression): InputRequestSite | undefined {
  const { name, receiver } = calleeParts(call);
  if (!name || !INPUT_REQUEST_METHODS.has(name)) return undefined;
  const kindOf = receiver ? model.values.valueOf(receiver)?.kind : model.values.valueOf(unwrap(call.expression))?.kind;
  if (receiver && (kindOf === 'mcp-server' || kindOf === 'server')) {
    const request = INPUT_REQUESTS.find((r) => r.serverMethods.has(name));
    if (request) return { call, feature: request.feature, params: call.arguments[0] };
  }
  if (receiver && (kindOf === 'context' || kindOf === 'context-request')) {
    const request = INPUT_REQUESTS.find((r) => r.contextMethods.has(name));
    if (request) return { call, feature: request.feature, params: call.arguments[0] };
  }
  const isSender = REQUEST_SENDERS.has(name) && (receiver ? kindOf === 'mcp-server' || kindOf === 'server' || kindOf === 'context' || kindOf === 'context-request' : kindOf === 'context-request');
  if (!isSender || call.arguments.length === 0) return undefined;
  const arg = unwrap(call.arguments[0]!);
  let message: ts.ObjectLiteralExpression | undefined;
  if (ts.isObjectLiteralExpression(arg)) message = arg;
  else if (ts.isIdentifier(arg)) {
    const decl = model.values.symbolOf(arg)?.valueDeclaration;
    const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? unwrap(decl.initializer) : undefined;
    if (init && ts.isObjectLiteralExpression(init)) message = init;
  }
  if (!message) return undefined;
  const method = message.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'method');
  const methodText = method && model.values.constantString(method.initializer);
  const feature = methodText ? INPUT_REQUESTS.find((r) => r.messages.has(methodText))?.feature : undefined;
  if (!feature) return undefined;
  const params = message.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'params');
  if (ts.isIdentifier(arg)) return { call, feature, params: params?.initializer, paramsText: params ? `${arg.text}.params` : undefined, raw: true };
  return { call, feature, params: params?.initializer, raw: true };
}

/** Every raw message method some feature's rule reports (`notifications/message`, list changes, …). */
const FEATURE_MESSAGES: ReadonlySet<string> = new Set(Object.values(MCP_SDK.features).flatMap((feature) => Object.keys(feature.messages ?? {})));
/** The server-owned raw senders of notifications (`server.notification`); a context's senders are request-scoped. */
const SERVER_NOTIFICATION_SENDERS = rawSendersOf('notification', 'server');

/** Whether a file's text names a raw notification sender at all: a walk for `standaloneNotification` can skip it otherwise. */
export function mayHoldStandaloneNotification(text: string): boolean {
  for (const name of SERVER_NOTIFICATION_SENDERS) if (text.includes(name)) return true;
  return false;
}

/** The rule that reports a notification sent on the standalone stream (`standaloneNotification`). */
export const STANDALONE_NOTIFICATION_RULE: RuleId = MCP_SDK.standaloneNotificationRule;

/** A notification an SDK server sends outside any request's response stream. */
export interface StandaloneNotification {
  /** Where to report: the method string when the message is known, else the sender's name. */
  node: ts.Node;
  /** The methods the message can be; empty when the message is not known here (a parameter, a forwarded message). */
  methods: readonly string[];
}

/**
 * `server.notification(message)` on an SDK server without the description's request-stream option
 * (`relatedRequestId`): the 2025 transports send it on the session's standalone stream (the HTTP GET stream),
 * which 2026-07-28 removes. Messages another feature's rule reports (`notifications/message`, list changes)
 * are left to it; an options argument that cannot be read is given the benefit of the doubt.
 */
export function standaloneNotification(model: SdkModelParts, call: ts.CallExpression): StandaloneNotification | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (!name || !nameNode || !receiver || !SERVER_NOTIFICATION_SENDERS.has(name) || call.arguments.length === 0) return undefined;
  const kind = model.values.valueOf(receiver)?.kind;
  if (kind !== 'mcp-server' && kind !== 'server') return undefined;
  const options = call.arguments[1];
  if (options) {
    const literal = objectLiteralOf(model, options);
    if (!literal) return undefined;
    const scoped = literal.properties.some((p) => ts.isSpreadAssignment(p) || (p.name !== undefined && propertyNameText(p.name) === REQUEST_STREAM_OPTION));
    if (scoped) return undefined;
  }
  const raw = rawSdkMessage(model, call);
  if (raw?.methods.some((m) => FEATURE_MESSAGES.has(m))) return undefined;
  return raw ? { node: raw.literal, methods: raw.methods } : { node: nameNode, methods: [] };
}
