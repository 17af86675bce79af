// Already on SDK v2: sdk-v2 leaves it exactly as it is.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const server = new McpServer({ name: 'v2', version: '1.0.0' });

server.registerTool('shout', { inputSchema: z.object({ text: z.string() }) }, async ({ text }, ctx) => {
  if (ctx.mcpReq.signal.aborted) return { content: [], isError: true };
  return { content: [{ type: 'text', text: text.toUpperCase() }] };
});
