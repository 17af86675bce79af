/**
 * A low-level SDK 1.x server that loads its clusters from the client's `initializationOptions` and asks for the
 * client's roots once it is initialized (ebarron/ONTAP-MCP, j0hanz/filesystem-context-mcp-server): neither
 * arrives in a 2026-07-28 request's _meta, so each marker says what to do instead of "read ctx.mcpReq.envelope".
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InitializeRequestSchema, InitializedNotificationSchema, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export const server = new Server({ name: 'clusters', version: '0.3.0' }, { capabilities: { tools: {} } });

const clusters = new Map<string, string>();
let allowedRoots: string[] = [];

server.setRequestHandler(InitializeRequestSchema, async (request) => {
  const options = (request.params as { initializationOptions?: { clusters?: Record<string, string> } }).initializationOptions;
  for (const [name, url] of Object.entries(options?.clusters ?? {})) clusters.set(name, url);
  return {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: { tools: {} },
    serverInfo: { name: 'clusters', version: '0.3.0' },
  };
});

server.setNotificationHandler(InitializedNotificationSchema, async () => {
  const { roots } = await server.listRoots();
  allowedRoots = roots.map((root) => root.uri);
});
