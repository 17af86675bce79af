// @ts-check
/**
 * The same prerequisite in plain JavaScript on SDK 1.x: the error class comes from the types module
 * and the tool is registered with the 1.x registerTool API.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

let termsAccepted = false;

export function buildServer() {
  const server = new McpServer({ name: 'store', version: '0.4.0' });

  server.registerTool('checkout', { description: 'Place the order in the cart.', inputSchema: { cartId: z.string() } }, async ({ cartId }) => {
    if (!termsAccepted) {
      // @mcp-migrate-todo(server-push/elicitation): UrlElicitationRequiredError (-32042) was removed in 2026-07-28: the client is sent to the URL by an input request instead. Return inputRequired({ inputRequests: { k: inputRequired.elicitUrl({ message, url }) } }) from the handler (it has no elicitationId) and, at the top of the handler, read inputResponse(ctx.mcpReq.inputResponses, 'k') so the retry continues instead of asking again; bookkeeping that remembered who was already asked goes (carry what the retry needs in requestState).
      throw new UrlElicitationRequiredError([{ mode: 'url', url: 'https://store.example.com/terms', message: 'Accept the terms of sale.', elicitationId: `terms-${cartId}` }]);
    }
    return { content: [{ type: 'text', text: `Order for cart ${cartId} placed.` }] };
  });

  return server;
}

export function acceptTerms() {
  termsAccepted = true;
}
