// Helpers a handler passes its context to. `audit` types it inline with v1's context keys: it is
// typed as v2's context and its reads remapped, so the call `audit(ctx, …)` still type-checks.
// `cancelled` is typed with v1's RequestHandlerExtra: the official codemod migrates it, and its
// "context object is forwarded" comment is then stale (dropped).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** One audit line per call: which request, in which session. */
function audit(extra: { sessionId?: string; requestId: unknown }, tool: string): string {
  return `${tool} request=${String(extra.requestId)} session=${extra.sessionId ?? '-'}`;
}

function cancelled(extra: RequestHandlerExtra<ServerRequest, ServerNotification>): boolean {
  return extra.signal.aborted;
}

export const server = new McpServer({ name: 'audit', version: '1.0.0' });

server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }, extra) => {
  console.error(audit(extra, 'echo'));
  if (cancelled(extra)) return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
  return { content: [{ type: 'text', text }] };
});
