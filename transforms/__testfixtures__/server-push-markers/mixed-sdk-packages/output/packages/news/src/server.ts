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
  // @mcp-migrate-todo(server-push/tool-toggle): per-connection tool toggle: 2026-07-28 lists must not change per connection or as a side effect of a call, and a per-request server forgets the change. Register the tool unconditionally and make it take a handle argument (e.g. connection_id from the tool that enabled it) that errors until that tool was called.
  admin.disable();


  // @mcp-migrate-todo(server-push/resource-subscription): resources/subscribe is legacy-only on 2026-07-28: clients open subscriptions/listen (answered by createMcpHandler/serveStdio) and its filter replaces this bookkeeping. Publish updates with handler.notify.resourceUpdated(uri) (HTTP; share a ServerEventBus across instances) or server.server.sendResourceUpdated under serveStdio.
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    subscribers.add(request.params.uri);
    return {};
  });

  server.registerTool('unlock_admin', { description: 'Unlock the admin tools.' }, async () => {
    // @mcp-migrate-todo(server-push/tool-toggle): per-connection tool toggle: 2026-07-28 lists must not change per connection or as a side effect of a call, and a per-request server forgets the change. Register the tool unconditionally and make it take a handle argument (e.g. connection_id from the tool that enabled it) that errors until that tool was called.
    admin.enable();
    // @mcp-migrate-todo(server-push/change-notification): unsolicited notification: on 2026-07-28 it reaches only subscriptions/listen streams, and a per-request server has none. Publish with handler.notify.toolsChanged()/resourcesChanged()/promptsChanged()/resourceUpdated(uri) from the createMcpHandler handle (shared ServerEventBus across instances), and never change a list as a side effect of a call.
    server.sendToolListChanged();
    return { content: [{ type: 'text', text: 'unlocked' }] };
  });

  server.registerTool('touch', { description: 'Touch the live resource.' }, async () => {
    // @mcp-migrate-todo(server-push/change-notification): unsolicited notification: on 2026-07-28 it reaches only subscriptions/listen streams, and a per-request server has none. Publish with handler.notify.toolsChanged()/resourcesChanged()/promptsChanged()/resourceUpdated(uri) from the createMcpHandler handle (shared ServerEventBus across instances), and never change a list as a side effect of a call.
    for (const uri of subscribers) await server.server.sendResourceUpdated({ uri });
    return { content: [{ type: 'text', text: 'touched' }] };
  });

  return server;
}
