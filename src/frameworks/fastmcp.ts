/**
 * FastMCP (`fastmcp`, major 4, built on SDK v1): one `FastMCPSession` per connected client, each
 * with its own SDK `Server`; `server.sessions`; `server.on('connect' | 'disconnect')`; per-session
 * auth from `authenticate`; tool `execute(args, { session, sessionId, log, reportProgress, elicit })`.
 * Its stateless mode (`start({ transportType: 'httpStream', httpStream: { stateless: true } })`) is
 * the migration path: one throwaway session per request, `authenticate` run per request.
 */
import type { FileCondition, FrameworkDescription, MemberMeaning, SiteUse } from './types.js';

const STATELESS = 'run it with `server.start({ transportType: "httpStream", httpStream: { stateless: true } })`';

/** The file starts the server stateless: FastMCP then keeps no session (no handshake state, pings or roots). */
const STATELESS_IN_FILE: FileCondition = { on: { role: 'server', method: 'start' }, arg: 0, path: ['httpStream', 'stateless'], equals: true };

const sampling: SiteUse = {
  rule: 'deprecated-feature/sampling',
  advice: '`session.requestSampling()` sends a server→client `sampling/createMessage` request, which throws on a 2026-07-28 request (and has no client to go to in stateless mode). Call the LLM provider from the tool instead.',
};
const roots: SiteUse = {
  rule: 'deprecated-feature/roots',
  advice: '`session.roots` is the list FastMCP fetched with `roots/list` when the session started; 2026-07-28 has no sessions and deprecates Roots. Take the paths as a tool argument or from configuration.',
};
const elicit: SiteUse = {
  rule: 'server-push/elicitation',
  advice: 'Elicitation sent as a server→client request during the call is not allowed on 2026-07-28; return an `input_required` result from the tool and read the answer on the retried call.',
};
const logging: SiteUse = {
  rule: 'deprecated-feature/logging',
  advice: 'FastMCP sends `context.log.*` as `notifications/message`, deprecated in 2026-07-28. Log to stderr or your own logger; keep user-facing progress in `reportProgress`.',
};
const capabilities: SiteUse = {
  rule: 'handshake/client-capabilities',
  advice: '`session.clientCapabilities` comes from the `initialize` handshake, which 2026-07-28 removes, and FastMCP 4 (on SDK 1.x) has no per-request envelope to read them from instead. Do not depend on them: offer the feature to every client, or take the choice as a tool argument.',
};
const clientVersion: SiteUse = {
  rule: 'handshake/client-version',
  advice: '`context.client.version` is the client info sent in `initialize`, which 2026-07-28 removes.',
};
const changed: SiteUse = {
  rule: 'server-push/change-notification',
  advice: 'A notification pushed to one session; 2026-07-28 has no session stream to push on. Let clients re-list (or subscribe through the 2026-07-28 mechanism).',
};

const sessionMembers: Record<string, MemberMeaning> = {
  requestSampling: { use: sampling },
  roots: { use: roots },
  requestElicitation: { use: elicit },
  clientCapabilities: { use: capabilities },
  loggingLevel: { use: { ...logging, advice: '`session.loggingLevel` is set by `logging/setLevel`, deprecated in 2026-07-28, per session.' } },
  sendResourceUpdated: { use: changed },
  triggerListChangedNotification: { use: changed },
  toolsListChanged: { use: changed },
  promptsListChanged: { use: changed },
  resourcesListChanged: { use: changed },
  sessionId: { sessionId: 'transport' },
  server: { sdk: 'server' },
};

export const fastmcp: FrameworkDescription = {
  id: 'fastmcp',
  name: 'FastMCP',
  frameworkMajor: 4,
  sdkMajor: 1,
  modules: ['fastmcp'],
  migration: `The FastMCP path: ${STATELESS}, keep state that spans calls behind an explicit handle a tool returns, and drop per-session hooks.`,
  stdio: {
    when: { on: { role: 'server', method: 'start' }, arg: 0, path: ['transportType'], equals: 'stdio', every: true },
    migration: 'The FastMCP path on stdio: the connection is the session, and FastMCP 4 (on SDK 1.x) cannot serve 2026-07-28; drop the per-connection hooks (`server.on("connect")`) and the server→client requests, keep state that spans calls behind an explicit handle a tool returns, and serve with SDK v2\'s `serveStdio` (or a FastMCP release on SDK v2).',
  },
  exports: {
    FastMCP: 'server',
    FastMCPSession: 'session',
    Context: 'context',
    LoadContext: 'context',
  },
  members: {
    server: {
      sessions: {
        elementsRole: 'session',
        use: {
          rule: 'session-state/per-session-server',
          advice: '`server.sessions` is the list of live FastMCPSession objects (one SDK `Server` per client); 2026-07-28 has no sessions to enumerate or push to.',
        },
      },
      sendResourceUpdated: { use: changed },
    },
    session: sessionMembers,
    context: {
      sessionId: { sessionId: 'context' },
      session: { role: 'auth' },
      log: { role: 'log' },
      elicit: { use: elicit },
      client: { role: 'client' },
    },
    log: {
      debug: { use: logging },
      info: { use: logging },
      warn: { use: logging },
      error: { use: logging },
    },
    client: { version: { use: clientVersion } },
    'connect-event': { session: { role: 'session' } },
    'roots-event': {},
  },
  callbacks: [
    ...['addTool', 'addTools'].map((method) => ({
      on: { role: 'server', method },
      arg: 0,
      property: 'execute',
      param: 1,
      value: { role: 'context' },
      objectTypes: ['Tool'],
      label: `${method}() execute`,
    })),
    ...(
      [
        ['addResource', 'Resource'],
        ['addResourceTemplate', 'ResourceTemplate'],
        ['addPrompt', 'InputPrompt'],
      ] as const
    ).map(([method, type]) => ({
      on: { role: 'server', method },
      arg: 0,
      property: 'load',
      param: 1,
      value: { role: 'context' },
      objectTypes: [type, 'Prompt'],
      label: `${method}() load`,
    })),
    ...['connect', 'disconnect'].map((event) => ({
      on: { role: 'server', method: 'on' },
      event,
      arg: 1,
      param: 0,
      value: { role: 'connect-event' },
      label: `server.on('${event}')`,
    })),
  ],
  events: [
    ...['connect', 'disconnect'].map((event) => ({
      on: { role: 'server', method: 'on' },
      event,
      // On stdio the one "session" is the process: the hook is start-up/shutdown code.
      unlessInFile: { on: { role: 'server', method: 'start' }, arg: 0, path: ['transportType'], equals: 'stdio', every: true },
      use: {
        rule: 'session-transport/session-lifecycle' as const,
        advice: `FastMCP's '${event}' event fires when a session ${event === 'connect' ? 'starts' : 'ends'}; 2026-07-28 has no sessions, so it fires once per request in stateless mode (or never). Move setup into the tool handlers or server start-up.`,
      },
    })),
    {
      on: { role: 'session', method: 'on' },
      event: 'rootsChanged',
      use: { rule: 'deprecated-feature/roots', advice: '`notifications/roots/list_changed` is removed in 2026-07-28; this listener only runs for legacy clients.' },
    },
  ],
  // `server.start({ transportType: 'stdio' })`: one connection per process; `'sse'` (FastMCP 1–2): one per stream.
  connectionServing: [
    { on: { role: 'server', method: 'start' }, arg: 0, path: ['transportType'], equals: 'stdio', transport: 'stdio' },
    { on: { role: 'server', method: 'start' }, arg: 0, path: ['transportType'], equals: 'sse', transport: 'HTTP+SSE' },
  ],
  options: [
    {
      on: { role: 'server', method: 'start' },
      arg: 0,
      container: [],
      key: 'httpStream',
      unless: { path: ['httpStream', 'stateless'], equals: true },
      use: {
        rule: 'session-transport/session-id-generator',
        advice: 'FastMCP\'s httpStream transport is sessionful unless `stateless: true`: it mints an `Mcp-Session-Id` and keeps a FastMCPSession per client (which, by default, pings the client every 5 s and asks a client that supports roots for them with `roots/list`). Add `stateless: true` to `httpStream`.',
      },
    },
    {
      // FastMCP 1–2 served the legacy HTTP+SSE transport (`transportType: 'sse', sse: { endpoint, port }`);
      // servers pinned to those majors still carry it.
      on: { role: 'server', method: 'start' },
      arg: 0,
      container: [],
      key: 'transportType',
      equals: 'sse',
      use: {
        rule: 'session-transport/sse-transport',
        advice: '`transportType: "sse"` (FastMCP 1–2) is the legacy HTTP+SSE transport, one session per stream, removed in 2026-07-28. Upgrade and use `httpStream` with `stateless: true`.',
      },
    },
    {
      on: { role: 'server', method: 'start' },
      arg: 0,
      container: ['httpStream'],
      key: 'eventStore',
      use: { rule: 'session-transport/event-store', advice: 'An `eventStore` replays a session\'s SSE stream on reconnect (`Last-Event-ID`); 2026-07-28 has no session streams to resume. Drop it with `stateless: true`.' },
    },
    {
      // Explicit options only: left out, pings are on for a sessionful httpStream server and Roots is
      // on by default, which the `httpStream` finding (and its `stateless: true` fix) already covers.
      on: { construct: 'FastMCP' },
      arg: 0,
      container: [],
      key: 'ping',
      unless: { path: ['ping', 'enabled'], equals: false },
      unlessInFile: STATELESS_IN_FILE,
      use: {
        rule: 'server-push/ping',
        advice: '`ping` configures FastMCP\'s automatic server→client `ping` requests (every `intervalMs`, 5 s by default; on by default on httpStream, on stdio with `enabled: true`) sent to each session once it has initialized. 2026-07-28 removes `ping` in both directions and a stateless FastMCP never sends it: drop the option (or set `enabled: false`) and rely on transport keep-alives.',
      },
    },
    {
      on: { construct: 'FastMCP' },
      arg: 0,
      container: [],
      key: 'roots',
      unless: { path: ['roots', 'enabled'], equals: false },
      unlessInFile: STATELESS_IN_FILE,
      use: {
        rule: 'deprecated-feature/roots',
        advice: '`roots` turns on FastMCP\'s Roots support (also its default): after `initialize` each session sends `roots/list` to the client and fetches again on `notifications/roots/list_changed`. 2026-07-28 deprecates Roots, removes that notification and lets servers send no requests: take the paths as a tool argument or from configuration and set `roots: { enabled: false }`.',
      },
    },
    {
      on: { construct: 'FastMCP' },
      arg: 0,
      container: [],
      key: 'authenticate',
      unlessInFile: STATELESS_IN_FILE,
      use: {
        rule: 'session-state/keyed-store',
        advice: 'In sessionful mode FastMCP runs `authenticate` once per session and keeps its result on the session (`context.session`, `session.auth`); on 2026-07-28 every request is authenticated on its own. With `stateless: true` it runs per request, which is the 2026-07-28 behaviour.',
      },
    },
  ],
  kept: {
    session: {
      rule: 'session-state/per-session-server',
      advice: 'A FastMCPSession (one client\'s connection, with its own SDK `Server`) is kept in a field so later calls can use it; 2026-07-28 has no sessions, and in stateless mode each request gets a throwaway one. Whatever later code needs from it (sampling, roots, capabilities) has to come with the request, or from configuration.',
    },
  },
  subclasses: {},
  declaredBy: [{ name: 'FastMCP', members: ['addTool', 'start', 'sessions'] }],
};
