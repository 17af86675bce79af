/**
 * Helpers that destructure the context a tool callback hands them, from a callback with an expression
 * body (the official codemod leaves no "forwarded" comment there), as nickytonline/mcp-typescript-template
 * does: each helper's inline v1 type becomes v2's context, named `ctx` like the handlers' own, so
 * `echo(args, ctx)` still type-checks. `echo` logs its session id only beside the request id: that field
 * goes (there is no session on 2026-07-28) and the request id is read as `ctx.mcpReq.id`. `greet` also
 * puts the session id in its answer: it stays destructured, beside `mcpReq: { id: requestId }`, for the
 * session-state rewrite to decide.
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

async function echo(args: { message: string }, ctx: ServerContext): Promise<CallToolResult> {
  const toolName = 'echo';
  const requestId = ctx.mcpReq.id;
  try {
    return { content: [{ type: 'text', text: args.message }] };
  } finally {
    console.error(JSON.stringify({ toolName, requestId }));
    console.error(JSON.stringify({ toolName, requestId, action: 'done' }));
  }
}

async function greet(args: { name: string }, ctx: ServerContext): Promise<CallToolResult> {
  const { sessionId, mcpReq: { id: requestId } } = ctx;
  console.error(JSON.stringify({ tool: 'greet', requestId }));
  return { content: [{ type: 'text', text: `Hello ${args.name} (session ${sessionId ?? 'none'})` }] };
}

export const server = new McpServer({ name: 'echo', version: '1.0.0' });

server.registerTool('echo', { inputSchema: z.object({ message: z.string() }) }, (args, ctx) => echo(args, ctx));
server.registerTool('greet', { inputSchema: z.object({ name: z.string() }) }, (args, ctx) => greet(args, ctx));
