/**
 * A helper that destructures the context a tool callback hands it, from a callback with an expression
 * body (the official codemod leaves no "forwarded" comment there): the helper's inline v1 type becomes
 * v2's context, and `requestId` is read from `mcpReq.id`, so `echo(args, ctx)` still type-checks.
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

async function echo(args: { message: string }, extra: ServerContext): Promise<CallToolResult> {
  const { sessionId, mcpReq: { id: requestId } } = extra;
  console.error(JSON.stringify({ tool: 'echo', sessionId, requestId }));
  return { content: [{ type: 'text', text: args.message }] };
}

export const server = new McpServer({ name: 'echo', version: '1.0.0' });

server.registerTool('echo', { inputSchema: z.object({ message: z.string() }) }, (args, ctx) => echo(args, ctx));
