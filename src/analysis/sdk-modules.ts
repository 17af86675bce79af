/**
 * Which module specifiers are the MCP server SDK, and in which major version.
 *
 * Client packages (`@modelcontextprotocol/client`, `@modelcontextprotocol/sdk/client/...`)
 * are deliberately not SDK-server modules: a client's `createMessage` handler or
 * `listRoots` call is the other side of the protocol and not ours to migrate.
 */

export type SdkVersion = 1 | 2;

const V2_SERVER_PACKAGES = new Set([
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/node',
  '@modelcontextprotocol/express',
  '@modelcontextprotocol/hono',
  '@modelcontextprotocol/fastify',
  '@modelcontextprotocol/server-legacy',
  '@modelcontextprotocol/core',
]);

/** The cheap text marker the prefilter looks for: every SDK specifier contains it. */
export const SDK_SPECIFIER_MARKER = '@modelcontextprotocol/';

export function sdkVersionOf(specifier: string): SdkVersion | undefined {
  if (!specifier.startsWith(SDK_SPECIFIER_MARKER)) return undefined;
  if (specifier === '@modelcontextprotocol/sdk' || specifier.startsWith('@modelcontextprotocol/sdk/')) {
    return specifier.startsWith('@modelcontextprotocol/sdk/client/') ? undefined : 1;
  }
  const pkg = specifier.split('/').slice(0, 2).join('/');
  return V2_SERVER_PACKAGES.has(pkg) ? 2 : undefined;
}

const V2_SERVER_ENTRY_PACKAGES = new Set([...V2_SERVER_PACKAGES].filter((p) => p !== '@modelcontextprotocol/core'));

/**
 * Whether importing `specifier` makes a file server code: v1 `sdk/server/...` and the v2 server
 * packages. Shared modules (`sdk/types.js`, `sdk/shared/...`, `core`) are imported by clients
 * too, so on their own they do not; they still resolve as SDK symbols once a file is analysed.
 */
export function isServerSdkModule(specifier: string): boolean {
  if (specifier.startsWith('@modelcontextprotocol/sdk/server/')) return true;
  const pkg = specifier.split('/').slice(0, 2).join('/');
  return V2_SERVER_ENTRY_PACKAGES.has(pkg);
}

/** SDK classes whose instances are servers (things with `setRequestHandler`, `oninitialized`, `createMessage`, ...). */
export const LOW_LEVEL_SERVER_CLASSES = new Set(['Server']);
export const HIGH_LEVEL_SERVER_CLASSES = new Set(['McpServer']);

/** Streamable HTTP transports that can be sessionful (`sessionIdGenerator`). */
export const STREAMABLE_HTTP_TRANSPORTS = new Set([
  'StreamableHTTPServerTransport',
  'NodeStreamableHTTPServerTransport',
  'WebStandardStreamableHTTPServerTransport',
]);
export const SSE_TRANSPORTS = new Set(['SSEServerTransport']);
/** The query parameter an HTTP+SSE client posts its messages with: `<endpoint>?sessionId=<id>`. */
export const SSE_SESSION_QUERY_PARAMETER = 'sessionId';
export const STDIO_TRANSPORTS = new Set(['StdioServerTransport']);

export const TRANSPORT_CLASSES = new Set([
  ...STREAMABLE_HTTP_TRANSPORTS,
  ...SSE_TRANSPORTS,
  ...STDIO_TRANSPORTS,
]);

/** Types that name a request handler's context (`extra` in v1, `ctx` in v2). */
export const CONTEXT_TYPES = new Set(['RequestHandlerExtra', 'ServerContext', 'BaseContext']);

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
  'isInitializeRequest',
  'InitializeRequestSchema',
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
]);

/** Schemas (v1) and method strings (v2) that name the same handler registration. */
export const METHOD_OF_SCHEMA: Record<string, string> = {
  InitializeRequestSchema: 'initialize',
  InitializedNotificationSchema: 'notifications/initialized',
  SetLevelRequestSchema: 'logging/setLevel',
  SubscribeRequestSchema: 'resources/subscribe',
  UnsubscribeRequestSchema: 'resources/unsubscribe',
  RootsListChangedNotificationSchema: 'notifications/roots/list_changed',
  PingRequestSchema: 'ping',
};

/**
 * Whether `export * from '<specifier>'` can provide `name`. We never read node_modules, so this is
 * a map of the SDK surface the rules care about, by module; an unknown SDK module may export any of
 * those names (better a resolved symbol than a silent miss).
 */
export function sdkModuleMayExport(specifier: string, name: string): boolean {
  if (!KNOWN_SDK_EXPORTS.has(name) && !name.endsWith('Schema')) return false;
  const isSchema = name.endsWith('Schema') || name === 'isInitializeRequest';
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
