// @ts-check
/**
 * The same gate in plain JavaScript (SDK v2): the flag feeding the `if` is read in the handler too, so
 * the handler computes it from its own request's envelope and the registration becomes unconditional.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** @param {McpServer} server */
export function registerSummaryTools(server) {
  const caps = server.server.getClientCapabilities();
  const canSample = caps?.sampling !== undefined;

  if (canSample) {
    server.registerTool('summarize_notes', { description: 'Summarize the open notes.', inputSchema: z.object({ folder: z.string() }) }, async ({ folder }) => {
      const mode = canSample ? `asking the client model about ${folder}` : 'no model';
      return { content: [{ type: 'text', text: mode }] };
    });
  }
}

export const server = new McpServer({ name: 'notes', version: '0.9.0' });
registerSummaryTools(server);
