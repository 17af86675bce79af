/**
 * Which module specifiers are the MCP server SDK, and in which major version.
 *
 * Client packages (`@modelcontextprotocol/client`, `@modelcontextprotocol/sdk/client/...`)
 * are deliberately not SDK-server modules: a client's `createMessage` handler or
 * `listRoots` call is the other side of the protocol and not ours to migrate.
 */

import { ts } from '../typescript.js';
import { isDynamicImport, isRequireCall, unwrap } from './ast.js';
import { MCP_SDK, type SdkClassRole, type SdkDescription, type SdkSide } from '../frameworks/mcp-sdk.js';
import type { SdkEntryExports } from '../frameworks/mcp-sdk-v2-exports.js';

export type SdkVersion = 1 | 2;

/** The cheap text marker the prefilter looks for: every SDK specifier contains it. */
export const SDK_SPECIFIER_MARKER = '@modelcontextprotocol/';

/** The SDK package a specifier names (`@modelcontextprotocol/sdk/server/mcp.js` → `@modelcontextprotocol/sdk`). */
function packageOf(specifier: string): string {
  return specifier.split('/').slice(0, 2).join('/');
}

/**
 * Whether a package is one of the SDK's own, of either major (`@modelcontextprotocol/sdk`, `/server`, `/node`, …); other packages of
 * the scope (`@modelcontextprotocol/inspector`, a dev CLI) are not.
 */
export function isSdkPackageName(pkg: string): boolean {
  return MCP_SDK.majors.some(({ packages }) => pkg in packages);
}

/** The major and side of an SDK module, from the description; undefined for anything else. */
function sdkModuleOf(specifier: string): { major: SdkVersion; side: SdkSide } | undefined {
  if (!specifier.startsWith(SDK_SPECIFIER_MARKER)) return undefined;
  const pkg = packageOf(specifier);
  for (const { major, packages, subpaths } of MCP_SDK.majors) {
    const side = packages[pkg];
    if (side === undefined) continue;
    const subpath = specifier.slice(pkg.length + 1).split('/')[0] ?? '';
    return { major, side: (specifier.length > pkg.length && subpaths?.[subpath]) || side };
  }
  return undefined;
}

/**
 * The module file an SDK specifier names when it is one of the package's directory exports (`@modelcontextprotocol/sdk/server`
 * → `@modelcontextprotocol/sdk/server/index.js`); undefined for any other specifier.
 */
export function sdkEntryAliasFile(specifier: string): string | undefined {
  for (const { packages, entryAliases } of MCP_SDK.majors) {
    for (const pkg of Object.keys(packages)) {
      const file = specifier.startsWith(`${pkg}/`) ? entryAliases?.[specifier.slice(pkg.length + 1)] : undefined;
      if (file) return `${pkg}/${file}`;
    }
  }
  return undefined;
}

/** The package a server written against this major imports its API from (v2: `@modelcontextprotocol/server`). */
export function sdkEntryPackage(major: SdkVersion): string {
  return MCP_SDK.majors.find((m) => m.major === major)!.entry;
}

/**
 * The SDK major a server's module specifier belongs to: 1 for `@modelcontextprotocol/sdk`, 2 for the
 * v2 server and core packages; undefined for client modules (the other side of the protocol) and
 * anything that is not the SDK.
 */
export function sdkMajorOf(specifier: string): SdkVersion | undefined {
  const module = sdkModuleOf(specifier);
  return module && module.side !== 'client' ? module.major : undefined;
}

/** The SDK major a file is written against: that of its first import or `require` of a server-side SDK module. */
export function sdkMajorOfFile(sf: ts.SourceFile): SdkVersion | undefined {
  return sdkMajorsOfFile(sf).values().next().value;
}

/** Every SDK major the file's top-level imports name (a file the official codemod moved may keep a v1 import it does not map). */
export function sdkMajorsOfFile(sf: ts.SourceFile): Set<SdkVersion> {
  const out = new Set<SdkVersion>();
  for (const statement of sf.statements) {
    for (const specifier of importedSpecifiers(statement)) {
      const major = sdkMajorOf(specifier);
      if (major !== undefined) out.add(major);
    }
  }
  // Loaded with `import()` only (an optional SDK in a `try`, a lazy stdio transport): those count too (review 43 S43-9).
  if (out.size === 0 && /\bimport\s*\(/.test(sf.text)) {
    const visit = (node: ts.Node): void => {
      if (isDynamicImport(node)) {
        const major = sdkMajorOf((node.arguments[0] as ts.StringLiteralLike).text);
        if (major !== undefined) out.add(major);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** `import … from 'x'` and `const … = require('x')` (top-level statements). */
function importedSpecifiers(statement: ts.Statement): string[] {
  if (ts.isImportDeclaration(statement)) return ts.isStringLiteral(statement.moduleSpecifier) ? [statement.moduleSpecifier.text] : [];
  if (!ts.isVariableStatement(statement)) return [];
  const out: string[] = [];
  for (const decl of statement.declarationList.declarations) {
    const init = decl.initializer && unwrap(decl.initializer);
    if (init && isRequireCall(init) && ts.isStringLiteral(init.arguments[0]!)) out.push(init.arguments[0].text);
  }
  return out;
}

/**
 * Whether importing `specifier` makes a file server code: v1 `sdk/server/...` and the v2 server
 * packages. Shared modules (`sdk/types.js`, `sdk/shared/...`, `core`) are imported by clients
 * too, so on their own they do not; they still resolve as SDK symbols once a file is analysed.
 */
export function isServerSdkModule(specifier: string): boolean {
  return sdkModuleOf(specifier)?.side === 'server';
}

/** Whether an import specifier is a module of the SDK's client side (`@modelcontextprotocol/client`, `sdk/client/...`). */
export function isClientSdkModule(specifier: string): boolean {
  return sdkModuleOf(specifier)?.side === 'client';
}

function classesWithRole(...roles: SdkClassRole[]): Set<string> {
  return new Set(Object.entries(MCP_SDK.classes).filter(([, role]) => roles.includes(role)).map(([name]) => name));
}

/** SDK classes whose instances are servers (things with `setRequestHandler`, `oninitialized`, `createMessage`, ...). */
export const LOW_LEVEL_SERVER_CLASSES = classesWithRole('low-level-server');
export const HIGH_LEVEL_SERVER_CLASSES = classesWithRole('high-level-server');

/** Streamable HTTP transports that can be sessionful (`sessionIdGenerator`). */
export const STREAMABLE_HTTP_TRANSPORTS = classesWithRole('streamable-http-transport');
export const SSE_TRANSPORTS = classesWithRole('sse-transport');
/** The query parameter an HTTP+SSE client posts its messages with: `<endpoint>?sessionId=<id>`. */
export const SSE_SESSION_QUERY_PARAMETER = 'sessionId';
export const STDIO_TRANSPORTS = classesWithRole('stdio-transport');
/** SDK client transports: a connection to another MCP server (a proxy's upstream). */
export const CLIENT_TRANSPORTS = classesWithRole('client-transport');
/** SDK client classes and client transports: what opens a connection to another MCP server (a gateway's upstream). */
export const UPSTREAM_CLIENT_CLASSES = classesWithRole('client', 'client-transport');

export const TRANSPORT_CLASSES = new Set([
  ...STREAMABLE_HTTP_TRANSPORTS,
  ...SSE_TRANSPORTS,
  ...STDIO_TRANSPORTS,
]);

/** Methods of an SDK server that register a tool, prompt or resource. */
export const REGISTRATION_METHODS: ReadonlySet<string> = new Set(Object.keys(MCP_SDK.registrations));
/** The kind a registration method of an SDK server registers (`registerPrompt` → `prompt`), and whether it is v1's shorthand (`server.prompt(…)`). */
export function registrationOf(method: string): { kind: 'tool' | 'prompt' | 'resource'; legacy: boolean } | undefined {
  const kind = Object.hasOwn(MCP_SDK.registrations, method) ? MCP_SDK.registrations[method] : undefined;
  return kind && { kind, legacy: MCP_SDK.legacyRegistrations.includes(method) };
}
/** Methods of an SDK server that register a raw JSON-RPC request or notification handler. */
export const HANDLER_REGISTRATION_METHODS: ReadonlySet<string> = new Set(Object.keys(MCP_SDK.handlerRegistrations));
/** Properties of an SDK server that take a raw JSON-RPC request handler by assignment (`server.fallbackRequestHandler = …`). */
export const REQUEST_HANDLER_PROPERTIES: ReadonlySet<string> = new Set(Object.entries(MCP_SDK.handlerProperties).flatMap(([name, kind]) => (kind === 'request' ? [name] : [])));
/**
 * Members whose use shows a value to be an SDK server: what registers a tool, prompt, resource or handler, and every
 * feature's server method (`sendLoggingMessage`, `sendToolListChanged`, …) but `ping`. A value the analysis cannot
 * read otherwise (what an instrumentation wrapper returns) is taken for the server it was given only if it is used
 * so. `connect` and `ping` are left out: a health monitor or a gateway built around a server has them too.
 */
export const SERVER_USE_MEMBERS: ReadonlySet<string> = new Set([
  ...Object.keys(MCP_SDK.registrations),
  ...Object.keys(MCP_SDK.handlerRegistrations),
  ...Object.entries(MCP_SDK.features).flatMap(([id, feature]) => (id === 'ping' ? [] : Object.keys(feature.serverMethods ?? {}))),
]);
/** The method of an SDK server that registers a raw JSON-RPC request handler (`server.setRequestHandler(…)`). */
export const REQUEST_HANDLER_REGISTRATION: string = Object.entries(MCP_SDK.handlerRegistrations).find(([, kind]) => kind === 'request')![0];
/** The method of an SDK server that registers a raw JSON-RPC notification handler (`server.setNotificationHandler(…)`). */
export const NOTIFICATION_HANDLER_REGISTRATION: string = Object.entries(MCP_SDK.handlerRegistrations).find(([, kind]) => kind === 'notification')![0];

/**
 * JSON-RPC methods whose handlers belong to a described SDK feature (`logging/setLevel`, `resources/subscribe`,
 * `initialize`, `ping`): what such a handler keeps is that feature's bookkeeping, which its own rule reports and its
 * own transform rewrites or marks.
 */
export const FEATURE_HANDLED_METHODS: ReadonlySet<string> = new Set(Object.values(MCP_SDK.features).flatMap((feature) => feature.handledMethods ?? []));

/** The SDK v2 request handler that serves MCP over HTTP (`createMcpHandler(…)`). */
export const HTTP_HANDLER_FUNCTION = MCP_SDK.serving.handler;

/** The v2 entry point the official codemod points an SDK 1.x module at (`server/stdio.js` → `@modelcontextprotocol/server/stdio`), or the side's main package. */
export function v2EntryPointOf(v1Path: string): string {
  return Object.hasOwn(MCP_SDK.v2EntryPoints, v1Path) ? MCP_SDK.v2EntryPoints[v1Path]! : v1Path.startsWith('client/') ? '@modelcontextprotocol/client' : '@modelcontextprotocol/server';
}

/** The SDK v2 entry that serves MCP over stdio from a factory (`serveStdio(factory, { transport })`). */
export const STDIO_SERVING_FUNCTION = MCP_SDK.serving.stdio;
/** `serveStdio`'s option naming the transport it owns (`serveStdio(f, { transport })`). */
export const STDIO_TRANSPORT_OPTION = MCP_SDK.serving.stdioTransportOption;

/** The SDK v2 in-process change-event bus class (`new InMemoryServerEventBus()`), whose events createMcpHandler's listen streams receive. */
export const EVENT_BUS_CLASS = MCP_SDK.serving.bus;

/** The method of an SDK server that connects it to a transport (`server.connect(transport)`). */
export const CONNECT_METHOD = MCP_SDK.connectMethod;
/** The current (not legacy) method registering a tool (`server.registerTool(name, config, cb)`). */
export const TOOL_REGISTRATION: string = Object.entries(MCP_SDK.registrations).find(([name, kind]) => kind === 'tool' && !MCP_SDK.legacyRegistrations.includes(name))![0];
/** The v2-era method of an SDK server that registers a prompt (`server.registerPrompt(…)`; SDK 1.x has it too). */
export const PROMPT_REGISTRATION: string = Object.entries(MCP_SDK.registrations).find(([name, kind]) => kind === 'prompt' && !MCP_SDK.legacyRegistrations.includes(name))![0];
/** The v2-era method of an SDK server that registers a resource (`server.registerResource(…)`; SDK 1.x has it too). */
export const RESOURCE_REGISTRATION: string = Object.entries(MCP_SDK.registrations).find(([name, kind]) => kind === 'resource' && !MCP_SDK.legacyRegistrations.includes(name))![0];
/** The option of an SDK server's constructor declaring its capabilities (`{ capabilities: { … } }`). */
export const CAPABILITIES_OPTION = MCP_SDK.capabilitiesOption;
/** v1 exports v2 split in two (`ErrorCode` → `ProtocolErrorCode` and `SdkErrorCode`), the codemod's choice for values first. */
export const SPLIT_EXPORTS = MCP_SDK.splitExports;

/**
 * The v2 name of `name` imported from the SDK 1.x module `v1Specifier` (`…/server/streamableHttp.js`), when v2 renamed it:
 * `module` when that module's own table renames it (whatever v2 exports under the old name: `types.js`'s `ResourceTemplate`
 * is `ResourceTemplateType`, not the server's class), `any` when the rename holds for every module (`McpError`).
 */
export function v2RenameOf(v1Specifier: string, name: string): { to: string; scope: 'module' | 'any' } | undefined {
  const modulePath = `${v1Specifier.replace(/^@modelcontextprotocol\/sdk\//, '').replace(/\.js$/, '')}.js`;
  const renames = MCP_SDK.v2Renames;
  const inModule = Object.hasOwn(renames, modulePath) ? renames[modulePath]! : undefined;
  if (inModule && Object.hasOwn(inModule, name)) return { to: inModule[name]!, scope: 'module' };
  return Object.hasOwn(renames['*']!, name) ? { to: renames['*']![name]!, scope: 'any' } : undefined;
}

/** The v2 name a member of a split v1 export belongs to (`ErrorCode`, `RequestTimeout` → `SdkErrorCode`; else the first). */
export function splitExportOf(name: string, member: string | undefined): string | undefined {
  if (!Object.hasOwn(SPLIT_EXPORTS, name)) return undefined;
  const members = Object.hasOwn(MCP_SDK.splitExportMembers, name) ? MCP_SDK.splitExportMembers[name]! : {};
  return member !== undefined && Object.hasOwn(members, member) ? members[member] : SPLIT_EXPORTS[name]![0];
}

/** The method of a low-level SDK server declaring capabilities after construction (`server.registerCapabilities({ … })`). */
export const REGISTER_CAPABILITIES = MCP_SDK.registerCapabilitiesMethod;
/** The property of an SDK server holding the transport it was connected to (`server.transport`). */
export const CONNECTED_TRANSPORT_PROPERTY = MCP_SDK.connectedTransportProperty;

/** The HTTP+SSE transport's method for a POSTed message (`transport.handlePostMessage(req, res)`). */
export const SSE_POST_METHOD = MCP_SDK.ssePostMethod;

/** Types that name a request handler's context (`extra` in v1, `ctx` in v2). */
export const CONTEXT_TYPES = new Set(MCP_SDK.contextTypes);

function majorDescription(major: SdkVersion) {
  return MCP_SDK.majors.find((m) => m.major === major)!;
}

/** The types of a concrete request handler context, server or client side, of any major (`RequestHandlerExtra`, `ServerContext`, `ClientContext`). */
export const HANDLER_CONTEXT_TYPES: ReadonlySet<string> = new Set(MCP_SDK.majors.flatMap((m) => [m.context.server, m.context.client]));

/** A server's request handler context of a major: its type, and the module and members the description gives for it. */
export function handlerContextOf(major: SdkVersion): {
  type: string;
  clientType: string;
  requestId: readonly string[];
  sessionId?: string;
  module?: string;
  members: ReadonlySet<string>;
  distinctiveMembers: ReadonlySet<string>;
  requestHeaders?: readonly string[];
  recordHeaders?: readonly string[];
} {
  const m = majorDescription(major);
  return {
    type: m.context.server,
    clientType: m.context.client,
    requestId: m.context.requestId,
    sessionId: m.context.sessionId,
    module: m.context.module && `${m.entry}/${m.context.module}`,
    members: new Set(m.context.members ?? []),
    distinctiveMembers: new Set(m.context.distinctiveMembers ?? []),
    requestHeaders: m.context.requestHeaders,
    recordHeaders: m.context.recordHeaders,
  };
}

/** The packages SDK 1.x installs beside itself, with their ranges (`MCP_SDK` v1 `installs`). */
export const SDK_V1_INSTALLS: Readonly<Record<string, string>> = majorDescription(1).installs ?? {};
/** What each SDK v2 entry point exports (read off the pinned packages), in the order a dropped import name looks for a home. */
export const V2_EXPORTS: Readonly<Record<string, SdkEntryExports>> = majorDescription(2).entryPoints!;
export const V2_ENTRY_POINTS: readonly string[] = Object.keys(V2_EXPORTS);

/**
 * SDK v2's protocol vocabulary: what its server entry point exports that its client or core package
 * exports too (message types, result types, protocol constants, `ProtocolError`), as opposed to the
 * server API (`McpServer`, `createMcpHandler`, `inputRequired`, …). SDK 1.x kept that vocabulary in
 * `sdk/types.js`, a module neither side owns; v2 moved it into `@modelcontextprotocol/server`, so a
 * file importing only these names from there is what a file importing only `sdk/types.js` was.
 */
const PROTOCOL_VOCABULARY: ReadonlySet<string> = (() => {
  const namesOf = (entry: string) => new Set([...(V2_EXPORTS[entry]?.values ?? []), ...(V2_EXPORTS[entry]?.types ?? [])]);
  const otherSides = V2_ENTRY_POINTS.filter((entry) => sdkModuleOf(entry)?.side !== 'server').map(namesOf);
  // A request handler's context type (`ServerContext`) is shared too, but it is what handlers are written against:
  // a helper importing it alone reads `ctx.sessionId` as server code does.
  return new Set([...namesOf(sdkEntryPackage(2))].filter((name) => !CONTEXT_TYPES.has(name) && otherSides.some((side) => side.has(name))));
})();

/** Whether `name`, imported from an SDK v2 server package, is protocol vocabulary rather than server API. */
export function isProtocolVocabulary(name: string): boolean {
  return PROTOCOL_VOCABULARY.has(name);
}

/** SDK 1.x's experimental tasks layer, with its module as a specifier pattern (`@modelcontextprotocol/sdk/experimental/tasks[.js|/…]`). */
export const V1_EXPERIMENTAL_TASKS = (() => {
  const m = majorDescription(1);
  const tasks = m.experimentalTasks!;
  const specifier = `${m.entry}/${tasks.module}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return { ...tasks, modulePattern: new RegExp(`^${specifier}(?:/|\\.js$|$)`) };
})();

/** The transport members the transforms recognise a serving or relaying endpoint by (`sessionIdGenerator`, `onmessage`, …). */
export const TRANSPORT_MEMBERS: SdkDescription['transportMembers'] = MCP_SDK.transportMembers;
/** The SDK interface a project's own transport class implements (`class RelayTransport implements Transport`). */
export const TRANSPORT_INTERFACE: string = MCP_SDK.transportInterface;

/** Methods of an SDK server a roots sync helper may call besides its request (see `rootsBookkeepingMethods`). */
export const ROOTS_BOOKKEEPING_METHODS: ReadonlySet<string> = new Set(MCP_SDK.rootsBookkeepingMethods);

/**
 * Names we recognise when they arrive through `export * from '<sdk module>'`: a wildcard
 * re-export of a module we cannot read (node_modules is never parsed) can only be
 * attributed by name, so the list is the SDK surface the rules care about.
 */
const KNOWN_SDK_EXPORTS = new Set<string>([
  ...LOW_LEVEL_SERVER_CLASSES,
  ...HIGH_LEVEL_SERVER_CLASSES,
  ...TRANSPORT_CLASSES,
  ...CONTEXT_TYPES,
  ...MCP_SDK.exports,
  MCP_SDK.initializeRequestGuard,
]);

/** The SDK's type guard for an `initialize` request message (`isInitializeRequest(body)`). */
export const INITIALIZE_REQUEST_GUARD = MCP_SDK.initializeRequestGuard;

/** Schemas (v1) and method strings (v2) that name the same handler registration. */
export const METHOD_OF_SCHEMA: Readonly<Record<string, string>> = MCP_SDK.schemaMethods;
/** The schemas of the tool list and call requests (v1) and their methods (`CallToolRequestSchema` → `tools/call`). */
export const TOOL_SCHEMA_METHODS: Readonly<Record<string, string>> = MCP_SDK.toolSchemaMethods;
/** The schemas of the list and lookup requests (tools, prompts, resources) and their methods. */
export const LIST_AND_LOOKUP_SCHEMA_METHODS: Readonly<Record<string, string>> = { ...MCP_SDK.toolSchemaMethods, ...MCP_SDK.promptAndResourceSchemaMethods };
/** SDK schemas of the `initialize` request's params. */
export const INITIALIZE_PARAMS_SCHEMAS: ReadonlySet<string> = new Set(MCP_SDK.initializeParamsSchemas);

/**
 * Whether `export * from '<specifier>'` can provide `name`. We never read node_modules, so this is
 * a map of the SDK surface the rules care about, by module; an unknown SDK module may export any of
 * those names (better a resolved symbol than a silent miss).
 */
export function sdkModuleMayExport(specifier: string, name: string): boolean {
  if (!KNOWN_SDK_EXPORTS.has(name) && !name.endsWith('Schema')) return false;
  const isSchema = name.endsWith('Schema') || name === INITIALIZE_REQUEST_GUARD;
  const v1 = specifier.match(/^@modelcontextprotocol\/sdk\/(.+?)(?:\.js)?$/)?.[1];
  if (v1) {
    const byModule: Record<string, (n: string) => boolean> = {
      'server/mcp': (n) => n === 'McpServer' || n === 'ResourceTemplate',
      'server/index': (n) => n === 'Server',
      'server/streamableHttp': (n) => n === 'StreamableHTTPServerTransport',
      'server/webStandardStreamableHttp': (n) => n === 'WebStandardStreamableHTTPServerTransport',
      'server/sse': (n) => n === 'SSEServerTransport',
      'server/stdio': (n) => n === 'StdioServerTransport',
      types: (n) => isSchema || n === 'UrlElicitationRequiredError',
      'shared/protocol': (n) => n === 'RequestHandlerExtra',
    };
    const known = byModule[v1];
    return known ? known(name) : !isSchema || v1 === 'types';
  }
  const pkg = specifier.split('/').slice(0, 2).join('/');
  const sub = specifier.split('/').slice(2).join('/');
  switch (pkg) {
    case '@modelcontextprotocol/core':
      return isSchema;
    case '@modelcontextprotocol/node':
      return name === 'NodeStreamableHTTPServerTransport' || name === 'toNodeHandler';
    case '@modelcontextprotocol/server-legacy':
      return name === 'SSEServerTransport';
    case '@modelcontextprotocol/server':
      return sub === 'stdio' ? name === 'StdioServerTransport' || name === 'serveStdio' : name !== 'NodeStreamableHTTPServerTransport' && name !== 'SSEServerTransport';
    default:
      return true;
  }
}
