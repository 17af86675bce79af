/**
 * The SDK itself inside the project: a fork, the SDK's own examples (`import { McpServer } from
 * '../../server/mcp.js'`), a vendored copy or a bundle module that re-exports its classes. Such a
 * module is recognised by what it declares: an exported class with an SDK class's name and that
 * class's characteristic members, or (for the SDK's `types` module) the SDK's characteristic
 * exported names. A project class that only shares the name (`class Server` of an HTTP framework)
 * lacks the members and stays a project class.
 *
 * A recognised module stands for the SDK module it is a copy of (`module`): its importers are SDK
 * users and their imports from it resolve as imports from that SDK module, even when the module
 * itself lies outside the scanned paths (the scan of the SDK's examples alone).
 */
import type { VendoredClass, VendoredModule } from './types.js';

export const VENDORED_SDK_CLASSES: readonly VendoredClass[] = [
  { name: 'McpServer', members: ['connect', 'server', 'tool'], module: '@modelcontextprotocol/sdk/server/mcp.js' },
  { name: 'McpServer', members: ['connect', 'server', 'registerTool'], module: '@modelcontextprotocol/sdk/server/mcp.js' },
  { name: 'Server', members: ['getClientCapabilities', 'createMessage'], module: '@modelcontextprotocol/sdk/server/index.js' },
  { name: 'StreamableHTTPServerTransport', members: ['handleRequest', 'sessionId'], module: '@modelcontextprotocol/sdk/server/streamableHttp.js' },
  { name: 'WebStandardStreamableHTTPServerTransport', members: ['handleRequest', 'sessionId'], module: '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js' },
  { name: 'SSEServerTransport', members: ['handlePostMessage', 'sessionId'], module: '@modelcontextprotocol/sdk/server/sse.js' },
  { name: 'StdioServerTransport', members: ['start', 'send', 'close'], module: '@modelcontextprotocol/sdk/server/stdio.js' },
];

/** The SDK's protocol types module (schemas, `isInitializeRequest`), which declares no class of its own. */
export const VENDORED_SDK_MODULES: readonly VendoredModule[] = [
  { module: '@modelcontextprotocol/sdk/types.js', exports: ['LATEST_PROTOCOL_VERSION', 'InitializeRequestSchema', 'isInitializeRequest'] },
];

/**
 * Cheap text test for the prefilter: the file declares a class with an SDK class's name and mentions
 * every one of its characteristic members (a `class Server` of a web framework does not).
 */
export function mayDeclareVendoredSdk(text: string): boolean {
  if (!DECLARES_SDK_NAME.test(text)) return false;
  return VENDORED_SDK_CLASSES.some((c) => new RegExp(`\\bclass\\s+${c.name}\\b`).test(text) && c.members.every((m) => new RegExp(`\\b${m}\\b`).test(text)));
}

const DECLARES_SDK_NAME = new RegExp(`\\bclass\\s+(?:${[...new Set(VENDORED_SDK_CLASSES.map((c) => c.name))].join('|')})\\b`);
