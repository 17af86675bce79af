/**
 * Capability reads nothing reads any more (SDK 1.x): the tool that used them was retired, the `const`s
 * stayed. They are pure reads, so they go; a read something still uses keeps its marker.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const registerResearchTool = (server: McpServer) => {
  // Check if client supports elicitation (needed for input_required flow)
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const clientSupportsElicitation: boolean =
    clientCapabilities.elicitation !== undefined;

  server.tool('research', 'Research a topic.', async () => ({ content: [{ type: 'text', text: 'done' }] }));
};

export const describeClient = (server: McpServer) => {
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const canSample = clientCapabilities.sampling !== undefined;
  return canSample ? 'can sample' : 'cannot sample';
};
