// @ts-check
/**
 * The same gate in plain JavaScript (SDK v2): the flag feeding the `if` is read in the handler too, so
 * the handler computes it from its own request's envelope and the registration becomes unconditional.
 */
import { McpServer, CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** @param {McpServer} server */
export function registerSummaryTools(server) {
  server.registerTool('summarize_notes', { description: 'Summarize the open notes.', inputSchema: z.object({ folder: z.string() }) }, async ({ folder }, ctx) => {
    const caps = /** @type {{ [CLIENT_CAPABILITIES_META_KEY]?: import('@modelcontextprotocol/server').ClientCapabilities } | undefined} */ (ctx.mcpReq.envelope)?.[CLIENT_CAPABILITIES_META_KEY] ?? server.server.getClientCapabilities();
    const canSample = caps?.sampling !== undefined;
    const mode = canSample ? `asking the client model about ${folder}` : 'no model';
    return { content: [{ type: 'text', text: mode }] };
  });
}

export const server = new McpServer({ name: 'notes', version: '0.9.0' });
registerSummaryTools(server);
