// @ts-check
/**
 * Capability gates that stay (SDK 1.x, plain JavaScript): the flag is read again inside the handler,
 * or the gate has an else branch. Each gate is one construct: one marker, on the capability read
 * it starts from.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function registerSummaryTools(server) {
  // @mcp-migrate-todo(handshake/client-capabilities): getClientCapabilities() feeds the `if` below: registration gated on the client capabilities from initialize: once the server is served statelessly (a server per request, as 2026-07-28 needs), the server answering a request never saw the initialize, so the capabilities are undefined there and the gated tools are never listed. Register unconditionally (tool lists must not vary per connection); SDK 1.x carries no capabilities with a request, so a handler that needs one answers an error result when what it asks of the client fails (on SDK v2 it checks ctx.mcpReq.envelope).
  const caps = server.server.getClientCapabilities();
  const canSample = Boolean(caps?.sampling);

  if (canSample) {
    server.tool('summarize_notes', 'Summarize the open notes.', async () => ({
      content: [{ type: 'text', text: canSample ? 'asking the client model' : 'no model' }],
    }));
  }

  // @mcp-migrate-todo(handshake/client-capabilities): registration gated on the client capabilities from initialize: once the server is served statelessly (a server per request, as 2026-07-28 needs), the server answering a request never saw the initialize, so the capabilities are undefined there and the gated tools are never listed. Register unconditionally (tool lists must not vary per connection); SDK 1.x carries no capabilities with a request, so a handler that needs one answers an error result when what it asks of the client fails (on SDK v2 it checks ctx.mcpReq.envelope).
  if (server.server.getClientCapabilities()?.elicitation) {
    server.tool('confirm_archive', 'Archive after confirmation.', async () => ({ content: [{ type: 'text', text: 'archived' }] }));
  } else {
    server.tool('archive', 'Archive without asking.', async () => ({ content: [{ type: 'text', text: 'archived' }] }));
  }
}

export const server = new McpServer({ name: 'notes', version: '0.9.0' });
registerSummaryTools(server);
