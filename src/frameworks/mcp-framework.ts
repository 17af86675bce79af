/**
 * `mcp-framework` (0.2, on SDK v1): an `MCPServer` that loads tool classes extending `MCPTool`
 * (declared in its `BaseTool` module), with transports chosen by config: `stdio`, `sse`, or
 * `http-stream` (sessionful unless `options.session.enabled` is false). Tools reach the client
 * through `this.samplingRequest()`, `this.elicit()`/`this.elicitUrl()`, `this.getRoots()` and
 * `this.log()`; the server has `listRoots()`, `roots` and `sendLog()`.
 */
import type { FrameworkDescription, OptionUse, SiteUse } from './types.js';

const sampling: SiteUse = {
  rule: 'deprecated-feature/sampling',
  advice: 'The helper sends `sampling/createMessage` to the client during the call, which throws on a 2026-07-28 request; Sampling is deprecated. Call the LLM provider from the tool.',
};
const elicit: SiteUse = {
  rule: 'server-push/elicitation',
  advice: 'The helper sends `elicitation/create` to the client during the call; on 2026-07-28 return an `input_required` result and read the answer on the retried call.',
};
const roots: SiteUse = {
  rule: 'deprecated-feature/roots',
  advice: 'Roots come from a `roots/list` request to the client over the session; Roots is deprecated in 2026-07-28. Take the paths as a tool argument or from configuration.',
};
const logging: SiteUse = {
  rule: 'deprecated-feature/logging',
  advice: 'Sent as `notifications/message`, deprecated in 2026-07-28. Log to stderr or your own logger.',
};

const transportOptions = (container: string[]): OptionUse[] => [
  {
    on: { construct: 'MCPServer' },
    arg: 0,
    container,
    key: 'type',
    equals: 'http-stream',
    unless: { path: ['options', 'session', 'enabled'], equals: false },
    use: {
      rule: 'session-transport/session-id-generator',
      advice: 'The `http-stream` transport issues an `Mcp-Session-Id` and keeps a server per session unless `options.session.enabled` is `false`; set it to `false`.',
    },
  },
  {
    on: { construct: 'MCPServer' },
    arg: 0,
    container,
    key: 'type',
    equals: 'sse',
    use: { rule: 'session-transport/sse-transport', advice: 'The `sse` transport is the legacy HTTP+SSE transport, removed in 2026-07-28; use `http-stream` with sessions disabled.' },
  },
];

export const mcpFramework: FrameworkDescription = {
  id: 'mcp-framework',
  name: 'mcp-framework',
  frameworkMajor: 0,
  sdkMajor: 1,
  modules: ['mcp-framework'],
  migration: 'The mcp-framework path: serve `http-stream` with `session: { enabled: false }`, and replace the client-request helpers with tool arguments or `input_required` results.',
  exports: { MCPServer: 'server' },
  members: {
    server: {
      listRoots: { use: roots },
      roots: { use: roots },
      sendLog: { use: logging },
    },
  },
  callbacks: [],
  events: [],
  options: [...transportOptions(['transport']), ...transportOptions(['transports'])],
  declaredBy: [{ name: 'MCPServer', members: ['toolsMap', 'addTool', 'start', 'stop'] }],
  subclasses: {
    MCPTool: {
      thisMembers: {
        samplingRequest: { use: sampling },
        samplingRequestWithTools: { use: sampling },
        elicit: { use: elicit },
        elicitUrl: { use: elicit },
        getRoots: { use: roots },
        log: { use: logging },
      },
    },
  },
};
