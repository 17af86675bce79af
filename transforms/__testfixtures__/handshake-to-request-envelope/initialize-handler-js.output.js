// @ts-check
/**
 * A low-level SDK 1.x server that answers initialize itself to remember which client it talks to.
 * A 2026-07-28 client never sends initialize, so the handler gets a marker; the tool keeps working.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, InitializeRequestSchema, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export const server = new Server({ name: 'greeter', version: '1.4.0' }, { capabilities: { tools: {} } });

let clientName = 'unknown client';

// @mcp-migrate-todo(handshake/initialize-handler): custom initialize handler: 2026-07-28 clients never send the handshake, so it runs for 2025-era clients only. What it records (client info, capabilities, protocol version) arrives with every request in _meta: read ctx.mcpReq.envelope (CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY) in the handler that needs it. Keep this handler only for the legacy path (the SDK answers initialize itself).
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
