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

/** Cheap text test for the prefilter: a file that may declare a vendored SDK class. */
export const VENDORED_DECLARATION = new RegExp(`\\bclass\\s+(?:${[...new Set(VENDORED_SDK_CLASSES.map((c) => c.name))].join('|')})\\b`);
