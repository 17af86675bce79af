/**
 * Reliance on initialize (SDK v2): a tool that reads the client's capabilities and version, a
 * registration gated on the negotiated capabilities, and work started in oninitialized.
 */
import { McpServer, CLIENT_CAPABILITIES_META_KEY, type ClientCapabilities, CLIENT_INFO_META_KEY, type Implementation } from '@modelcontextprotocol/server';

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'client-aware', version: '1.0.0' });

  server.registerTool('whoami', { description: 'Describe the calling client.' }, async (ctx) => {
    const caps = (ctx.mcpReq.envelope as { [CLIENT_CAPABILITIES_META_KEY]?: ClientCapabilities } | undefined)?.[CLIENT_CAPABILITIES_META_KEY] ?? server.server.getClientCapabilities();
    const client = (ctx.mcpReq.envelope as { [CLIENT_INFO_META_KEY]?: Implementation } | undefined)?.[CLIENT_INFO_META_KEY] ?? server.server.getClientVersion();
    return { content: [{ type: 'text', text: `${client?.name ?? 'unknown'} sampling=${caps?.sampling !== undefined}` }] };
  });

  // Registered when the server is built: a 2026-07-28 client sends no initialize, so oninitialized never fires for it.
  server.registerTool('confirm', { description: 'Ask the user to confirm.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));

  return server;
}
