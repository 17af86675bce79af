/**
 * The shape of a framework adapter: a declarative description of a library built on the MCP SDK
 * (FastMCP, Cloudflare `McpAgent`, Vercel `mcp-handler`, `mcp-framework`), mapped onto the one
 * analysis model. A description says which modules are the framework, what its exported classes
 * and types are (roles), what their members denote (another role, an SDK value, the session id)
 * or which existing rule a use of them is, which callbacks receive which values, which options
 * make it sessionful, and what a subclass's `this` offers. Nothing in the analysis names a
 * framework: `src/analysis/framework-modules.ts`, `src/analysis/framework-values.ts` and
 * `src/analysis/framework-sites.ts` (the uses that are findings) interpret these descriptions, and the
 * rules report those sites (`src/rules/with-frameworks.ts`).
 */
import type { RuleId } from '../rule-ids.js';

/** A use that is a finding: the rule of the catalogue it is reported under, and the framework's own migration advice. */
export interface SiteUse {
  rule: RuleId;
  advice: string;
  /**
   * Report only the first such site per class (per file outside a class) in source order; sites
   * sharing a `group` count as one (`initialState`, `this.state` and `this.setState` are one store).
   */
  once?: boolean;
  group?: string;
}

/** An SDK value a framework hands out (`createMcpHandler((server) => …)` gives an SDK `McpServer`). */
export type SdkValue = 'mcp-server' | 'server' | 'transport' | 'context';

/** What a member of a role denotes. */
export interface MemberMeaning {
  /** The member is an instance of another role of this framework. */
  role?: string;
  /** The member is a list of instances of another role of this framework (`server.sessions`). */
  elementsRole?: string;
  /** The member is an SDK value. */
  sdk?: SdkValue;
  /**
   * The member is the MCP session id (followed by the session flow to stores and logs), read like a
   * handler context's (`context`: every read counts) or like a transport's (`transport`: null checks
   * and routing do not).
   */
  sessionId?: 'context' | 'transport';
  /** Reading or calling the member is a finding. */
  use?: SiteUse;
}

/** Where a callback is registered: a method of a role, or an exported function of the framework. */
export type CallbackHost = { role: string; method: string } | { fn: string };

/** A callback parameter whose value the framework supplies: `server.addTool({ execute(args, context) })`. */
interface CallbackParameter {
  on: CallbackHost;
  /** Argument index of the callback, or of the object literal holding it in `property`. */
  arg: number;
  property?: string;
  /** Only when the first argument is this string (an event name: `server.on('connect', …)`). */
  event?: string;
  /**
   * Also when the object holding the callback is declared with one of these framework types
   * (`export const searchTool: Tool<Auth> = { execute … }` in a module of its own, or `satisfies Tool`).
   */
  objectTypes?: readonly string[];
  /** Parameter index of the callback. */
  param: number;
  value: { role: string } | { sdk: SdkValue };
  /** How the chain in a message names it: "`context` of addTool('search') execute". */
  label: string;
}

/** A string first argument of a method (`server.on('connect', …)`) that is a finding. */
interface EventUse {
  on: { role: string; method: string };
  event: string;
  unlessInFile?: FileCondition;
  use: SiteUse;
}

/** A value inside an options object that is a finding (or whose absence is). */
export interface OptionUse {
  /** The call carrying the options: a method of a role, an exported function, or `new Class(...)`. */
  on: CallbackHost | { construct: string };
  arg: number;
  /** Path from the argument to the object holding `key` (array literals on the way are entered). */
  container: readonly string[];
  /** The property reported (at its name). Without a key, the call itself is reported when the container exists (or is absent, see `whenAbsent`). */
  key?: string;
  /** The property's value must be this literal. */
  equals?: string | number | boolean;
  /** The property's value must not be `undefined` (`sessionIdGenerator: undefined` is the stateless form). */
  defined?: boolean;
  /** Not a finding when this path (relative to the container) holds this literal. */
  unless?: { path: readonly string[]; equals: string | number | boolean };
  /**
   * Keyless uses: also report when the argument is missing, where the file's project uses this description's
   * major of the framework (declared in its package.json, else installed). The call alone does not say which major it is
   * (`createMcpHandler(init)` is mcp-handler 1 without its config argument, or mcp-handler 2).
   */
  whenAbsent?: boolean;
  unlessInFile?: FileCondition;
  use: SiteUse;
}

/** A call serving over a connection: the literal `equals` at `path` of argument `arg` names the transport. */
interface ConnectionServing {
  on: CallbackHost;
  arg: number;
  path: readonly string[];
  equals: string;
  transport: 'stdio' | 'HTTP+SSE';
}

/**
 * Not a finding when the same file makes this call with this literal at `path` of argument `arg`
 * (`server.start({ httpStream: { stateless: true } })`), in every such call when `every` is set.
 */
export interface FileCondition {
  on: CallbackHost;
  arg: number;
  path: readonly string[];
  equals: string | number | boolean;
  every?: boolean;
}

/** A call of a framework function (or method) that is a finding by itself, reported at the callee name. */
interface CallUse {
  on: CallbackHost;
  /**
   * Only when argument `index` is one of these SDK values (`createMcpHandler(server)` with an SDK server, not a
   * factory), or, with `sessionId`, the MCP session id (`getAgentByName(namespace, sessionId)`).
   */
  whenArgument?: { index: number; sdk?: readonly SdkValue[]; sessionId?: boolean };
  use: SiteUse;
}

/**
 * A framework request handler exported under an HTTP method name from a route module (the Next.js
 * app router and other web-standard file routers): `export { handler as GET }`, `export const GET =
 * handler`, `export async function GET(req) { return handler(req); }`. Reported at the exported name.
 */
export interface RouteExportUse {
  /** The call that creates the handler (`createMcpHandler(...)`). */
  of: CallbackHost;
  /** Framework functions that wrap a handler and answer with it: argument `arg` is the handler (`withMcpAuth(handler, verify)`). */
  wrappers?: ReadonlyArray<{ fn: string; arg: number }>;
  /** The exported names (HTTP methods) that are a finding. */
  methods: readonly string[];
  /**
   * Only when the creating call's options make the method mean something: argument `arg` is given,
   * holds `container`, and `unless` (relative to the container) does not hold.
   */
  when?: { arg: number; container: readonly string[]; unless?: { path: readonly string[]; equals: string | number | boolean }; whenAbsent?: boolean };
  use: SiteUse;
}

/**
 * How a framework's own HTTP+SSE endpoint is switched off: argument `arg` of `on` is its config object, and
 * `off: true` in it turns the endpoint off (`createMcpHandler(init, options, { disableSse: true })`). When the
 * config is given without `needs` (`redisUrl`), the endpoint cannot serve anyone (the framework takes that
 * value from the config alone once one is passed), so turning it off changes nothing that works.
 */
export interface LegacySseSwitch {
  on: CallbackHost;
  arg: number;
  off: string;
  needs?: string;
}

/** A project class extending a framework class (`class MyMCP extends McpAgent`). */
export interface SubclassDescription {
  /** The class declaration itself is a finding (at the class name). */
  declaration?: SiteUse;
  /** `this.<member>` reads and calls inside the subclass. */
  thisMembers?: Record<string, MemberMeaning>;
  /** Property declarations of the subclass (`initialState = …`). */
  fields?: Record<string, SiteUse>;
  /** `MyMCP.<static>(...)` calls. */
  statics?: Record<string, SiteUse>;
  /**
   * Only a subclass that names its MCP sessions after this member of `this`: a transport built in the class
   * with `sessionIdGenerator: () => this.name` makes every instance (an `Agent`, a Durable Object named by
   * the session id) one MCP session. Other subclasses of the base class are not MCP sessions.
   */
  onlyWhenSessionIdIs?: string;
}

/** A project module that declares (or bundles) the SDK itself: recognised by what it declares. */
export interface VendoredClass {
  /** The SDK class this declaration stands for. */
  name: string;
  /** Members (methods, properties, accessors) the declaration must all have. */
  members: readonly string[];
  /**
   * The package module a project module declaring this class stands for (`../../server/mcp.js` in
   * the SDK's own examples is `@modelcontextprotocol/sdk/server/mcp.js`): imports from it resolve
   * as imports from that module, whether or not the project module is scanned.
   */
  module?: string;
}

/** A project module that is a package module, recognised by the names it exports (the SDK's `types.ts`). */
export interface VendoredModule {
  module: string;
  /** Exported declarations (`export const`, `export function`, `export class`) it must all have. */
  exports: readonly string[];
}

export interface FrameworkDescription {
  id: string;
  /** Shown in messages: "FastMCP: …". */
  name: string;
  /** Which major of the framework (and so of the SDK under it) this description is for. */
  frameworkMajor: number;
  sdkMajor: 1 | 2;
  /** Module specifiers that are this framework (exact, or as a prefix of `<module>/…`). */
  modules: readonly string[];
  /**
   * Modules of the same package that are not MCP code by themselves (`agents`, the Agents SDK root, for
   * `getAgentByName`): matched exactly, their exports resolve as this framework's in files that are MCP
   * code for another reason, but importing them does not make a file MCP code.
   */
  companionModules?: readonly string[];
  /** Submodules that are not server code (the framework's MCP client). */
  clientModules?: readonly string[];
  /** The framework's migration path in one sentence, appended to every message. */
  migration: string;
  /**
   * What takes this package's place when a file importing it moves to SDK v2, said where the move keeps the file on SDK
   * v1 for it (a framework built on v1): a release built on v2, or the SDK's own API where no release is (sweep 31 AE4:
   * "raise it to a release built on SDK v2" sent a reader after a release that does not exist).
   */
  onSdkV2?: string;
  /**
   * The migration path of a program that serves stdio only (every start call of the program matches `when`): said
   * instead of `migration`, whose stateless HTTP mode such a process has no use for (a local desktop server, sweep 28 AB6).
   */
  stdio?: { when: FileCondition; migration: string };
  /** Exported classes and types → the role of their instances (type annotations count too). */
  exports: Record<string, string>;
  /**
   * Exports that are an SDK export of `sdkMajor` under another name (`@hono/mcp`'s `StreamableHTTPTransport` is the
   * SDK's `WebStandardStreamableHTTPServerTransport` for Hono): they resolve as that SDK export, so every rule
   * reading the SDK class reads them.
   */
  sdkExports?: Readonly<Record<string, string>>;
  /** role → member name → meaning. */
  members: Record<string, Record<string, MemberMeaning>>;
  callbacks: readonly CallbackParameter[];
  events: readonly EventUse[];
  options: readonly OptionUse[];
  calls?: readonly CallUse[];
  routeExports?: readonly RouteExportUse[];
  /**
   * role → the finding when a value of that role, straight from the framework (a callback parameter,
   * a member of a framework value), is kept in a field of a project object: `this.session = session`,
   * `holder.session = event.session`. Placed at the assignment or, when the assigned value is a
   * parameter of the function assigning it (a setter, a constructor), at each argument that passes the
   * framework value for it (`provider.setSession(session)`, `new Provider(session)`). A value copied on
   * from one project field to another is not kept again.
   */
  kept?: Record<string, SiteUse>;
  /** The legacy HTTP+SSE transport the framework serves beside Streamable HTTP, and the option that turns it off (apply reads it). */
  legacySse?: LegacySseSwitch;
  /**
   * Calls that serve the framework's server over a connection that outlives a request (`server.start({ transportType:
   * 'stdio' })`): a message the server sends outside any request still reaches a 2025-era client there (apply's
   * logging transform keeps such sends instead of turning them into stderr lines).
   */
  connectionServing?: readonly ConnectionServing[];
  subclasses: Record<string, SubclassDescription>;
  /**
   * Classes whose declaration (with these members) makes a project module this framework's entry
   * module: the framework's own examples import it by relative path (`import { FastMCP } from
   * '../FastMCP.js'`). Imports from such a module resolve as imports from `modules[0]`.
   */
  declaredBy?: readonly VendoredClass[];
}
