// A type imported from a v1 module's declaration file (`server/index.d.ts` rather than `server/index.js`, as
// haroldadmin/fastify-mcp imports `Server`) is the same module: it goes to v2 with the names it is used with.
import type { Server } from '@modelcontextprotocol/sdk/server/index.d.ts';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

export async function connectStateless(createServer: () => Server): Promise<StreamableHTTPServerTransport> {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await createServer().connect(transport);
  return transport;
}
