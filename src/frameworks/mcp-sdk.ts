/**
 * The MCP TypeScript SDK itself, described like the frameworks built on it: for each major, which
 * modules it is made of, what its classes are, and which of its members are a protocol feature
 * 2026-07-28 removed or moved, with the rule that reports them. Nothing else in the analysis, the
 * rules or the transforms names these members: `src/analysis/sdk-modules.ts` (modules, classes, names)
 * and `src/analysis/sdk-features.ts` (features and their rules) interpret this description once, and
 * rules and transforms read the interpretation.
 */
import type { RuleId } from '../rule-ids.js';

/** Which side of the protocol a module serves: client modules are the other side, not ours to migrate. */
export type SdkSide = 'server' | 'shared' | 'client';

interface SdkMajorDescription {
  major: 1 | 2;
  /** The package a server written against this major imports its API from. */
  entry: string;
  /**
   * Package → side. A v1 package is one package whose subpaths differ (`sdk/server/...`, `sdk/client/...`);
   * `subpaths` refines its side by the first path segment.
   */
  packages: Readonly<Record<string, SdkSide>>;
  subpaths?: Readonly<Record<string, SdkSide>>;
}

/** What an SDK class's instances are to the analysis. */
export type SdkClassRole = 'low-level-server' | 'high-level-server' | 'streamable-http-transport' | 'sse-transport' | 'stdio-transport' | 'client-transport';

/** A method of an SDK server or handler context that sends something to the client. */
export type SendShape =
  /** Sends one request and resolves with its one response (`createMessage`, `elicitInput`). */
  | 'request'
  /** Sends a request and streams its partial results (`createMessageStream`). */
  | 'stream'
  /** Sends a notification (`sendToolListChanged`), or hands out something that does (`createElicitationCompletionNotifier`). */
  | 'notification'
  /** Reads what `initialize` negotiated (`getClientCapabilities`). */
  | 'read';

/** A raw JSON-RPC method string and whether it is a request (answered) or a notification. */
export type MessageKind = 'request' | 'notification';

/**
 * A protocol feature: its SDK members and the rule that reports every use of them. `messageId` of a
 * report follows from where the member was found: a server or context method → `call`, a raw message
 * → `raw`, a handler registration → `handler`.
 */
export interface SdkFeature {
  rule: RuleId;
  /** Methods of an SDK server (`McpServer` or the low-level `Server`): `server.server.listRoots()`. */
  serverMethods?: Readonly<Record<string, SendShape>>;
  /** Methods of a request handler's context: `extra.sendRequest`, `ctx.mcpReq.requestSampling()`. */
  contextMethods?: Readonly<Record<string, SendShape>>;
  /** Raw JSON-RPC method strings sent through an SDK sender (`server.request({ method: 'roots/list' })`). */
  messages?: Readonly<Record<string, MessageKind>>;
  /** JSON-RPC methods whose handlers are registered with `setRequestHandler` / `setNotificationHandler`. */
  handledMethods?: readonly string[];
  /**
   * On 2026-07-28 a request of this feature is an MRTR input request: `inputRequired.<builder>(params)`,
   * answered with an input response of this kind.
   */
  inputRequest?: { builder: string; responseKind: string; /** The builder sending the user to a URL instead (what the feature's `errors` stood for). */ urlBuilder?: string };
  /** Methods of an SDK server that hand out a sender of this feature's notifications (`createElicitationCompletionNotifier`). */
  notifierMethods?: readonly string[];
  /**
   * Methods of a registered tool, prompt or resource (what `registerTool` returns) that change the
   * list; registrations made while serving (inside a tool call, from a timer) are the same feature.
   */
  registeredMethods?: readonly string[];
  /** Callback properties of an SDK server that the feature runs (`server.server.oninitialized = …`). */
  serverHooks?: readonly string[];
  /**
   * The request-scoped form a handler's request context offers (`ctx.mcpReq.log`): the 2026-07-28 way,
   * not a finding, but still a use of the feature (what the capability is declared for).
   */
  requestMethods?: readonly string[];
  /** SDK error classes that stand for this feature (`throw new UrlElicitationRequiredError(…)`). */
  errors?: readonly string[];
  /**
   * On 2026-07-28 what the member read arrives in each request's envelope: `ctx.mcpReq.envelope[<key>]`,
   * a value of the SDK type `type` (`getClientCapabilities` → `CLIENT_CAPABILITIES_META_KEY`).
   */
  envelope?: Readonly<Record<string, { key: string; type: string }>>;
  /** SDK schemas of the response a raw request of this feature is parsed with. */
  resultSchemas?: readonly string[];
  /**
   * Not a finding when the server is served only over stdio (`serveStdio` and no `createMcpHandler`):
   * there the instance's own sends are the 2026-07-28 publish path.
   */
  unlessServedOnlyOverStdio?: boolean;
  /**
   * On 2026-07-28 the change events (`ServerEvent.kind`) a server event bus carries to `subscriptions/listen`
   * streams, in the order the generated publisher handles them: each with the server method and the raw
   * notification that announce it on 2025-era connections, and whether it carries the resource's `uri`.
   */
  listenEvents?: Readonly<Record<string, { serverMethod: string; message: string; uri?: true }>>;
}

/** Who can send a raw JSON-RPC message: a method of an SDK server, a handler context or a transport. */
interface RawSender {
  /** What it sends: a request, a notification, or either (`ctx.mcpReq.send`, `transport.send`). */
  sends: MessageKind | 'any';
  /** Where the SDK defines it: on a server (`server.server.request`) or on a handler's context (`extra.sendRequest`). */
  owner: 'server' | 'context';
  /** Sends from a transport too (`transport.send(message)`). */
  onTransport?: boolean;
}

export interface SdkDescription {
  majors: readonly SdkMajorDescription[];
  classes: Readonly<Record<string, SdkClassRole>>;
  /** Types that name a request handler's context (`extra` in v1, `ctx` in v2). */
  contextTypes: readonly string[];
  /** Other exports the rules resolve by name (functions, schemas, errors). */
  exports: readonly string[];
  /** Schemas of the `initialize` request's params (a project parsing them reads the handshake by hand). */
  initializeParamsSchemas: readonly string[];
  /** Request/notification schemas (v1) and the JSON-RPC method each stands for (v2 registers by method string). */
  schemaMethods: Readonly<Record<string, string>>;
  /** Methods of an SDK server that register a tool, prompt or resource (their callbacks receive the context). */
  registrations: Readonly<Record<string, 'tool' | 'prompt' | 'resource'>>;
  /** Methods of an SDK server that register a raw JSON-RPC handler. */
  handlerRegistrations: readonly string[];
  /** The method of an SDK server that connects it to a transport (`server.connect(transport)`). */
  connectMethod: string;
  /** The method of the deprecated HTTP+SSE transport that takes a client's POSTed message (`transport.handlePostMessage(req, res)`). */
  ssePostMethod: string;
  rawSenders: Readonly<Record<string, RawSender>>;
  /** Notifications about one request's work (progress): they belong on that request's response stream. */
  requestScopedNotifications: readonly string[];
  /**
   * The option of a server's raw notification sender that ties the notification to a request's response
   * stream (`server.notification(msg, { relatedRequestId })`); without it the 2025 transports send it on the
   * session's standalone stream, which 2026-07-28 removes.
   */
  requestStreamOption: string;
  /** The rule that reports a server notification sent without that option (on the standalone stream). */
  standaloneNotificationRule: RuleId;
  /**
   * The v2 serving entries: over stdio, and the request handler (`createMcpHandler`) that serves HTTP; and
   * the in-process change-event bus class whose events the handler's `subscriptions/listen` streams receive.
   */
  serving: { stdio: string; handler: string; bus: string };
  features: Readonly<Record<string, SdkFeature>>;
}

/** Each protocol feature 2026-07-28 removed or moved, by name. */
const FEATURES = {
  sampling: {
    rule: 'deprecated-feature/sampling',
    serverMethods: { createMessage: 'request', createMessageStream: 'stream' },
    contextMethods: { requestSampling: 'request', createMessage: 'request' },
    messages: { 'sampling/createMessage': 'request' },
    inputRequest: { builder: 'createMessage', responseKind: 'sampling' },
    resultSchemas: ['CreateMessageResultSchema', 'CreateMessageResultWithToolsSchema'],
  },
  elicitation: {
    rule: 'server-push/elicitation',
    serverMethods: { elicitInput: 'request', elicitInputStream: 'stream' },
    contextMethods: { elicitInput: 'request' },
    messages: { 'elicitation/create': 'request', 'notifications/elicitation/complete': 'notification' },
    inputRequest: { builder: 'elicit', responseKind: 'elicit', urlBuilder: 'elicitUrl' },
    resultSchemas: ['ElicitResultSchema'],
    notifierMethods: ['createElicitationCompletionNotifier'],
    errors: ['UrlElicitationRequiredError'],
  },
  roots: {
    rule: 'deprecated-feature/roots',
    serverMethods: { listRoots: 'request' },
    messages: { 'roots/list': 'request' },
    handledMethods: ['notifications/roots/list_changed'],
    inputRequest: { builder: 'listRoots', responseKind: 'roots' },
    resultSchemas: ['ListRootsResultSchema'],
  },
  ping: {
    rule: 'server-push/ping',
    serverMethods: { ping: 'request' },
    messages: { ping: 'request' },
    handledMethods: ['ping'],
  },
  logging: {
    rule: 'deprecated-feature/logging',
    serverMethods: { sendLoggingMessage: 'notification' },
    messages: { 'notifications/message': 'notification' },
    handledMethods: ['logging/setLevel'],
    requestMethods: ['log'],
  },
  'change-notification': {
    rule: 'server-push/change-notification',
    serverMethods: {
      sendResourceUpdated: 'notification',
      sendToolListChanged: 'notification',
      sendResourceListChanged: 'notification',
      sendPromptListChanged: 'notification',
    },
    messages: {
      'notifications/tools/list_changed': 'notification',
      'notifications/resources/list_changed': 'notification',
      'notifications/prompts/list_changed': 'notification',
      'notifications/resources/updated': 'notification',
    },
    unlessServedOnlyOverStdio: true,
    listenEvents: {
      tools_list_changed: { serverMethod: 'sendToolListChanged', message: 'notifications/tools/list_changed' },
      prompts_list_changed: { serverMethod: 'sendPromptListChanged', message: 'notifications/prompts/list_changed' },
      resources_list_changed: { serverMethod: 'sendResourceListChanged', message: 'notifications/resources/list_changed' },
      resource_updated: { serverMethod: 'sendResourceUpdated', message: 'notifications/resources/updated', uri: true },
    },
  },
  /** The handshake itself: a project's own handler for `initialize` (2026-07-28 clients never send it). */
  initialize: {
    rule: 'handshake/initialize-handler',
    handledMethods: ['initialize', 'notifications/initialized'],
  },
  oninitialized: {
    rule: 'handshake/oninitialized',
    serverHooks: ['oninitialized'],
  },
  'client-capabilities': {
    rule: 'handshake/client-capabilities',
    serverMethods: { getClientCapabilities: 'read' },
    envelope: { getClientCapabilities: { key: 'CLIENT_CAPABILITIES_META_KEY', type: 'ClientCapabilities' } },
  },
  'client-version': {
    rule: 'handshake/client-version',
    serverMethods: { getClientVersion: 'read', getNegotiatedProtocolVersion: 'read' },
    envelope: { getClientVersion: { key: 'CLIENT_INFO_META_KEY', type: 'Implementation' } },
  },
  'tool-toggle': {
    rule: 'server-push/tool-toggle',
    registeredMethods: ['enable', 'disable', 'remove', 'update'],
  },
  'resource-subscription': {
    rule: 'server-push/resource-subscription',
    handledMethods: ['resources/subscribe', 'resources/unsubscribe'],
  },
} satisfies Record<string, SdkFeature>;

/** The names of the described features (`sampling`, `ping`, …). */
export type SdkFeatureId = keyof typeof FEATURES;

export const MCP_SDK: SdkDescription = {
  majors: [
    {
      major: 1,
      entry: '@modelcontextprotocol/sdk',
      packages: { '@modelcontextprotocol/sdk': 'shared' },
      subpaths: { server: 'server', client: 'client' },
    },
    {
      major: 2,
      entry: '@modelcontextprotocol/server',
      packages: {
        '@modelcontextprotocol/server': 'server',
        '@modelcontextprotocol/node': 'server',
        '@modelcontextprotocol/express': 'server',
        '@modelcontextprotocol/hono': 'server',
        '@modelcontextprotocol/fastify': 'server',
        '@modelcontextprotocol/server-legacy': 'server',
        '@modelcontextprotocol/core': 'shared',
        '@modelcontextprotocol/client': 'client',
      },
    },
  ],
  classes: {
    Server: 'low-level-server',
    McpServer: 'high-level-server',
    StreamableHTTPServerTransport: 'streamable-http-transport',
    NodeStreamableHTTPServerTransport: 'streamable-http-transport',
    WebStandardStreamableHTTPServerTransport: 'streamable-http-transport',
    SSEServerTransport: 'sse-transport',
    StdioServerTransport: 'stdio-transport',
    // Client side: a connection to another MCP server (a proxy's upstream); `StdioClientTransport` spawns it.
    StdioClientTransport: 'client-transport',
    SSEClientTransport: 'client-transport',
    StreamableHTTPClientTransport: 'client-transport',
    WebSocketClientTransport: 'client-transport',
  },
  contextTypes: ['RequestHandlerExtra', 'ServerContext', 'BaseContext'],
  exports: [
    'isInitializeRequest',
    'InitializeRequestSchema',
    'InitializeRequestParamsSchema',
    'InitializedNotificationSchema',
    'SetLevelRequestSchema',
    'SubscribeRequestSchema',
    'UnsubscribeRequestSchema',
    'RootsListChangedNotificationSchema',
    'ListRootsResultSchema',
    'CreateMessageResultSchema',
    'ElicitResultSchema',
    'UrlElicitationRequiredError',
    'InMemoryEventStore',
    'ResourceTemplate',
    'createMcpHandler',
    'toNodeHandler',
    'serveStdio',
  ],
  initializeParamsSchemas: ['InitializeRequestParamsSchema'],
  schemaMethods: {
    InitializeRequestSchema: 'initialize',
    InitializedNotificationSchema: 'notifications/initialized',
    SetLevelRequestSchema: 'logging/setLevel',
    SubscribeRequestSchema: 'resources/subscribe',
    UnsubscribeRequestSchema: 'resources/unsubscribe',
    RootsListChangedNotificationSchema: 'notifications/roots/list_changed',
    PingRequestSchema: 'ping',
  },
  registrations: {
    tool: 'tool',
    registerTool: 'tool',
    prompt: 'prompt',
    registerPrompt: 'prompt',
    resource: 'resource',
    registerResource: 'resource',
  },
  handlerRegistrations: ['setRequestHandler', 'setNotificationHandler'],
  connectMethod: 'connect',
  ssePostMethod: 'handlePostMessage',
  rawSenders: {
    request: { sends: 'request', owner: 'server' },
    sendRequest: { sends: 'request', owner: 'context' },
    notification: { sends: 'notification', owner: 'server' },
    sendNotification: { sends: 'notification', owner: 'context' },
    send: { sends: 'any', owner: 'context', onTransport: true },
    notify: { sends: 'notification', owner: 'context' },
  },
  requestScopedNotifications: ['notifications/progress'],
  requestStreamOption: 'relatedRequestId',
  standaloneNotificationRule: 'server-push/standalone-notification',
  serving: { stdio: 'serveStdio', handler: 'createMcpHandler', bus: 'InMemoryServerEventBus' },
  features: FEATURES,
};
