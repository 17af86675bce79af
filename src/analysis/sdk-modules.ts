/**
 * Which module specifiers are the MCP server SDK, and in which major version.
 *
 * Client packages (`@modelcontextprotocol/client`, `@modelcontextprotocol/sdk/client/...`)
 * are deliberately not SDK-server modules: a client's `createMessage` handler or
 * `listRoots` call is the other side of the protocol and not ours to migrate.
 */

import { ts } from '../typescript.js';
import { isRequireCall, unwrap } from './ast.js';
import { MCP_SDK, type SdkClassRole, type SdkSide } from '../frameworks/mcp-sdk.js';

export type SdkVersion = 1 | 2;

/** The cheap text marker the prefilter looks for: every SDK specifier contains it. */
export const SDK_SPECIFIER_MARKER = '@modelcontextprotocol/';

/** The SDK package a specifier names (`@modelcontextprotocol/sdk/server/mcp.js` → `@modelcontextprotocol/sdk`). */
function packageOf(specifier: string): string {
  return specifier.split('/').slice(0, 2).join('/');
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
  for (const statement of sf.statements) {
    for (const specifier of importedSpecifiers(statement)) {
      const major = sdkMajorOf(specifier);
      if (major !== undefined) return major;
    }
  }
  return undefined;
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

export const TRANSPORT_CLASSES = new Set([
  ...STREAMABLE_HTTP_TRANSPORTS,
  ...SSE_TRANSPORTS,
  ...STDIO_TRANSPORTS,
]);

/** Methods of an SDK server that register a tool, prompt or resource. */
export const REGISTRATION_METHODS: ReadonlySet<string> = new Set(Object.keys(MCP_SDK.registrations));
/** Methods of an SDK server that register a raw JSON-RPC request or notification handler. */
export const HANDLER_REGISTRATION_METHODS: ReadonlySet<string> = new Set(MCP_SDK.handlerRegistrations);

/** The SDK v2 in-process change-event bus class (`new InMemoryServerEventBus()`), whose events createMcpHandler's listen streams receive. */
export const EVENT_BUS_CLASS = MCP_SDK.serving.bus;

/** The method of an SDK server that connects it to a transport (`server.connect(transport)`). */
export const CONNECT_METHOD = MCP_SDK.connectMethod;

/** The HTTP+SSE transport's method for a POSTed message (`transport.handlePostMessage(req, res)`). */
export const SSE_POST_METHOD = MCP_SDK.ssePostMethod;

/** Types that name a request handler's context (`extra` in v1, `ctx` in v2). */
export const CONTEXT_TYPES = new Set(MCP_SDK.contextTypes);

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
]);

/** Schemas (v1) and method strings (v2) that name the same handler registration. */
export const METHOD_OF_SCHEMA: Readonly<Record<string, string>> = MCP_SDK.schemaMethods;
/** SDK schemas of the `initialize` request's params. */
export const INITIALIZE_PARAMS_SCHEMAS: ReadonlySet<string> = new Set(MCP_SDK.initializeParamsSchemas);

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
