import { McpServer } from '@modelcontextprotocol/server';
import { announceCatalogue, beginUpdates, subscribed } from './lib/updates.js';

export function createServer() {
  const server = new McpServer({ name: 'updates', version: '1.0.0' }, { capabilities: { resources: { subscribe: true }, tools: {} } });
  server.registerTool('watch', { description: 'Watch a resource for changes.' }, async () => {
    subscribed.add('file:///data.txt');
    beginUpdates(server);
    announceCatalogue(server);
    return { content: [{ type: 'text', text: 'watching' }] };
  });
  return server;
}
