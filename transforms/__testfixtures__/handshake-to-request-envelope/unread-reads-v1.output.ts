/**
 * Capability reads nothing reads any more (SDK 1.x): the tool that used them was retired, the `const`s
 * stayed. They are pure reads, so they go; a read something still uses keeps its marker.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const registerResearchTool = (server: McpServer) => {
  server.tool('research', 'Research a topic.', async () => ({ content: [{ type: 'text', text: 'done' }] }));
};

export const describeClient = (server: McpServer) => {
  // @mcp-migrate-todo(handshake/client-capabilities): getClientCapabilities() on SDK 1.x reads what the client sent in its initialize: once the server is served statelessly (a server per request, as 2026-07-28 needs), the server answering a request never sees an initialize, so getClientCapabilities() is undefined there. Do not depend on it (treat the client as unknown; if this only gated a registration, register unconditionally and delete it), or move to SDK v2 and read ctx.mcpReq.envelope in the handler (CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY).
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const canSample = clientCapabilities.sampling !== undefined;
  return canSample ? 'can sample' : 'cannot sample';
};
