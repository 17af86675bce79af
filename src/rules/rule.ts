/**
 * The rule contract (after typescript-eslint): static `meta` plus `create(context)` returning
 * visitors keyed by syntax kind, and an optional `end()` for rules that report from the
 * project-wide session analysis. Rules never compute locations or file paths themselves:
 * they report a node and a messageId, the engine turns that into a `Finding`.
 */
import { ts } from '../typescript.js';
import type { RuleMeta } from '../model.js';
import type { Analysis } from '../analysis/model.js';
import type { Hop } from '../analysis/value.js';
import { calleeParts, outermostWrapper, propertyNameText, unwrap } from '../analysis/ast.js';
import { handlerRegistration } from '../analysis/handler-registration.js';

export interface ReportDescriptor {
  node: ts.Node;
  messageId: string;
  data?: Record<string, string>;
  hops?: readonly Hop[];
}

export interface RuleContext {
  analysis: Analysis;
  report(descriptor: ReportDescriptor): void;
  /** The file whose nodes the visitors are being called with (the engine's walk sets it; cheaper than `node.getSourceFile()`). */
  currentFile?(): ts.SourceFile | undefined;
}

export type VisitorMap = { [K in ts.SyntaxKind]?: (node: never) => void };

export interface RuleListener {
  visitors?: VisitorMap;
  /** Called once after every file was visited. */
  end?(): void;
}

/** `M`: the rule's message ids, kept by `defineRule` so tests can only name ids the rule has. */
export interface Rule<M extends string = string> {
  meta: RuleMeta & { messages: Record<M, string> };
  create(context: RuleContext): RuleListener;
}

const SPEC = 'https://modelcontextprotocol.io/specification/2026-07-28';
export const specUrl = (page: string): string => `${SPEC}/${page}`;

export function defineRule<const M extends string>(rule: Rule<M>): Rule<M> {
  return rule;
}

/** `x.method(...)` where `x` is an SDK server (McpServer or low-level Server); the method name node. */
export function serverMethodCall(analysis: Analysis, call: ts.CallExpression, methods: ReadonlySet<string>): ts.Node | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (!name || !receiver || !methods.has(name)) return undefined;
  const kind = analysis.values.valueOf(receiver)?.kind;
  return kind === 'mcp-server' || kind === 'server' ? nameNode : undefined;
}

/**
 * `app.sendResourceListChanged()` where the project's own class forwards the method of that name to an SDK
 * server (`sendResourceListChanged() { this.mcpServer.sendResourceListChanged(); }`): a call of the SDK method
 * through the project's wrapper. The method is found through the receiver's declared type, or through the
 * project class a type parameter is instantiated with (`TServer` of `ReactiveResource<…, AppServer>`).
 */
function forwardedServerMethodCall(analysis: Analysis, call: ts.CallExpression, methods: ReadonlySet<string>): ts.Node | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (!name || !receiver || !methods.has(name) || !nameNode) return undefined;
  const declarations: ts.Node[] = [];
  const value = analysis.values.valueOf(receiver);
  if (value?.kind === 'shape' && value.shape && (ts.isClassDeclaration(value.shape) || ts.isClassExpression(value.shape))) {
    declarations.push(...value.shape.members.filter((m) => ts.isMethodDeclaration(m) && propertyNameText(m.name) === name));
  } else if (!value) {
    declarations.push(...(analysis.values.symbolOf(nameNode)?.declarations ?? []));
  }
  for (const decl of declarations) {
    if (!ts.isMethodDeclaration(decl) || !decl.body || !ts.isClassLike(decl.parent)) continue;
    let forwards = false;
    const visit = (node: ts.Node): void => {
      if (forwards || (node !== decl && isFunctionLikeNode(node))) return;
      if (ts.isCallExpression(node) && calleeParts(node).name === name && serverMethodCall(analysis, node, methods)) forwards = true;
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
function contextMethodCall(analysis: Analysis, call: ts.CallExpression, methods: ReadonlySet<string>): ts.Node | undefined {
  const { name, nameNode, receiver } = calleeParts(call);
  if (!name || !methods.has(name)) return undefined;
  if (receiver) {
    const kind = analysis.values.valueOf(receiver)?.kind;
    return kind === 'context' || kind === 'context-request' ? nameNode : undefined;
  }
  return undefined;
}

const RAW_SENDERS = new Set(['request', 'sendRequest', 'notification', 'sendNotification', 'send', 'notify']);

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
function rawSdkMessage(analysis: Analysis, call: ts.CallExpression): { method: string; literal: ts.Node } | undefined {
  // Every feature rule asks about every call: answer each call once per analysis.
  let answers = rawMessages.get(analysis);
  if (!answers) rawMessages.set(analysis, (answers = new WeakMap()));
  const known = answers.get(call);
  if (known !== undefined) return known ?? undefined;
  const answer = findRawSdkMessage(analysis, call);
  answers.set(call, answer ?? null);
  return answer;
}
const rawMessages = new WeakMap<Analysis, WeakMap<ts.CallExpression, { method: string; literal: ts.Node } | null>>();

function findRawSdkMessage(analysis: Analysis, call: ts.CallExpression): { method: string; literal: ts.Node } | undefined {
  const { name, receiver } = calleeParts(call);
  let sdkSender: boolean | undefined;
  const isSdkSender = (): boolean => {
    if (sdkSender !== undefined) return sdkSender;
    if (!name || !RAW_SENDERS.has(name)) return (sdkSender = false);
    const kind = receiver ? analysis.values.valueOf(receiver)?.kind : analysis.values.valueOf(unwrap(call.expression))?.kind;
    sdkSender = receiver
      ? kind === 'mcp-server' || kind === 'server' || kind === 'context' || kind === 'context-request' || (kind === 'transport' && name === 'send')
      : kind === 'context-request';
    return sdkSender;
  };
  for (const [index, arg] of call.arguments.entries()) {
    const message = objectLiteralOf(analysis, arg);
    if (!message) continue;
    const methodProp = message.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'method');
    if (!methodProp) continue;
    const method = analysis.values.constantString(methodProp.initializer);
    if (method === undefined) continue;
    if ((index === 0 && isSdkSender()) || isUnambiguousMcpMethod(method)) return { method, literal: methodProp.initializer };
  }
  return undefined;
}

/** The object literal an argument is, or a `const` it names (`const request = { method: ... }; send(request)`). */
function objectLiteralOf(analysis: Analysis, node: ts.Node): ts.ObjectLiteralExpression | undefined {
  const inner = unwrap(node);
  if (ts.isObjectLiteralExpression(inner)) return inner;
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = analysis.values.symbolOf(inner)?.valueDeclaration;
  if (decl && ts.isVariableDeclaration(decl) && decl.initializer) {
    const init = unwrap(decl.initializer);
    return ts.isObjectLiteralExpression(init) ? init : undefined;
  }
  return undefined;
}

export interface FeatureUses {
  /** Methods called on an SDK server (`server.server.listRoots()`). */
  serverMethods?: ReadonlySet<string>;
  /** Methods called on a handler context (`ctx.mcpReq.requestSampling()`). */
  contextMethods?: ReadonlySet<string>;
  /** Raw JSON-RPC method strings sent through the SDK. */
  rawMethods?: (method: string) => boolean;
  /** JSON-RPC methods whose handlers are registered with `setRequestHandler`/`setNotificationHandler`. */
  handledMethods?: ReadonlySet<string>;
}

/** One call matched against the ways a protocol feature is used: returns where to report and which messageId. */
function featureUse(
  analysis: Analysis,
  call: ts.CallExpression,
  uses: FeatureUses,
): { node: ts.Node; messageId: 'call' | 'raw' | 'handler'; method: string } | undefined {
  const method = calleeParts(call).name ?? '';
  if (uses.serverMethods) {
    const at = serverMethodCall(analysis, call, uses.serverMethods) ?? forwardedServerMethodCall(analysis, call, uses.serverMethods);
    if (at) return { node: at, messageId: 'call', method };
  }
  if (uses.contextMethods) {
    const at = contextMethodCall(analysis, call, uses.contextMethods);
    if (at) return { node: at, messageId: 'call', method };
  }
  if (uses.rawMethods) {
    const raw = rawSdkMessage(analysis, call);
    if (raw && uses.rawMethods(raw.method)) return { node: raw.literal, messageId: 'raw', method: raw.method };
  }
  if (uses.handledMethods) {
    const registration = handlerRegistration(analysis, call);
    if (registration && uses.handledMethods.has(registration.method)) {
      return { node: registration.argument, messageId: 'handler', method: registration.method };
    }
  }
  return undefined;
}

/**
 * The method handed on instead of called here: `server.server.elicitInput.bind(server.server)`,
 * `const fn = extra.elicitInput` (then `fn({...})`), `wrap(ctx.mcpReq.requestSampling)`,
 * `{ sample: ctx.createMessage }`. Reported at the reference, since the later call site cannot be
 * resolved. A `typeof x.elicitInput` guard, an assignment to the member, or a call is not a reference.
 */
function detachedMethod(analysis: Analysis, access: ts.PropertyAccessExpression, uses: FeatureUses): boolean {
  const name = access.name.text;
  const onServer = uses.serverMethods?.has(name) ?? false;
  const onContext = uses.contextMethods?.has(name) ?? false;
  if (!onServer && !onContext) return false;
  const outer = outermostWrapper(access);
  const parent = outer.parent;
  if (!parent) return false;
  const handedOn =
    (ts.isPropertyAccessExpression(parent) && parent.expression === outer && ['bind', 'call', 'apply'].includes(parent.name.text)) ||
    (ts.isVariableDeclaration(parent) && parent.initializer === outer) ||
    ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== outer && (parent.arguments ?? []).some((a) => a === outer)) ||
    (ts.isPropertyAssignment(parent) && parent.initializer === outer) ||
    ts.isReturnStatement(parent) ||
    (ts.isArrowFunction(parent) && parent.body === outer) ||
    (ts.isBinaryExpression(parent) && parent.right === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken);
  if (!handedOn) return false;
  const kind = analysis.values.valueOf(access.expression)?.kind;
  return (onServer && (kind === 'mcp-server' || kind === 'server')) || (onContext && (kind === 'context' || kind === 'context-request'));
}

/** A rule whose every finding is a `featureUse` match: the visitor is the same for all of them. */
export function featureVisitors(context: RuleContext, uses: FeatureUses): RuleListener {
  return {
    visitors: {
      [ts.SyntaxKind.CallExpression]: (node: ts.CallExpression) => {
        const use = featureUse(context.analysis, node, uses);
        if (use) context.report({ node: use.node, messageId: use.messageId, data: { method: use.method } });
      },
      [ts.SyntaxKind.PropertyAccessExpression]: (node: ts.PropertyAccessExpression) => {
        if (detachedMethod(context.analysis, node, uses)) {
          context.report({ node: node.name, messageId: 'call', data: { method: node.name.text } });
        }
      },
    },
  };
}
