/**
 * Raw server→client requests (v2): a sampling request built as a message object and sent with
 * `ctx.mcpReq.send`, a roots listing through the server, in handlers that declare their return type.
 */
import { McpServer, type CallToolResult, type CreateMessageRequest } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'raw-requests', version: '1.0.0' });

  server.registerTool(
    'summarise',
    { description: 'Ask the client model for a summary.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }, ctx): Promise<CallToolResult> => {
      const request: CreateMessageRequest = {
        method: 'sampling/createMessage',
        params: {
          messages: [{ role: 'user', content: { type: 'text', text: `Summarise: ${text}` } }],
          maxTokens: 200,
        },
      };
      const result = await ctx.mcpReq.send(request);
      return { content: [{ type: 'text', text: JSON.stringify(result.content) }] };
    },
  );

  server.registerTool('list_workspace', { description: 'Show the client roots.' }, async () => {
    const listing = await server.server.listRoots();
    return { content: [{ type: 'text', text: listing.roots.map((r) => r.uri).join('\n') }] };
  });

  return server;
}
