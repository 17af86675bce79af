/**
 * Capability reads nothing reads any more (SDK 1.x): the tool that used them was retired, the `const`s
 * stayed. They are pure reads, so they go; a read something still uses keeps its marker.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const registerResearchTool = (server: McpServer) => {
  server.tool('research', 'Research a topic.', async () => ({ content: [{ type: 'text', text: 'done' }] }));
};

export const describeClient = (server: McpServer) => {
  // @mcp-migrate-todo(handshake/client-capabilities): getClientCapabilities() is read outside a request handler: 2026-07-28 has no initialize, every request carries the client's capabilities and identity in its own _meta envelope. Read ctx.mcpReq.envelope in the handler that needs it (CLIENT_CAPABILITIES_META_KEY / CLIENT_INFO_META_KEY); if this only gated a registration, register unconditionally and delete it.
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const canSample = clientCapabilities.sampling !== undefined;
  return canSample ? 'can sample' : 'cannot sample';
};
