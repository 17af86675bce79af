/**
 * Helpers that destructure the context a tool callback hands them, from a callback with an expression
 * body (the official codemod leaves no "forwarded" comment there), as nickytonline/mcp-typescript-template
 * does: each helper's inline v1 type becomes v2's context, named `ctx` like the handlers' own, so
 * `echo(args, ctx)` still type-checks. `echo` logs its session id only beside the request id: that field
 * goes (there is no session on 2026-07-28) and the request id is read as `ctx.mcpReq.id`. `greet` also
 * puts the session id in its answer: it stays destructured, beside `mcpReq: { id: requestId }`, for the
 * session-state rewrite to decide.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

async function echo(args: { message: string }, extra: { sessionId?: string; requestId: unknown }): Promise<CallToolResult> {
  const toolName = 'echo';
  const { sessionId, requestId } = extra;
  try {
    return { content: [{ type: 'text', text: args.message }] };
  } finally {
    console.error(JSON.stringify({ toolName, sessionId, requestId }));
    console.error(JSON.stringify({ toolName, sessionId, requestId, action: 'done' }));
  }
}

async function greet(args: { name: string }, extra: { sessionId?: string; requestId: unknown }): Promise<CallToolResult> {
  const { sessionId, requestId } = extra;
  console.error(JSON.stringify({ tool: 'greet', requestId }));
  return { content: [{ type: 'text', text: `Hello ${args.name} (session ${sessionId ?? 'none'})` }] };
}

export const server = new McpServer({ name: 'echo', version: '1.0.0' });

server.registerTool('echo', { inputSchema: { message: z.string() } }, (args, extra) => echo(args, extra));
server.registerTool('greet', { inputSchema: { name: z.string() } }, (args, extra) => greet(args, extra));
