// A low-level server that keeps which resources the client watches: one handler subscribes, the other unsubscribes.
// Each gets its own marker, naming the method it handles.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'watcher', version: '1.0.0' }, { capabilities: { resources: { subscribe: true } } });
const watched = new Set<string>();

server.setRequestHandler(SubscribeRequestSchema, async (request) => {
  watched.add(request.params.uri);
  return {};
});

server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
  watched.delete(request.params.uri);
  return {};
});

export { server, watched };
