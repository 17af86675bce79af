// The v1 package's `exports` name two directories by their index: its `server` subpath is server/index.js
// (`Server`) and its `client` subpath is client/index.js (`Client`), as neondatabase/mcp-server-neon imports
// them. The official codemod knows them only by file.
import { Server } from '@modelcontextprotocol/sdk/server';
import { Client } from '@modelcontextprotocol/sdk/client';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export function buildServer(): Server {
  const server = new Server({ name: 'aliases', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
  return server;
}

export async function selfTest(): Promise<number> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await buildServer().connect(serverSide);
  const client = new Client({ name: 'self-test', version: '1.0.0' });
  await client.connect(clientSide);
  return (await client.listTools()).tools.length;
}
