/**
 * A notifications/elicitation/complete built by hand (iceener/spotify-streamable-mcp-server's
 * `notifyElicitationComplete`): it asks the client nothing, so the advice is to drop it, as for the SDK's notifier,
 * not to turn it into an input request.
 */
import { McpServer } from '@modelcontextprotocol/server';

export async function notifyElicitationComplete(server: McpServer, elicitationId: string): Promise<void> {
  // @mcp-migrate-todo(server-push/elicitation): notifications/elicitation/complete sent by hand, which 2026-07-28 removed (a 2026-era client never receives it): drop it. A URL elicitation is an input request the client answers on its retry (inputRequired.elicitUrl({ message, url }), read with inputResponse(ctx.mcpReq.inputResponses, 'k')); correlate that retry with your own id in requestState.
  await server.server.notification({
    method: 'notifications/elicitation/complete',
    params: { elicitationId },
  });
}
