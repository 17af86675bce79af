/**
 * Reliance on initialize (SDK v2): a tool that reads the client's capabilities and version, a
 * registration gated on the negotiated capabilities, and work started in oninitialized.
 */
import { McpServer } from '@modelcontextprotocol/server';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'client-aware', version: '1.0.0' });

  server.registerTool('whoami', { description: 'Describe the calling client.' }, async (ctx) => {
    const caps = server.server.getClientCapabilities();
    const client = server.server.getClientVersion();
    return { content: [{ type: 'text', text: `${client?.name ?? 'unknown'} sampling=${caps?.sampling !== undefined}` }] };
  });

  server.server.oninitialized = () => {
    const capabilities = server.server.getClientCapabilities() ?? {};
    if (capabilities.elicitation) {
      server.registerTool('confirm', { description: 'Ask the user to confirm.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
    }
  };

  return server;
}
