/**
 * A low-level SDK v2 server whose list handler names the client it talks to. The handler takes no
 * parameters, so reaching the request's envelope needs its context: `(_request, ctx)` is added.
 */
import { Server } from '@modelcontextprotocol/server';

export const server = new Server({ name: 'about', version: '1.0.0' }, { capabilities: { resources: {} } });

server.setRequestHandler('resources/list', async () => {
  const client = server.getClientVersion();
  return {
    resources: [{ uri: 'about://client', name: 'client', description: `Notes for ${client?.name ?? 'your client'}` }],
  };
});
