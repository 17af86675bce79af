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

// @mcp-migrate-todo(handshake/initialize-handler): custom initialize handler: 2026-07-28 clients never send the handshake, so it runs for 2025-era clients only. It reads `initializationOptions`, which no 2026-07-28 request carries (the handshake is gone, and `_meta` has no such field): take that configuration from the server's own settings (environment, command line, a config file) or from the arguments of the tools that need it. Keep this handler only for the legacy path (the SDK answers initialize itself).
server.setRequestHandler(InitializeRequestSchema, async (request) => {
  const options = (request.params as { initializationOptions?: { clusters?: Record<string, string> } }).initializationOptions;
  for (const [name, url] of Object.entries(options?.clusters ?? {})) clusters.set(name, url);
  return {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: { tools: {} },
    serverInfo: { name: 'clusters', version: '0.3.0' },
  };
});

// @mcp-migrate-todo(handshake/initialize-handler): custom notifications/initialized handler: 2026-07-28 clients never send the handshake, so it runs for 2025-era clients only. What it sets off once a client is initialized (a request to the client such as listRoots, set-up work) never happens for a 2026-07-28 client, and, once the server is served statelessly (a server per request, as 2026-07-28 needs), it happens on a server that answers nothing else: do it in the server factory, or lazily in the request handler that needs it (a question to the client from a tools/call, as an inputRequired result, needs SDK v2). Keep this handler only for the legacy path (the SDK answers initialize itself).
server.setNotificationHandler(InitializedNotificationSchema, async () => {
  const { roots } = await server.listRoots();
  allowedRoots = roots.map((root) => root.uri);
});
