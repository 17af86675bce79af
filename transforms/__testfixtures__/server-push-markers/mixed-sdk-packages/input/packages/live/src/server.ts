/**
 * Server push on SDK v2: subscribe bookkeeping (marked), a per-connection tool toggle and the
 * list-changed send beside it (marked: one instance's list changed, not the server's), resource-updated
 * sends from a tool (→ publishServerEvent, the generated module) and a ping (removed).
 */
import { McpServer } from '@modelcontextprotocol/server';

const subscribers = new Set<string>();

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'live', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } });

  const admin = server.registerTool('admin_reset', { description: 'Reset everything.' }, async () => ({ content: [{ type: 'text', text: 'reset' }] }));
  admin.disable();

  server.server.setRequestHandler('resources/subscribe', async (request) => {
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
