/**
 * The notes server: a low-level `Server` with its handlers, and a cleanup that stops the timer each instance starts.
 */
import { Server } from '@modelcontextprotocol/server';

export interface McpServerWrapper {
  server: Server;
  cleanup: () => void;
}

export function createMcpServer(): McpServerWrapper {
  const server = new Server({ name: 'notes', version: '4.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: [] }));
  const heartbeat = setInterval(() => undefined, 30_000);
  return {
    server,
    cleanup: () => clearInterval(heartbeat),
  };
}
