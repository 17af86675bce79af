/**
 * URL-mode elicitation the 2025 way (v2): a tool throws the -32042 error to send the user to a
 * browser sign-in before it can go on, and a callback route tells the client the flow finished.
 */
import { randomUUID } from 'node:crypto';
import { McpServer, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import { z } from 'zod';

const linkedAccounts = new Set<string>();

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'calendar', version: '1.2.0' });

  server.registerTool(
    'list_events',
    { description: 'List the events of a linked calendar.', inputSchema: z.object({ account: z.string() }) },
    async ({ account }) => {
      if (!linkedAccounts.has(account)) {
        // The client opens the sign-in page, then retries this call.
        // @mcp-migrate-todo(server-push/elicitation): UrlElicitationRequiredError (-32042) was removed in 2026-07-28: the client is sent to the URL by an input request instead. Return inputRequired({ inputRequests: { k: inputRequired.elicitUrl({ message, url }) } }) from the handler (it has no elicitationId) and, at the top of the handler, read inputResponse(ctx.mcpReq.inputResponses, 'k') so the retry continues instead of asking again; bookkeeping that remembered who was already asked goes (carry what the retry needs in requestState).
        throw new UrlElicitationRequiredError(
          [{ mode: 'url', url: `https://calendar.example.com/link?account=${encodeURIComponent(account)}`, message: 'Link your calendar first.', elicitationId: randomUUID() }],
          'Calendar not linked.',
        );
      }
      return { content: [{ type: 'text', text: `Events of ${account}: none today.` }] };
    },
  );

  return server;
}

/** Called by the OAuth callback route once the browser flow is done. */
export async function accountLinked(server: McpServer, account: string, elicitationId: string): Promise<void> {
  linkedAccounts.add(account);
  // @mcp-migrate-todo(server-push/elicitation): createElicitationCompletionNotifier() sends notifications/elicitation/complete, which 2026-07-28 removed (the notifier rejects on a 2026-era request): drop it. A URL elicitation is an input request the client answers on its retry (inputRequired.elicitUrl({ message, url }), read with inputResponse(ctx.mcpReq.inputResponses, 'k')); correlate that retry with your own id in requestState.
  const notifyDone = server.server.createElicitationCompletionNotifier(elicitationId);
  await notifyDone();
}
