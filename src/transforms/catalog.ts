/**
 * The transforms `apply` knows, in the order it runs them. Each is a planner over the analysis
 * model (cross-file: it sees every tool and helper) and a jscodeshift transformer that applies
 * the plan to one file; `transforms/<name>.mjs` re-exports the transformer for `npx jscodeshift -t`.
 */
import type { AnalysisResult } from '../analysis/model.js';
import { RULE_ID } from '../rule-ids.js';
import { planHandles } from './session-state-to-handles/plan-handles.js';
import { planSdkV2, SDK_V2 } from './sdk-v2/plan-sdk-v2.js';
import { planSharedStore } from './shared-store/plan-shared-store.js';
import { planServing } from './stateless-serving/plan-serving.js';
import { planHandshake } from './handshake-to-request-envelope/plan-handshake.js';
import { planLogging } from './logging-to-request-scope/plan-logging.js';
import { planMrtr } from './sampling-elicitation-to-mrtr/plan-mrtr.js';
import { planServerPush, FRAMEWORK_SESSION_RULES } from './server-push-markers/plan-server-push.js';
import { createTransformer, type Transformer } from './jscodeshift.js';
import type { TransformOptions, TransformPlan } from './kit/plan.js';

export { DEFAULT_TRANSFORM_OPTIONS, type TransformOptions } from './kit/plan.js';

export interface TransformDefinition {
  name: string;
  summary: string;
  /** Why the change is needed on 2026-07-28, in one line (MIGRATION.md, per changed file). */
  why: string;
  /** What it rewrites and what it leaves as a marker (shown by `mcp-migrate transforms`). */
  details: readonly string[];
  /**
   * Rule ids whose findings it resolves by rewriting the code (the finding is gone afterwards).
   * Every report's fix status is derived from these (fix-status.ts); test/fix-status.test.ts holds
   * each declaration to the transform's fixture pairs, so a label cannot drift from what it does.
   */
  rewrites: readonly string[];
  /** Rule ids it leaves a `@mcp-migrate-todo` marker for where it cannot rewrite the site. */
  marks: readonly string[];
  plan(result: AnalysisResult, options: TransformOptions): TransformPlan;
  transformer: Transformer;
}

/** A transform definition with its jscodeshift face made from its planner. */
function defineTransform(definition: Omit<TransformDefinition, 'transformer'>): TransformDefinition {
  return { ...definition, transformer: createTransformer(definition.name, definition.plan) };
}

const handles = defineTransform({
  name: 'session-state-to-handles',
  summary: 'Session-keyed application state → explicit handle arguments, with a minting tool',
  why: '2026-07-28 has no session, so state that spans calls needs an id the client passes on each request.',
  details: [
    'every tool that reaches a session-keyed store gets a required <noun>_id argument (zod raw shape, z.object, JSON Schema)',
    'the session id becomes that handle at every read, through helpers and all their callers',
    'a create_<noun> tool mints handles (idempotency key, lifetime in its description); tools check the handle against the caller',
    'session-lifecycle cleanup becomes handle expiry; a generated mcp-handles module holds the registry',
    'a session id a handler uses only in logs becomes the request id: a log field next to `requestId` is dropped, others are renamed `requestId` unless the project\'s log type declares them (kept when the request id fits, else marked); serving code\'s ids are left with their endpoint',
    'markers: handles minted from guessable parts (a counter, the clock), transport registries, per-session servers, identity bound to the session (ownership checks, auth recorded per session), module variables and fields one tool sets from its arguments for other tools to read, objects (a browser backend) built per session for its server, per-session credentials, session ids carried into the project\'s own objects, sites that cannot be rewritten safely',
  ],
  rewrites: [RULE_ID.keyedStore, RULE_ID.sessionIdRead, RULE_ID.sessionTelemetry],
  marks: [RULE_ID.guessableHandle, RULE_ID.keyedStore, RULE_ID.perSessionServer, RULE_ID.sessionAuth, RULE_ID.sessionIdRead, RULE_ID.sessionTelemetry, RULE_ID.toolSetGlobal, RULE_ID.transportRegistry],
  plan: planHandles,
});

const sdkV2 = defineTransform({
  name: SDK_V2,
  summary: 'SDK v1 → v2 (imports, symbols, register* API, handler context) by the official @modelcontextprotocol/codemod, and package.json with it',
  why: '2026-07-28 is served by SDK v2 (createMcpHandler, serveStdio, the per-request context), and the other rewrites write v2 code.',
  details: [
    'runs the official codemod\'s exported v1-to-v2 transforms in memory on every file that imports @modelcontextprotocol/sdk (CommonJS requires included)',
    'package.json: @modelcontextprotocol/sdk removed, the v2 packages the code now imports added, zod raised to ^4.2.0 when its range cannot reach it and the code uses nothing zod 4 removed (else kept, sites named); a package the code imports without declaring it, which it had only as a dependency of SDK 1.x (zod, express, cors…), declared',
    'around the codemod: a v2 name the file declares itself is imported under an alias; names it dropped while still used are imported again (or marked where v2 has none); helpers typed with v1 context keys become `ctx: ServerContext` (a destructured requestId read as ctx.mcpReq.id, a session id beside it that only fills log fields next to requestId dropped, as session-state-to-handles does); .tool() it leaves is marked; its context-mock comment only where the object can be a context',
    'also the types-only files of a migrated package; client-only files, packages that run the SDK through their own v1 bundle, and files importing a dependency built on SDK v1 (as installed; not installed, by a framework description: mcp-handler 1) stay on v1, and package.json then keeps @modelcontextprotocol/sdk (at ^1.23.0, the first 1.x taking zod 4, when zod is raised)',
    "`zod/v3` imports in migrated files read `zod` (SDK v2 turns only zod 4 schemas into JSON Schema), unless the file uses what zod 4 changed (then a note)",
    'experimental tasks: a task store/queue the server was built with goes with its options and the tasks capability; a registerToolTask statement is commented out under a marker (v2 has no tasks layer: the tool must be written again)',
    'what the official codemod cannot rewrite keeps its /* @mcp-codemod-error … */ comment and becomes a report note',
    "a v1 `requestInfo` read on a handler context the codemod leaves as written (a helper typed with the project's own context type, which v2's context still fits) is marked: it compiles on v2 and reads undefined",
    'only with --target 2026-07-28 (the default); files already on v2 are left alone',
  ],
  // session-telemetry: a helper it retypes drops the session id it logged beside the request id (helper-context.ts).
  // experimental-tasks: a task store or queue that only built a server goes; a task tool is commented out and marked.
  // session-id-read: the rule whose flow carries the handler context into helpers marks the v1 `requestInfo` reads left there.
  rewrites: [RULE_ID.sessionTelemetry, RULE_ID.experimentalTasks],
  marks: [RULE_ID.experimentalTasks, RULE_ID.sessionIdRead],
  plan: planSdkV2,
});

const sharedStore = defineTransform({
  name: 'shared-store',
  summary: 'With --store redis: the stores the handles transform re-keyed, and their handle registries, move to Redis',
  why: 'state and handles held in one process do not survive a restart or reach a second instance; Redis shares them.',
  details: [
    'runs after session-state-to-handles; without --store redis it changes nothing (the store stays yours, in this process)',
    'createHandleRegistry → createRedisHandleRegistry: owner binding, expiry (the handle TTL as Redis expiry) and idempotency keys (SET NX) in Redis',
    'new Map<string, V>() → createRedisStore<V>(): get/set/delete/has awaited; helpers that reach them become async, every call awaited',
    'load-modify-save: tool handlers that reach the store are wrapped in withSharedState, which saves what they changed in place (compare-and-set)',
    'a generated mcp-redis-store module (client from REDIS_URL); the redis client is added to package.json',
    'markers: stores used other than through get/set/delete/has, helpers passed as values, methods',
  ],
  rewrites: [],
  marks: [RULE_ID.keyedStore],
  plan: planSharedStore,
});

const serving = defineTransform({
  name: 'stateless-serving',
  summary: 'Sessionful serving → createMcpHandler(factory) + toNodeHandler, serveStdio(factory); or the v1 stateless idiom (--target stateless-v1)',
  why: '2026-07-28 requests stand alone: no initialize, no Mcp-Session-Id, no session to route a request to.',
  details: [
    'express, hono, fastify and plain node:http Streamable HTTP: the transport registry, isInitializeRequest routing, mcp-session-id reads, onsession* bookkeeping, GET/DELETE session routes and eventStore become createMcpHandler(factory) (express: app.all via toNodeHandler; hono: app.all via handler.fetch(c.req.raw); fastify: app.all handing the hijacked reply to toNodeHandler; node:http: the POST/GET/DELETE branches of the listener)',
    'the v1 stateless idiom (a sessionIdGenerator: undefined transport and server per POST) becomes the same',
    'one named handler mounted with app.post/get/delete on one path that creates its transport in its POST-initialize branch becomes the same app.all route (a GET branch with its own answer stays as an app.get route)',
    'a factory called with values built once (createMcpServer(store)) is served as a closure: createMcpHandler(() => createMcpServer(store))',
    'server.connect(new StdioServerTransport()) becomes serveStdio(factory); a server built at module level is extracted into a factory',
    "a factory returning { server, cleanup } (everything's createServer) is split first: it returns the server and its cleanup becomes an exported cleanupSession (when the cleanup uses only module state), so the entries can take it",
    "transports a helper opens into a session registry (qmd's node:http dispatcher: createSession() + a sessions map) become createMcpHandler where the helper was; the session routing, the GET/DELETE branch and idle reapers over the registry go with it; a session TTL option of an exported function stays, marked as having no effect",
    "a registry shared with a kept HTTP+SSE endpoint (`transports.streamable` beside `transports.sse`, or one `Record<string, StreamableHTTP… | SSEServerTransport>`): the Streamable HTTP route is rewritten, the registry stays for the SSE routes (its streamable part removed or narrowed out of its type), a shutdown loop over it closes the handler first",
    'HTTP+SSE (SSEServerTransport) is kept while 2025-era clients are served (server-legacy), with one marker per endpoint recording the decision (scan reports it in place of the session findings inside the endpoint); --modern-only removes its routes, registry and helpers (handler functions mounted elsewhere are marked); --target stateless-v1 marks it',
    "a framework adapter's own HTTP+SSE endpoint (mcp-handler 1's /sse, from its framework description) is switched off with disableSse: true where its config has no redisUrl (it serves nobody) or with --modern-only, and otherwise kept with one marker",
    'CORS header lists naming Mcp-Session-Id in a project that already serves statelessly lose that header',
    'gateways: a sessionful endpoint whose sessions own an upstream gets one marker (for a child-process relay: a child per request, the handshake per request); a stateless relay keeps its serving, its initialize routing marked; a stdio relay stays on its transport',
    "2025-era clients stay served (createMcpHandler legacy: 'stateless', serveStdio legacy: 'serve'); --modern-only passes legacy: 'reject'",
    '--target stateless-v1: SDK 1.x, a new server and a sessionIdGenerator: undefined transport per POST; GET/DELETE answer 405',
    "a session server's factory keeping state its handlers write (a gate, a list, an object whose fields they change) is marked, not served per request (that would start the state afresh on every call), and so is each such object where it is built; a shared stateless transport's listeners are marked with it",
    'markers: custom routing logic, custom session-lifecycle work, servers built as bundles, transports made in helpers and classes, CORS naming Mcp-Session-Id, other route styles and web-standard handlers (the marker gives the adapter); --target stateless-v1 on hono/fastify; every marker names the entry of the target (the SDK 1.x idiom on stateless-v1, serveStdio for stdio)',
  ],
  // sse-transport and the session ids an HTTP+SSE endpoint logs: removed with the endpoint under --modern-only.
  rewrites: [RULE_ID.perSessionServer, RULE_ID.sessionIdRead, RULE_ID.sessionTelemetry, RULE_ID.eventStore, RULE_ID.initializeRouting, RULE_ID.sessionHeader, RULE_ID.sessionIdGenerator, RULE_ID.sessionLifecycle, RULE_ID.sessionRoute, RULE_ID.sseTransport, RULE_ID.transportRegistry],
  marks: [RULE_ID.perSessionServer, RULE_ID.initializeRouting, RULE_ID.sessionHeader, RULE_ID.sessionIdGenerator, RULE_ID.sessionLifecycle, RULE_ID.sessionRoute, RULE_ID.sseTransport, RULE_ID.transportRegistry],
  plan: planServing,
});

const handshake = defineTransform({
  name: 'handshake-to-request-envelope',
  summary: 'Reliance on initialize → the per-request envelope',
  why: '2026-07-28 has no initialize: what the client is and supports arrives with each request.',
  details: [
    'getClientCapabilities()/getClientVersion() in a handler (SDK v2) read ctx.mcpReq.envelope first, the initialize-scoped value as the 2025-era fallback',
    'registrations at the start of an oninitialized hook (and capability gates around them) move to where the hook is installed, when nothing they run while registering needs the handshake; a hook left empty goes',
    "a catch-all fallbackRequestHandler's `if (method === 'initialize')` branch on an SDK server goes: the SDK's Server answers initialize with its own handler, so the branch never ran",
    'markers: the same calls outside a handler, oninitialized hooks, registration gated on negotiated capabilities (register unconditionally; one marker per gate, on the read that feeds it), the SDK\'s private handshake fields (transport._initialized = true on a rebuilt session), framework handshake reads (FastMCP session.clientCapabilities) with the framework\'s advice',
  ],
  rewrites: [RULE_ID.clientCapabilities, RULE_ID.clientVersion, RULE_ID.oninitialized, RULE_ID.initializeHandler],
  marks: [RULE_ID.clientCapabilities, RULE_ID.clientVersion, RULE_ID.oninitialized, RULE_ID.initializeHandler, RULE_ID.privateState],
  plan: planHandshake,
});

const logging = defineTransform({
  name: 'logging-to-request-scope',
  summary: 'sendLoggingMessage → the request-scoped log (ctx.mcpReq.log; v1: extra.sendNotification)',
  why: '2026-07-28 deprecates the logging capability; a log message belongs to the request it is about.',
  details: [
    'in a handler: ctx.mcpReq.log(level, data, logger) (SDK v2) or extra.sendNotification({ method: \'notifications/message\', params }) (SDK 1.x)',
    'outside a handler: kept, with a marker, while 2025-era clients are served over stdio, HTTP+SSE or a sessionful Streamable HTTP endpoint stateless-serving leaves marked (it still reaches them); otherwise a stderr line (console.error), with a marker except with --modern-only (then no client could take it); logging/setLevel handlers (with --modern-only one written inline is removed: only 2025-era clients call it), log senders handed on outside a handler and hand-built notifications/message: a marker',
    'with --modern-only: a notifications/message line the server writes to stdout itself (process.stdout.write, or a saved process.stdout.write) → the same line on stderr without its JSON-RPC envelope, also when apply holds the SDK v2 move back; by default kept, with a marker (it is the 2025-era clients\' log)',
    'the logging capability: removed when nothing in the server logs any more; else a marker beside it',
    'a log sender a handler hands a helper (server.sendLoggingMessage.bind(server)) → the request\'s own log function ((message) => ctx.mcpReq.log(…); v1: extra.sendNotification)',
    "notifications/progress a handler sends through the server (server.server.notification(message, { relatedRequestId })) → ctx.mcpReq.notify(message) (v1: extra.sendNotification)",
  ],
  rewrites: [RULE_ID.logging, RULE_ID.standaloneNotification, RULE_ID.sessionIdRead],
  marks: [RULE_ID.logging],
  plan: planLogging,
});

const mrtr = defineTransform({
  name: 'sampling-elicitation-to-mrtr',
  summary: 'One awaited createMessage/elicitInput/listRoots in a tool → two-phase inputRequired/inputResponse',
  why: '2026-07-28 has no server-to-client request in the middle of a call: sampling, elicitation and roots become input requests the tool returns and the client answers on a retry.',
  details: [
    'const r = await <request> (server, ctx or raw sendRequest/request forms) → return inputRequired({ inputRequests }) first, read inputResponse(ctx.mcpReq.inputResponses, k) on the retry',
    'locals held across the await travel in requestState sealed by createRequestStateCodec (key from MCP_REQUEST_STATE_KEY); the server gets requestState.verify',
    "a tool reading the roots through the project's sync helper (a listRoots() answer cached per session, src/everything's syncRoots) asks for them itself with inputRequired.listRoots(); the helper stays, marked, for 2025-era clients",
    "the handler's own test of the capability its request needs, read only after the request, goes: the SDK embeds a request only for a client that declared it",
    'markers, one on each request: several requests, side effects or loops before the await, handlers other than registerTool, SDK 1.x (--target stateless-v1); senders handed on as functions, calls through wrappers and requests built by hand; the URL-elicitation error (-32042) and the elicitation completion notifier (inputRequired.elicitUrl); framework senders (FastMCP session.requestSampling()) with the framework\'s advice',
  ],
  // session-id-read: a session id passed to a roots sync helper goes with the call (roots-helper.ts).
  rewrites: [RULE_ID.roots, RULE_ID.sampling, RULE_ID.elicitation, RULE_ID.sessionIdRead],
  marks: [RULE_ID.roots, RULE_ID.sampling, RULE_ID.elicitation],
  plan: planMrtr,
});

const serverPush = defineTransform({
  name: 'server-push-markers',
  summary: 'List-changed / resource-updated sends → the project\'s change-event bus (subscriptions/listen); subscriptions, tool toggles → markers; ping removed',
  why: '2026-07-28 has no per-session channel to push on: subscriptions, list-changed side effects and per-connection toggles need another design.',
  details: [
    "list-changed / resource-updated sends on a resolved SDK v2 server (send*ListChanged(), sendResourceUpdated({ uri }), a raw notification of only the event) → publishServerEvent(server, { kind, … }) from a generated mcp-server-events module: a shared InMemoryServerEventBus that stateless-serving hands createMcpHandler as `bus` (its subscriptions/listen streams), plus the server's own send, which serveStdio routes; kept marked on SDK 1.x / --target stateless-v1 (no listen), beside a per-connection toggle, and for a raw notification carrying more than the event",
    'markers: resources/subscribe handlers and sendResourceUpdated (subscriptions/listen, handler.notify), list-changed sends (one marker for an object of notifier closures), enable()/disable() toggles (unconditional tools with handles), framework sites of these rules with the framework\'s advice; ping statements removed, a ping inside an expression marked (SSEServerTransport is stateless-serving\'s)',
    "markers: a framework's session kept beyond its request (a FastMCPSession stored for later calls, a per-session agent), with the framework description's advice (the handshake and MRTR transforms mark the framework's client-capabilities and sampling sites)",
  ],
  rewrites: [RULE_ID.changeNotification, RULE_ID.ping],
  marks: [RULE_ID.changeNotification, RULE_ID.resourceSubscription, RULE_ID.standaloneNotification, RULE_ID.toolToggle, RULE_ID.ping, ...FRAMEWORK_SESSION_RULES],
  plan: planServerPush,
});

/** In the order `apply` runs them: each plans from a fresh analysis of the previous one's output. */
// sdk-v2 first (the v2 forms the others write need v2 code); the protocol rewrites before shared-store,
// which inserts awaited store calls that would put effects before an elicitation's await; serving last.
export const TRANSFORMS: readonly TransformDefinition[] = [sdkV2, handles, handshake, logging, mrtr, serverPush, sharedStore, serving];

export function transformByName(name: string): TransformDefinition | undefined {
  return TRANSFORMS.find((t) => t.name === name);
}

/** @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/) */
export const handlesTransformer = handles.transformer;
/** @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/) */
export const sdkV2Transformer = sdkV2.transformer;
/** @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/) */
export const sharedStoreTransformer = sharedStore.transformer;
/** @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/) */
export const servingTransformer = serving.transformer;
/** @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/) */
export const handshakeTransformer = handshake.transformer;
/** @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/) */
export const loggingTransformer = logging.transformer;
/** @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/) */
export const mrtrTransformer = mrtr.transformer;
/** @public the default export of transforms/*.mjs (imported through dist/, which knip does not map back to src/) */
export const serverPushTransformer = serverPush.transformer;
