// @ts-check
/**
 * Capability gates that stay (SDK 1.x, plain JavaScript): the flag is read again inside the handler,
 * or the gate has an else branch. Each gate is one construct: one marker, on the capability read
 * it starts from.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function registerSummaryTools(server) {
  const caps = server.server.getClientCapabilities();
  const canSample = Boolean(caps?.sampling);

  if (canSample) {
    server.tool('summarize_notes', 'Summarize the open notes.', async () => ({
      content: [{ type: 'text', text: canSample ? 'asking the client model' : 'no model' }],
    }));
  }

  if (server.server.getClientCapabilities()?.elicitation) {
    server.tool('confirm_archive', 'Archive after confirmation.', async () => ({ content: [{ type: 'text', text: 'archived' }] }));
  } else {
    server.tool('archive', 'Archive without asking.', async () => ({ content: [{ type: 'text', text: 'archived' }] }));
  }
}

export const server = new McpServer({ name: 'notes', version: '0.9.0' });
registerSummaryTools(server);
