/**
 * Cloudflare `agents` (`agents/mcp`, 0.x, `McpAgent` on SDK v1): every MCP session is its own
 * Durable Object — a `class MyMCP extends McpAgent` instance with `this.state` / `setState`
 * persisted per session, `this.props` (the OAuth grant of whoever opened the session), `init()`
 * run when the object starts, and `MyMCP.serve('/mcp')` / `MyMCP.serveSSE('/sse')` routing by
 * session id. The package itself marks McpAgent feature-frozen; the migration path is an SDK v2
 * server factory served with `createMcpHandler` from `agents/mcp/server`, with state in a
 * Durable Object or KV addressed by an explicit handle.
 */
import type { FrameworkDescription, SiteUse } from './types.js';

const state: SiteUse = {
  rule: 'session-state/keyed-store',
  advice: 'McpAgent state (`initialState` / `this.state` / `this.setState`) lives in the Durable Object of one MCP session, so it is keyed by the session id, which does not exist on 2026-07-28. Keep it in a Durable Object (or KV) addressed by an explicit handle that a tool mints and returns.',
  once: true,
  group: 'state',
};

const agentState: SiteUse = {
  ...state,
  advice: 'This Agent mints its own name as the MCP session id, so its state (`initialState` / `this.state` / `this.setState`) lives in the Durable Object of one MCP session, keyed by a session id that does not exist on 2026-07-28. Keep it in a Durable Object (or KV) addressed by an explicit handle that a tool mints and returns.',
};

export const cloudflareAgents: FrameworkDescription = {
  id: 'cloudflare-agents',
  name: 'Cloudflare McpAgent',
  frameworkMajor: 0,
  sdkMajor: 1,
  modules: ['agents/mcp'],
  clientModules: ['agents/mcp/client'],
  companionModules: ['agents'],
  migration: 'The agents path: build the server in an SDK v2 factory and serve it with `createMcpHandler` from `agents/mcp/server` (stateless), reading the grant with `getMcpAuthContext()` where the agent has auth; run it beside the McpAgent route until old clients drain. Early agents releases (0.1.x) have no `agents/mcp/server` and are built on SDK v1: raise `agents` first.',
  onSdkV2: 'This tool keeps a file importing agents on SDK v1 whatever the release asked for (0.x covers releases on SDK v1 and, from those exporting `agents/mcp/server` such as 0.32.0, ones that also serve SDK v2 servers): move the agent to an SDK v2 server factory served with `createMcpHandler` from `agents/mcp/server` by hand (on 0.1.x, raise `agents` first), as the McpAgent markers say, then run apply again.',
  exports: {},
  members: {},
  callbacks: [],
  events: [],
  options: [
    {
      on: { construct: 'WorkerTransport' },
      arg: 0,
      container: [],
      key: 'sessionIdGenerator',
      defined: true,
      use: {
        rule: 'session-transport/session-id-generator',
        advice: '`WorkerTransport` with a `sessionIdGenerator` mints an `Mcp-Session-Id` and keeps the session\'s transport state in the Durable Object; 2026-07-28 has no sessions. Serve an SDK v2 server factory with `createMcpHandler` from `agents/mcp/server`.',
      },
    },
    {
      on: { construct: 'WorkerTransport' },
      arg: 0,
      container: [],
      key: 'eventStore',
      use: {
        rule: 'session-transport/event-store',
        advice: 'The `eventStore` of a `WorkerTransport` replays a session\'s SSE stream on reconnect (`Last-Event-ID`); 2026-07-28 has no session streams to resume.',
      },
    },
  ],
  calls: [
    ...['createLegacyMcpHandler', 'experimental_createMcpHandler'].map((fn) => ({
      on: { fn },
      use: {
        rule: 'session-transport/session-id-generator' as const,
        advice: `\`${fn}(server)\` serves an SDK v1 server with the sessionful Legacy handler (a WorkerTransport that mints \`Mcp-Session-Id\`). Pass an SDK v2 server factory to \`createMcpHandler\` from \`agents/mcp/server\`.`,
      },
    })),
    {
      // A Worker routing each MCP session to its own Agent (Durable Object) by name.
      on: { fn: 'getAgentByName' },
      whenArgument: { index: 1, sessionId: true },
      use: {
        rule: 'session-state/per-session-server',
        advice: '`getAgentByName(namespace, sessionId)` addresses one Agent (a Durable Object with its own server, transport and state) per MCP session; 2026-07-28 has no session id to route by. Serve a stateless factory, and name the Durable Object holding state that spans calls by an explicit handle a tool returns.',
      },
    },
    {
      on: { fn: 'createMcpHandler' },
      whenArgument: { index: 0, sdk: ['mcp-server', 'server'] as const },
      use: {
        rule: 'session-transport/session-id-generator',
        advice: '`createMcpHandler(server)` with an SDK v1 server instance (not a factory) is the deprecated sessionful Legacy handler. Pass an SDK v2 server factory to `createMcpHandler` from `agents/mcp/server`.',
      },
    },
  ],
  subclasses: {
    // A plain Agent (Durable Object) hosting an SDK server whose transport mints the agent's own name as the
    // session id (the Worker routes `getAgentByName(ns, sessionId)`): each agent is one MCP session.
    Agent: {
      onlyWhenSessionIdIs: 'name',
      fields: { initialState: agentState },
      thisMembers: { state: { use: agentState }, setState: { use: agentState } },
    },
    McpAgent: {
      declaration: {
        rule: 'session-state/per-session-server',
        advice: 'An McpAgent is one Durable Object — with its own server instance, built by `init()` — per MCP session; 2026-07-28 has no sessions to hang it on. What `init()` registers becomes the body of the server factory.',
      },
      fields: { initialState: state },
      thisMembers: {
        state: { use: state },
        setState: { use: state },
        props: {
          use: {
            rule: 'session-state/keyed-store',
            advice: '`this.props` is what the Worker put in `ctx.props` when the session opened, stored in the session\'s Durable Object: usually the OAuth grant, sometimes request data (the URL, a tenant). On 2026-07-28 there is no session to keep it for: read it per request — the grant with `getMcpAuthContext()` (or `ctx.http.authInfo`), request data from the request itself (`ctx.http?.req`, or what the factory is handed).',
            once: true,
            group: 'props',
          },
        },
        getSessionId: {
          use: { rule: 'session-state/session-id-read', advice: '`this.getSessionId()` is the MCP session id the Durable Object is named after; it does not exist on 2026-07-28.' },
        },
        elicitInput: {
          use: { rule: 'server-push/elicitation', advice: 'The agent\'s `elicitInput()` sends a server→client request over the session; on 2026-07-28 return an `input_required` result and read the answer on the retried call.' },
        },
      },
      statics: {
        serve: {
          rule: 'session-transport/session-id-generator',
          advice: '`McpAgent.serve()` routes Streamable HTTP by `Mcp-Session-Id` to one Durable Object per session. Serve a stateless factory with `createMcpHandler` from `agents/mcp/server` instead.',
        },
        mount: {
          rule: 'session-transport/sse-transport',
          advice: '`McpAgent.mount()` is the legacy HTTP+SSE transport (one Durable Object per SSE session), removed in 2026-07-28.',
        },
        serveSSE: {
          rule: 'session-transport/sse-transport',
          advice: '`McpAgent.serveSSE()` is the legacy HTTP+SSE transport (one Durable Object per SSE session), removed in 2026-07-28.',
        },
      },
    },
  },
};
