/**
 * Sampling sent with an explicit result schema (the form the official codemod leaves for a v1
 * `extra.sendRequest(request, schema)`). Once the call becomes an MRTR result the schema's import is
 * unused and goes; the roots result schema, already unused before, is left alone.
 */
import { CreateMessageResultSchema, ListRootsResultSchema } from '@modelcontextprotocol/core';
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'haiku', version: '1.0.0' });

  server.registerTool(
    'haiku',
    { description: 'Ask the client model for a haiku.', inputSchema: z.object({ topic: z.string() }) },
    async ({ topic }, ctx): Promise<CallToolResult> => {
      const result = await ctx.mcpReq.send(
        {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: `A haiku about ${topic}` } }], maxTokens: 80 },
        },
        CreateMessageResultSchema,
      );
      return { content: [{ type: 'text', text: result.content.type === 'text' ? result.content.text : '' }] };
    },
  );

  return server;
}
