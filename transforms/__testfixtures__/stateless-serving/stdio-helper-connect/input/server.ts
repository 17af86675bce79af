/**
 * playwright-mcp's shape: a function of the project builds a backend from the factory it is handed, a server
 * around it, and connects that server to the transport it is given (used by the stdio entry in transport.ts).
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { Transport } from '@modelcontextprotocol/server';

export interface ServerBackend {
  name: string;
  visit(url: string): Promise<string>;
}
export type ServerBackendFactory = () => ServerBackend;

export function createServer(backend: ServerBackend, runHeartbeat: boolean): McpServer {
  const server = new McpServer({ name: backend.name, version: '1.0.0' });
  server.registerTool('visit', { description: 'Opens a page in this connection\'s backend.' }, async () => ({
    content: [{ type: 'text', text: await backend.visit('about:blank') }],
  }));
  if (runHeartbeat) console.error('heartbeat on');
  return server;
}

export async function connect(serverBackendFactory: ServerBackendFactory, transport: Transport, runHeartbeat: boolean) {
  const backend = serverBackendFactory();
  const server = createServer(backend, runHeartbeat);
  await server.connect(transport);
}
