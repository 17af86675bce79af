// @ts-check
/**
 * Elicitation in plain JavaScript (v2): the handler computes what it asks about before the request
 * and reports it after, so it holds state across the await.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** @type {Map<string, string[]>} */
const folders = new Map([['inbox', ['a.txt', 'b.txt']]]);

export function buildServer() {
  const server = new McpServer({ name: 'files', version: '1.0.0' }, { capabilities: {} });

  server.registerTool(
    'empty_folder',
    { description: 'Delete every file of a folder after the user confirms.', inputSchema: z.object({ folder: z.string() }) },
    async ({ folder }, ctx) => {
      const files = folders.get(folder) ?? [];
      const count = files.length;
      const answer = await ctx.mcpReq.elicitInput({
        mode: 'form',
        message: `Delete ${count} files from ${folder}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Kept everything.' }] };
      }
      folders.set(folder, []);
      return { content: [{ type: 'text', text: `Deleted ${count} files.` }] };
    },
  );

  return server;
}
