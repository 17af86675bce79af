/**
 * The stdio transport is loaded lazily, so that a test importing the factory does not pull it in (selfagency/beans-mcp,
 * sweep 35 AI4): the lazy import now takes `serveStdio` from the same entry, and no static import of it is added (the
 * transport binding would otherwise stay, unused).
 */
import { McpServer } from '@modelcontextprotocol/server';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'beans', version: '0.5.0' });
  server.registerTool('status', { description: 'Status' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  return server;
}

export async function start(): Promise<void> {
  // Loaded lazily so that importing createServer from tests does not pull the transport in.
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  serveStdio(createServer);
}
