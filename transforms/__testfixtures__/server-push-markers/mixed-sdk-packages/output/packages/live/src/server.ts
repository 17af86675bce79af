/**
 * Server push on SDK v2: subscribe bookkeeping (marked), a per-connection tool toggle and the
 * list-changed send beside it (marked: one instance's list changed, not the server's), resource-updated
 * sends from a tool (→ publishServerEvent, the generated module) and a ping (removed).
 */
import { McpServer } from '@modelcontextprotocol/server';
import { publishServerEvent } from './mcp-server-events.js';

const subscribers = new Set<string>();

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'live', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } });

  const admin = server.registerTool('admin_reset', { description: 'Reset everything.' }, async () => ({ content: [{ type: 'text', text: 'reset' }] }));
  // @mcp-migrate-todo(server-push/tool-toggle): per-connection tool toggle: 2026-07-28 lists must not change per connection or as a side effect of a call, and a per-request server forgets the change. Register the tool unconditionally and make it take a handle argument (e.g. connection_id from the tool that enabled it) that errors until that tool was called.
  admin.disable();

  // @mcp-migrate-todo(server-push/resource-subscription): resources/subscribe is legacy-only on 2026-07-28: clients open subscriptions/listen (answered by createMcpHandler/serveStdio) and its filter replaces this bookkeeping. Publish updates with handler.notify.resourceUpdated(uri) (HTTP; share a ServerEventBus across instances) or server.server.sendResourceUpdated under serveStdio.
  server.server.setRequestHandler('resources/subscribe', async (request) => {
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
    for (const uri of subscribers) await publishServerEvent(server.server, { kind: 'resource_updated', uri });
    return { content: [{ type: 'text', text: 'touched' }] };
  });

  return server;
}
