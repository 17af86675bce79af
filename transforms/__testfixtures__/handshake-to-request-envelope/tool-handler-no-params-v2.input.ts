/**
 * A tool with an input schema whose handler reads no arguments (`async () => …`), reading the client's identity
 * for telemetry (browserstack/mcp-server): the handler is given the arguments it ignores and its context, and
 * reads the identity from the request's envelope.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

function track(event: string, client: { name: string; version: string } | undefined): void {
  console.error(event, client?.name ?? 'unknown');
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'percy', version: '1.0.0' });
  server.registerTool('list_test_files', { description: 'List test files', inputSchema: z.object({ dir: z.string().optional() }) }, async () => {
    track('list_test_files', server.server.getClientVersion());
    return { content: [{ type: 'text', text: '[]' }] };
  });
  return server;
}
