/**
 * SDK 1.x, migrated with --target stateless-v1: sampling stays a server→client request, which the
 * stateless v1 server cannot answer; the multi-round-trip form needs SDK v2.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'gifts', version: '1.0.0' });

  server.registerTool('gift_note', { description: 'Write a gift note.', inputSchema: { recipient: z.string() } }, async ({ recipient }, extra) => {
    // @mcp-migrate-todo(deprecated-feature/sampling): Sampling (createMessage) is a server→client request and the stateless v1 server cannot carry it (no session to answer on). The multi-round-trip replacement (return inputRequired(…), read inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry) needs SDK v2 (--target 2026-07-28); on SDK 1.x, take the input as a tool argument instead.
    const reply = await server.server.createMessage(
      { messages: [{ role: 'user', content: { type: 'text', text: `A gift note for ${recipient}` } }], maxTokens: 60 },
      { relatedRequestId: extra.requestId },
    );
    return { content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : '' }] };
  });

  return server;
}
