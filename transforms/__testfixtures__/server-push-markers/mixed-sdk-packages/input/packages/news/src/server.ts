/**
 * The same server in a package that stays on SDK 1.x (apply held its SDK move back) while its neighbour
 * moved to v2: its resource-updated send keeps its marker (SDK 1.x has no subscriptions/listen), and the
 * v2 package beside it still publishes to its own bus.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const subscribers = new Set<string>();

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'news', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } });

  const admin = server.registerTool('admin_reset', { description: 'Reset everything.' }, async () => ({ content: [{ type: 'text', text: 'reset' }] }));
  admin.disable();


  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscribers.add(request.params.uri);
    return {};
  });

  server.registerTool('unlock_admin', { description: 'Unlock the admin tools.' }, async () => {
    admin.enable();
    server.sendToolListChanged();
    return { content: [{ type: 'text', text: 'unlocked' }] };
  });

  server.registerTool('touch', { description: 'Touch the live resource.' }, async () => {
    for (const uri of subscribers) await server.server.sendResourceUpdated({ uri });
    await server.server.ping();
    return { content: [{ type: 'text', text: 'touched' }] };
  });

  return server;
}
