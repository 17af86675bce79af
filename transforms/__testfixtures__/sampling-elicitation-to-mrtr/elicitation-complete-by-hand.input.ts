/**
 * A notifications/elicitation/complete built by hand (iceener/spotify-streamable-mcp-server's
 * `notifyElicitationComplete`): it asks the client nothing, so the advice is to drop it, as for the SDK's notifier,
 * not to turn it into an input request.
 */
import { McpServer } from '@modelcontextprotocol/server';

export async function notifyElicitationComplete(server: McpServer, elicitationId: string): Promise<void> {
  await server.server.notification({
    method: 'notifications/elicitation/complete',
    params: { elicitationId },
  });
}
