// @ts-check
/**
 * A low-level SDK 1.x server that answers initialize itself to remember which client it talks to.
 * A 2026-07-28 client never sends initialize, so the handler gets a marker; the tool keeps working.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, InitializeRequestSchema, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export const server = new Server({ name: 'greeter', version: '1.4.0' }, { capabilities: { tools: {} } });

let clientName = 'unknown client';

// @mcp-migrate-todo(handshake/initialize-handler): custom initialize handler: 2026-07-28 clients never send the handshake, so it runs for 2025-era clients only. What it records (client info, capabilities, protocol version) comes once per connection: once the server is served statelessly (a server per request, as 2026-07-28 needs), the server answering a later request never saw it. SDK 1.x carries neither client info nor capabilities with a request: a handler treats the client as unknown and takes the caller's identity from what its request does carry (extra.authInfo?.clientId when authenticated, extra.requestInfo?.headers on HTTP); on SDK v2 the handler that needs it reads ctx.mcpReq.envelope (CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY). Keep this handler only for the legacy path (the SDK answers initialize itself).
server.setRequestHandler(InitializeRequestSchema, async (request) => {
  clientName = request.params.clientInfo.name;
  return {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: { tools: {} },
    serverInfo: { name: 'greeter', version: '1.4.0' },
  };
});

server.setRequestHandler(CallToolRequestSchema, async () => ({
  content: [{ type: 'text', text: `hello, ${clientName}` }],
}));
