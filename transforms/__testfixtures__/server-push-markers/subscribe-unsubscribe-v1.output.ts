// A low-level server that keeps which resources the client watches: one handler subscribes, the other unsubscribes.
// Each gets its own marker, naming the method it handles.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'watcher', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } });
const watched = new Set<string>();

// @mcp-migrate-todo(server-push/resource-subscription): resources/subscribe is legacy-only on 2026-07-28: clients open subscriptions/listen (answered by createMcpHandler/serveStdio) and its filter replaces this bookkeeping. Publish updates with handler.notify.resourceUpdated(uri) (HTTP; share a ServerEventBus across instances) or server.server.sendResourceUpdated under serveStdio.
server.setRequestHandler(SubscribeRequestSchema, async (request) => {
  watched.add(request.params.uri);
  return {};
});

// @mcp-migrate-todo(server-push/resource-subscription): resources/unsubscribe is legacy-only on 2026-07-28: clients open subscriptions/listen (answered by createMcpHandler/serveStdio) and its filter replaces this bookkeeping. Publish updates with handler.notify.resourceUpdated(uri) (HTTP; share a ServerEventBus across instances) or server.server.sendResourceUpdated under serveStdio.
server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
  watched.delete(request.params.uri);
  return {};
});

export { server, watched };
