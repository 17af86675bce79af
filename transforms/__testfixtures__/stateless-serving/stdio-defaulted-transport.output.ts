/**
 * The entry takes a transport from its caller (a test harness hands in an in-memory one) and makes a stdio transport
 * when none is given (MiguelTVMS/tplink-omada-mcp's `startServer`, sweep 34 AH6): `serveStdio` has that same default,
 * so the transport becomes its `transport` option, and the log line reading it stays.
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';

export function createServer(apiUrl: string): McpServer {
  const server = new McpServer({ name: 'omada', version: '0.3.0' });
  server.registerTool('list-sites', { description: 'List the controller sites' }, async () => ({
    content: [{ type: 'text', text: await fetch(`${apiUrl}/sites`).then((r) => r.text()) }],
  }));
  return server;
}

export async function startServer(apiUrl: string, transport?: Transport): Promise<void> {
  const activeTransport = transport ?? new StdioServerTransport();
  console.error('Connecting server', { transport: activeTransport.constructor.name });
  serveStdio(() => createServer(apiUrl), { transport: activeTransport });
}
