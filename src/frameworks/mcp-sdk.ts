/**
 * The MCP TypeScript SDK itself, described like the frameworks built on it: for each major, which
 * modules it is made of, what its classes are, and which of its members are a protocol feature
 * 2026-07-28 removed or moved, with the rule that reports them. Nothing else in the analysis, the
 * rules or the transforms names these members: `src/analysis/sdk-modules.ts` (modules, classes, names)
 * and `src/analysis/sdk-features.ts` (features and their rules) interpret this description once, and
 * rules and transforms read the interpretation.
 */
import type { RuleId } from '../rule-ids.js';
import { V2_ENTRY_POINT_EXPORTS, type SdkEntryExports } from './mcp-sdk-v2-exports.js';

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
  /**
   * Subpaths the package's `exports` map to a directory's index, by the file they name (v1: `sdk/server` is
   * `sdk/server/index.js`): the official codemod knows its v1 modules only by file.
   */
  entryAliases?: Readonly<Record<string, string>>;
  /** A request handler's context in this major (`extra` in v1, `ctx` in v2). */
  context: SdkContextDescription;
  /**
   * What each entry point of this major exports (v2: read off the pinned packages, `V2_ENTRY_POINT_EXPORTS`), in the
   * order a name dropped from an import looks for a home.
   */
  entryPoints?: Readonly<Record<string, SdkEntryExports>>;
  /** The experimental tasks layer this major has (v1 only; v2 moved tasks to an extension). */
  experimentalTasks?: SdkExperimentalTasks;
  /**
   * The packages installing this major puts in node_modules beside it (its package.json `dependencies`, with their
   * ranges): a project can import one without declaring it, and loses it when the SDK goes.
   */
  installs?: Readonly<Record<string, string>>;
}

/** The types that name a request handler's context in one major, and (where the transforms read them) its members. */
interface SdkContextDescription {
  /** The type of a server's request handler context (`RequestHandlerExtra` in v1, `ServerContext` in v2). */
  server: string;
  /** The type of a client's request handler context (v1 shares the server's; v2 has `ClientContext`). */
  client: string;
  /** The path of the request's id on the context (`extra.requestId` in v1, `ctx.mcpReq.id` in v2). */
  requestId: readonly string[];
  /** The member holding the session id of the transport the request came on (v1 `extra.sessionId`). */
  sessionId?: string;
  /** The module the context type is exported from (an import the sdk-v2 transform adds, v1). */
  module?: string;
  /** Every key of the context object: an inline type made only of these describes the handler context (v1). */
  members?: readonly string[];
  /** The keys nothing but a handler context has: an object literal with one of them is a context mock (v1). */
  distinctiveMembers?: readonly string[];
  /**
   * The path of the HTTP request's headers on the context, when they are a web `Headers` read by `get(name)` (v2:
   * `ctx.http.req.headers`; v1's `extra.requestInfo.headers` was a plain record read by `headers[name]`).
   */
  requestHeaders?: readonly string[];
  /** The path of the HTTP request's headers on the context when they are a plain record read by `headers[name]` (v1's `extra.requestInfo.headers`). */
  recordHeaders?: readonly string[];
}

/** SDK 1.x's experimental tasks layer (`@modelcontextprotocol/sdk/experimental/tasks`), which v2 does not have. */
interface SdkExperimentalTasks {
  /** The module path under the package (`experimental/tasks`), with or without `.js` or a subpath. */
  module: string;
  /**
   * The layer's classes a server is built with, each with the server option that takes it: the task store
   * (`new McpServer(info, { taskStore: new InMemoryTaskStore() })`), which files each task under the session that
   * created it, and the message queue.
   */
  store: { class: string; option: string };
  messageQueue: { class: string; option: string };
  /** The server capability the layer answers (`capabilities: { tasks: … }`). */
  capability: string;
  /** The method a task store is disposed with (`taskStore.cleanup()`). */
  cleanupMethod: string;
  /** The path from a server to the layer's tool registration (`server.experimental.tasks.registerToolTask`). */
  toolRegistration: readonly [string, string, string];
}

/** Members of the SDK transports the transforms recognise a serving or relaying endpoint by. */
interface SdkTransportMembers {
  /** The Streamable HTTP transport's option whose function mints a session id; `undefined` there makes the transport stateless. */
  sessionIdOption: string;
  /** The Streamable HTTP transport's option callback it runs with the id it minted, once per new session. */
  sessionInitializedOption: string;
  /** The callback property a transport hands each incoming message to: set by hand, the transport relays raw JSON-RPC. */
  messageHook: string;
  /** A transport's method that writes a message out (`transport.send(message)`). */
  sendMethod: string;
  /** A transport's method that starts reading: called by hand, no server connects the transport. */
  startMethod: string;
  /** The Streamable HTTP transport's method serving one HTTP request (`transport.handleRequest(req, res, req.body)`). */
  requestMethod: string;
  /** The Streamable HTTP transport's DNS-rebinding protection options (SDK v2's request handler has none). */
  dnsRebindingOptions: readonly string[];
  /** The Streamable HTTP transport's option that stores events so a client can resume a stream (`eventStore`); 2026-07-28 removes resumability. */
  resumabilityOption: string;
}

/** What an SDK class's instances are to the analysis. */
export type SdkClassRole = 'low-level-server' | 'high-level-server' | 'streamable-http-transport' | 'sse-transport' | 'stdio-transport' | 'client-transport' | 'client';

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
  /** The key of `ClientCapabilities` a client declares this feature's requests with (`capabilities.roots`). */
  clientCapability?: string;
  /** The key of this feature's request's result that holds what was asked for (`ListRootsResult.roots`). */
  resultKey?: string;
  /** SDK schemas of the response a raw request of this feature is parsed with. */
  resultSchemas?: readonly string[];
  /**
   * SDK 1.x schemas of this feature's own request (`ElicitRequestSchema`): a server registering a handler for it
   * (`setRequestHandler(ElicitRequestSchema, …)`) handles a request only a server sends, which no client sends to it.
   */
  requestSchemas?: readonly string[];
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
  /**
   * The SDK's type guard for an `initialize` request message (`isInitializeRequest(body)`): a project calling it
   * routes the handshake by hand (a session made on `initialize`, a relay answering it itself). An export like `exports`.
   */
  initializeRequestGuard: string;
  /** Schemas of the `initialize` request's params (a project parsing them reads the handshake by hand). */
  initializeParamsSchemas: readonly string[];
  /** Request/notification schemas (v1) and the JSON-RPC method each stands for (v2 registers by method string). */
  schemaMethods: Readonly<Record<string, string>>;
  /**
   * The schemas (v1) of the tool list and call requests, with their methods: what a low-level server's tools are
   * served by (`setRequestHandler(CallToolRequestSchema, …)`). Apart from `schemaMethods`: a method there makes every
   * handler of it a handler site for the transforms (`handlerRegistration`), and they act on a low-level server's
   * tools through the tools the analysis reads, not through these handlers.
   */
  toolSchemaMethods: Readonly<Record<string, string>>;
  /** The same for the prompt and resource lists and lookups (`ListPromptsRequestSchema` → `prompts/list`). */
  promptAndResourceSchemaMethods: Readonly<Record<string, string>>;
  /** Methods of an SDK server that register a tool, prompt or resource (their callbacks receive the context). */
  registrations: Readonly<Record<string, 'tool' | 'prompt' | 'resource'>>;
  /** Of those, v1's shorthand forms (`server.tool(name, cb)`), which v2's McpServer no longer has. */
  legacyRegistrations: readonly string[];
  /**
   * v1 exports v2 split in two, with the v2 names in order of preference: the first is what the official codemod maps the
   * values to (`ErrorCode.InvalidParams` → `ProtocolErrorCode.InvalidParams`; `SdkErrorCode` holds the SDK's own codes).
   */
  splitExports: Readonly<Record<string, readonly string[]>>;
  /** Of a split export's members, those that went to a v2 name other than the first (`ErrorCode.RequestTimeout` → `SdkErrorCode`). */
  splitExportMembers: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * v1 exports v2 renamed, by the v1 module path (`server/streamableHttp.js`) or `*` for any module: the official codemod's
   * own rename table. It renames names imported by name, but a namespace import's qualified uses only beside a named
   * import of the same name (`sdkHttp.StreamableHTTPServerTransport` alone is left, with "Update qualified accesses manually").
   */
  v2Renames: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Methods of an SDK server that register a raw JSON-RPC handler, with the kind of message each handles. */
  handlerRegistrations: Readonly<Record<string, MessageKind>>;
  /**
   * Properties of an SDK server whose assigned function is a raw JSON-RPC handler for what no registered handler takes
   * (`server.fallbackRequestHandler = async (request, extra) => …`), with the kind of message each handles: a request
   * handler gets the request's context second, as `setRequestHandler`'s does.
   */
  handlerProperties: Readonly<Record<string, MessageKind>>;
  /** The method of an SDK server that connects it to a transport (`server.connect(transport)`). */
  connectMethod: string;
  /** The option of an SDK server's constructor declaring the capabilities it serves (`new McpServer(info, { capabilities: { … } })`). */
  capabilitiesOption: string;
  /** The method of a low-level SDK server that declares more capabilities after construction (`server.registerCapabilities({ logging: {} })`). */
  registerCapabilitiesMethod: string;
  /** The property of an SDK server holding the transport `connect` gave it (`server.transport.onmessage = …`). */
  connectedTransportProperty: string;
  /** The method of the deprecated HTTP+SSE transport that takes a client's POSTed message (`transport.handlePostMessage(req, res)`). */
  ssePostMethod: string;
  /** What the transforms recognise a transport's serving or relaying by (`sessionIdGenerator`, `transport.onmessage = …`). */
  transportMembers: SdkTransportMembers;
  /** The interface every transport implements: a project class implementing it is a transport of its own (a relay, a hand-written HTTP transport). */
  transportInterface: string;
  /**
   * Methods of an SDK server a roots sync helper (one that asks the client for its roots and caches them) may call
   * besides its request: reading what `initialize` negotiated, logging, and re-asking on `roots/list_changed`.
   */
  rootsBookkeepingMethods: readonly string[];
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
  /** The v2 serving entries, and `serveStdio`'s option naming the transport it owns (`serveStdio(f, { transport })`). */
  serving: { stdio: string; handler: string; bus: string; stdioTransportOption: string };
  /**
   * SDK 1.x modules the official codemod points at a v2 entry point of their own rather than the side's main package
   * (its import map: `@modelcontextprotocol/sdk/server/stdio.js` → `@modelcontextprotocol/server/stdio`), by path
   * below the v1 package.
   */
  v2EntryPoints: Readonly<Record<string, string>>;
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
    clientCapability: 'sampling',
    resultSchemas: ['CreateMessageResultSchema', 'CreateMessageResultWithToolsSchema'],
    requestSchemas: ['CreateMessageRequestSchema'],
  },
  elicitation: {
    rule: 'server-push/elicitation',
    serverMethods: { elicitInput: 'request', elicitInputStream: 'stream' },
    contextMethods: { elicitInput: 'request' },
    messages: { 'elicitation/create': 'request', 'notifications/elicitation/complete': 'notification' },
    inputRequest: { builder: 'elicit', responseKind: 'elicit', urlBuilder: 'elicitUrl' },
    clientCapability: 'elicitation',
    resultSchemas: ['ElicitResultSchema'],
    requestSchemas: ['ElicitRequestSchema'],
    notifierMethods: ['createElicitationCompletionNotifier'],
    errors: ['UrlElicitationRequiredError'],
  },
  roots: {
    rule: 'deprecated-feature/roots',
    serverMethods: { listRoots: 'request' },
    messages: { 'roots/list': 'request' },
    handledMethods: ['notifications/roots/list_changed'],
    inputRequest: { builder: 'listRoots', responseKind: 'roots' },
    clientCapability: 'roots',
    resultKey: 'roots',
    resultSchemas: ['ListRootsResultSchema'],
    requestSchemas: ['ListRootsRequestSchema'],
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
      // @modelcontextprotocol/sdk 1.x package.json: exports['./server'] → dist/esm/server/index.js, ['./client'] → dist/esm/client/index.js.
      entryAliases: { server: 'server/index.js', client: 'client/index.js' },
      context: {
        server: 'RequestHandlerExtra',
        client: 'RequestHandlerExtra',
        requestId: ['requestId'],
        sessionId: 'sessionId',
        module: 'shared/protocol.js',
        members: ['signal', 'sessionId', 'requestId', 'authInfo', '_meta', 'sendNotification', 'sendRequest', 'requestInfo', 'taskId', 'taskStore', 'taskRequestedTtl', 'closeSSEStream', 'closeStandaloneSSEStream'],
        // The official codemod's DISTINCTIVE_CONTEXT_KEYS.
        distinctiveMembers: ['sendRequest', 'sendNotification', 'requestInfo', 'authInfo', 'closeSSEStream', 'closeStandaloneSSEStream'],
        recordHeaders: ['requestInfo', 'headers'],
      },
      // @modelcontextprotocol/sdk 1.32.2's package.json dependencies.
      installs: {
        '@hono/node-server': '^1.19.9 || ^2.0.5',
        ajv: '^8.17.1',
        'ajv-formats': '^3.0.1',
        'content-type': '^1.0.5',
        cors: '^2.8.5',
        'cross-spawn': '^7.0.5',
        eventsource: '^3.0.2',
        'eventsource-parser': '^3.0.0',
        express: '^5.2.1',
        'express-rate-limit': '^8.2.1',
        hono: '^4.11.4',
        jose: '^6.1.3',
        'json-schema-typed': '^8.0.2',
        'pkce-challenge': '^5.0.0',
        'raw-body': '^3.0.0',
        zod: '^3.25 || ^4.0',
        'zod-to-json-schema': '^3.25.1',
      },
      experimentalTasks: {
        module: 'experimental/tasks',
        store: { class: 'InMemoryTaskStore', option: 'taskStore' },
        messageQueue: { class: 'InMemoryTaskMessageQueue', option: 'taskMessageQueue' },
        capability: 'tasks',
        cleanupMethod: 'cleanup',
        toolRegistration: ['experimental', 'tasks', 'registerToolTask'],
      },
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
      context: { server: 'ServerContext', client: 'ClientContext', requestId: ['mcpReq', 'id'], requestHeaders: ['http', 'req', 'headers'] },
      entryPoints: V2_ENTRY_POINT_EXPORTS,
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
    // Client side: a connection to another MCP server (a proxy's upstream); `StdioClientTransport` spawns it, and
    // `Client` speaks to it (what a gateway opens per session besides a transport).
    Client: 'client',
    StdioClientTransport: 'client-transport',
    SSEClientTransport: 'client-transport',
    StreamableHTTPClientTransport: 'client-transport',
    WebSocketClientTransport: 'client-transport',
  },
  contextTypes: ['RequestHandlerExtra', 'ServerContext', 'BaseContext'],
  exports: [
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
  initializeRequestGuard: 'isInitializeRequest',
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
  toolSchemaMethods: {
    ListToolsRequestSchema: 'tools/list',
    CallToolRequestSchema: 'tools/call',
  },
  promptAndResourceSchemaMethods: {
    ListPromptsRequestSchema: 'prompts/list',
    GetPromptRequestSchema: 'prompts/get',
    ListResourcesRequestSchema: 'resources/list',
    ListResourceTemplatesRequestSchema: 'resources/templates/list',
    ReadResourceRequestSchema: 'resources/read',
  },
  registrations: {
    tool: 'tool',
    registerTool: 'tool',
    prompt: 'prompt',
    registerPrompt: 'prompt',
    resource: 'resource',
    registerResource: 'resource',
  },
  legacyRegistrations: ['tool', 'prompt', 'resource'],
  splitExports: { ErrorCode: ['ProtocolErrorCode', 'SdkErrorCode'] },
  splitExportMembers: { ErrorCode: { RequestTimeout: 'SdkErrorCode', ConnectionClosed: 'SdkErrorCode' } },
  v2Renames: {
    'server/streamableHttp.js': { StreamableHTTPServerTransport: 'NodeStreamableHTTPServerTransport' },
    'types.js': { ResourceTemplate: 'ResourceTemplateType' },
    '*': {
      McpError: 'ProtocolError',
      JSONRPCError: 'JSONRPCErrorResponse',
      JSONRPCErrorSchema: 'JSONRPCErrorResponseSchema',
      isJSONRPCError: 'isJSONRPCErrorResponse',
      isJSONRPCResponse: 'isJSONRPCResultResponse',
      JSONRPCResponse: 'JSONRPCResultResponse',
      JSONRPCResponseSchema: 'JSONRPCResultResponseSchema',
      ResourceReference: 'ResourceTemplateReference',
      ResourceReferenceSchema: 'ResourceTemplateReferenceSchema',
    },
  },
  handlerRegistrations: { setRequestHandler: 'request', setNotificationHandler: 'notification' },
  handlerProperties: { fallbackRequestHandler: 'request', fallbackNotificationHandler: 'notification' },
  connectMethod: 'connect',
  connectedTransportProperty: 'transport',
  capabilitiesOption: 'capabilities',
  registerCapabilitiesMethod: 'registerCapabilities',
  ssePostMethod: 'handlePostMessage',
  transportInterface: 'Transport',
  transportMembers: {
    sessionIdOption: 'sessionIdGenerator',
    sessionInitializedOption: 'onsessioninitialized',
    messageHook: 'onmessage',
    sendMethod: 'send',
    startMethod: 'start',
    requestMethod: 'handleRequest',
    dnsRebindingOptions: ['allowedHosts', 'allowedOrigins', 'enableDnsRebindingProtection'],
    resumabilityOption: 'eventStore',
  },
  rootsBookkeepingMethods: ['getClientCapabilities', 'getClientVersion', 'sendLoggingMessage', 'setNotificationHandler', 'listRoots'],
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
  serving: { stdio: 'serveStdio', handler: 'createMcpHandler', bus: 'InMemoryServerEventBus', stdioTransportOption: 'transport' },
  v2EntryPoints: { 'server/stdio.js': '@modelcontextprotocol/server/stdio', 'client/stdio.js': '@modelcontextprotocol/client/stdio' },
  features: FEATURES,
};
