// Helpers a handler passes its context to. `audit` types it inline with v1's context keys: it is
// typed as v2's context and its reads remapped, so the call `audit(ctx, …)` still type-checks.
// `cancelled` is typed with v1's RequestHandlerExtra: the official codemod migrates it, and its
// "context object is forwarded" comment is then stale (dropped).
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** One audit line per call: which request, in which session. */
function audit(ctx: ServerContext, tool: string): string {
  return `${tool} request=${String(ctx.mcpReq.id)} session=${ctx.sessionId ?? '-'}`;
}

function cancelled(extra: ServerContext): boolean {
  return extra.mcpReq.signal.aborted;
}

export const server = new McpServer({ name: 'audit', version: '1.0.0' });

server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }, ctx) => {
  console.error(audit(ctx, 'echo'));
  if (cancelled(ctx)) return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
  return { content: [{ type: 'text', text }] };
});
