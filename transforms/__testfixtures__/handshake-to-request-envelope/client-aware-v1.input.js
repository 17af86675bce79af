// @ts-check
/**
 * SDK 1.x in JavaScript: no per-request envelope exists, so every use of the handshake is marked.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function buildServer() {
  const server = new McpServer({ name: 'client-aware', version: '1.0.0' });

  server.registerTool('whoami', { description: 'Describe the calling client.' }, async () => {
    const client = server.server.getClientVersion();
    return { content: [{ type: 'text', text: client?.name ?? 'unknown' }] };
  });

  server.server.oninitialized = () => {
    console.error('client ready', server.server.getClientVersion()?.name);
  };

  return server;
}
