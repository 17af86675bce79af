/**
 * The SDK itself inside the project: a fork, the SDK's own examples (`import { McpServer } from
 * '../../server/mcp.js'`), a vendored copy or a bundle module that re-exports its classes. Such a
 * module is recognised by what it declares: an exported class with an SDK class's name and that
 * class's characteristic members. A project class that only shares the name (`class Server` of an
 * HTTP framework) lacks the members and stays a project class.
 */
import type { VendoredClass } from './types.js';

export const VENDORED_SDK_CLASSES: readonly VendoredClass[] = [
  { name: 'McpServer', members: ['connect', 'server', 'tool'] },
  { name: 'McpServer', members: ['connect', 'server', 'registerTool'] },
  { name: 'Server', members: ['getClientCapabilities', 'createMessage'] },
  { name: 'StreamableHTTPServerTransport', members: ['handleRequest', 'sessionId'] },
  { name: 'WebStandardStreamableHTTPServerTransport', members: ['handleRequest', 'sessionId'] },
  { name: 'SSEServerTransport', members: ['handlePostMessage', 'sessionId'] },
  { name: 'StdioServerTransport', members: ['start', 'send', 'close'] },
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
