/**
 * A low-level SDK v2 server whose list handler names the client it talks to. The handler takes no
 * parameters, so reaching the request's envelope needs its context: `(_request, ctx)` is added.
 */
import { Server, CLIENT_INFO_META_KEY, type Implementation } from '@modelcontextprotocol/server';

export const server = new Server({ name: 'about', version: '1.0.0' }, { capabilities: { resources: {} } });

server.setRequestHandler('resources/list', async (_request, ctx) => {
  const client =
    (ctx.mcpReq.envelope as { [CLIENT_INFO_META_KEY]?: Implementation } | undefined)?.[CLIENT_INFO_META_KEY] ??
    server.getClientVersion();
  return {
    resources: [{ uri: 'about://client', name: 'client', description: `Notes for ${client?.name ?? 'your client'}` }],
  };
});
