// A type imported from a v1 module's declaration file (`server/index.d.ts` rather than `server/index.js`, as
// haroldadmin/fastify-mcp imports `Server`) is the same module: it goes to v2 with the names it is used with.
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { Server } from '@modelcontextprotocol/server';

export async function connectStateless(createServer: () => Server): Promise<NodeStreamableHTTPServerTransport> {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await createServer().connect(transport);
  return transport;
}
