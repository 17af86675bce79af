/**
 * Registration gated on the negotiated capabilities (SDK v2), the way the everything server did it:
 * the tool exists only for clients that declared sampling in initialize.
 */
import { McpServer } from '@modelcontextprotocol/server';

function registerStatusTool(server: McpServer): void {
  server.registerTool('status', { description: 'Server status.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
}

export const registerSamplingTools = (server: McpServer) => {
  server.registerTool('summarise', { description: 'Summarise with the client model.' }, async () => ({
    content: [{ type: 'text', text: 'summary' }],
  }));
  registerStatusTool(server);
};
