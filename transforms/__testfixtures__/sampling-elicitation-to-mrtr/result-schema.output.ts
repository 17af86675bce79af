/**
 * Sampling sent with an explicit result schema (the form the official codemod leaves for a v1
 * `extra.sendRequest(request, schema)`). Once the call becomes an MRTR result the schema's import is
 * unused and goes; the roots result schema, already unused before, is left alone.
 */
import { ListRootsResultSchema } from '@modelcontextprotocol/core';
import {
  McpServer,
  type CallToolResult,
  inputRequired,
  inputResponse,
  type CreateMessageResult,
  type InputRequiredResult,
} from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'haiku', version: '1.0.0' });

  server.registerTool(
    'haiku',
    { description: 'Ask the client model for a haiku.', inputSchema: z.object({ topic: z.string() }) },
    async ({ topic }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      const resultResponse = inputResponse(ctx.mcpReq.inputResponses, 'result');
      if (resultResponse.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            result: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `A haiku about ${topic}` } }],
              maxTokens: 80,
            }),
          },
        });
      }
      if (resultResponse.kind !== 'sampling') {
        return {
          content: [{ type: 'text' as const, text: `Expected a sampling response for "result", got "${resultResponse.kind}".` }],
          isError: true,
        };
      }
      const result = resultResponse.result as CreateMessageResult;
      return { content: [{ type: 'text', text: result.content.type === 'text' ? result.content.text : '' }] };
    },
  );

  return server;
}
