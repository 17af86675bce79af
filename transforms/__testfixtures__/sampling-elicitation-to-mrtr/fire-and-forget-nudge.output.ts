/**
 * A sign-in nudge shown to anonymous callers beside a tool's answer (upstash/context7's shape): the
 * elicitation is fired and forgotten, its answer unread, so the docs never wait on the user.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

interface ClientContext {
  apiKey?: string;
  shouldPrompt?: boolean;
}

export function maybeElicitSignIn(server: McpServer, ctx: ClientContext): void {
  if (ctx.apiKey || !ctx.shouldPrompt) return;
  if (!server.server.getClientCapabilities()?.elicitation) return;

  // @mcp-migrate-todo(server-push/elicitation): Elicitation (elicitInput) sent from `maybeElicitSignIn`, which the tool `query-docs` calls, not from a request handler itself, fire-and-forget (nothing reads its answer): 2026-07-28 has no channel to push it on (the SDK refuses it on a 2026-era request), so it reaches 2025-era clients only. An input request would replace the tool's result and make the client retry, which an optional prompt is not worth: keep it for 2025-era clients or drop it. Where a tool does need the answer, return inputRequired({ inputRequests: { k: inputRequired.elicit(…) } }) from that tool's handler and read inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry.
  void server.server
    .elicitInput({
      message: 'You are using the docs anonymously. Run `npx docs-cli login` for higher rate limits.',
      requestedSchema: {
        type: 'object',
        properties: { choice: { type: 'string', title: 'How would you like to continue?', enum: ['Sign in', 'Stay anonymous'] } },
        required: ['choice'],
      },
    })
    .catch(() => {
      // A missed nudge never affects the tool result.
    });
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.registerTool('query-docs', { description: 'Search the docs', inputSchema: z.object({ query: z.string() }) }, async ({ query }) => {
    maybeElicitSignIn(server, { shouldPrompt: true });
    return { content: [{ type: 'text', text: `No results for ${query}.` }] };
  });
  return server;
}
