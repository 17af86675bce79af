/**
 * Raw server→client requests (v2): a sampling request built as a message object and sent with
 * `ctx.mcpReq.send`, a roots listing through the server, in handlers that declare their return type.
 */
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
  const server = new McpServer({ name: 'raw-requests', version: '1.0.0' });

  server.registerTool(
    'summarise',
    { description: 'Ask the client model for a summary.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }, ctx): Promise<CallToolResult | InputRequiredResult> => {
      const resultResponse = inputResponse(ctx.mcpReq.inputResponses, 'result');
      if (resultResponse.kind === 'missing') {
        return inputRequired({
          inputRequests: {
            result: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Summarise: ${text}` } }],
              maxTokens: 200,
            }),
          },
        });
      }
      if (resultResponse.kind !== 'sampling') {
        return {
          content: [
            { type: 'text' as const, text: `Expected a sampling response for "result", got "${resultResponse.kind}".` },
          ],
          isError: true,
        };
      }
      const result = resultResponse.result as CreateMessageResult;
      return { content: [{ type: 'text', text: JSON.stringify(result.content) }] };
    },
  );

  server.registerTool('list_workspace', { description: 'Show the client roots.' }, async (ctx) => {
    const listingResponse = inputResponse(ctx.mcpReq.inputResponses, 'listing');
    if (listingResponse.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          listing: inputRequired.listRoots(),
        },
      });
    }
    if (listingResponse.kind !== 'roots') {
      return {
        content: [
          { type: 'text' as const, text: `Expected a roots response for "listing", got "${listingResponse.kind}".` },
        ],
        isError: true,
      };
    }
    const listing = { roots: listingResponse.roots };
    return { content: [{ type: 'text', text: listing.roots.map((r) => r.uri).join('\n') }] };
  });

  return server;
}
