// @ts-check
/**
 * A low-level SDK 1.x server that answers initialize itself to remember which client it talks to.
 * A 2026-07-28 client never sends initialize, so the handler gets a marker; the tool keeps working.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, InitializeRequestSchema, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

export const server = new Server({ name: 'greeter', version: '1.4.0' }, { capabilities: { tools: {} } });

let clientName = 'unknown client';

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
