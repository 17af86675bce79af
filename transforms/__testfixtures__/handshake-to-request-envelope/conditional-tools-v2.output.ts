/**
 * The everything server's shape (SDK v2): the tools that need a client capability are registered in
 * oninitialized, once initialize has told the server what the client declared, and each helper gates
 * its own registration. A 2026-07-28 client never fires the hook, so those tools would never exist for
 * it: the gates go and the registration moves to the factory, as PR 4551 did. The roots sync that stays
 * in the hook keeps its marker.
 */
import { McpServer } from '@modelcontextprotocol/server';

const registerEchoTool = (server: McpServer) => {
  server.registerTool('echo', { description: 'Echo the input.' }, async () => ({ content: [{ type: 'text', text: 'echo' }] }));
};

const registerSamplingTool = (server: McpServer) => {
  server.registerTool('summarise', { description: 'Summarise with the client model.' }, async () => ({
    content: [{ type: 'text', text: 'summary' }],
  }));
};

const registerElicitationTool = (server: McpServer) => {
  server.registerTool('confirm', { description: 'Ask the user to confirm.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
};

/**
 * Register the tools that are conditional upon client capabilities.
 * These must be registered conditionally, after initialization.
 */
export const registerConditionalTools = (server: McpServer) => {
  registerSamplingTool(server);
  registerElicitationTool(server);
};

const syncRoots = async (server: McpServer) => {
  // @mcp-migrate-todo(handshake/client-capabilities): getClientCapabilities() decides whether to send listRoots(), a request the server sends the client on its own (not an inputRequired result of a handler): only a 2025-era connection carries it, and for a 2026-07-28 client this read is undefined, so the request is skipped and the code for a client without the capability runs instead: check that it is right without the answer (a confirmation that falls back to yes never asks a 2026-07-28 client). Keep it as the legacy guard while the push stays; when listRoots() itself becomes inputRequired(...) returned from a request handler, check ctx.mcpReq.envelope's CLIENT_CAPABILITIES_META_KEY there and delete this read.
  if (server.server.getClientCapabilities()?.roots === undefined) return;
  const { roots } = await server.server.listRoots();
  console.error(`${roots.length} root(s)`);
};

export const createServer = () => {
  const server = new McpServer({ name: 'everything', version: '2.0.0' }, { capabilities: { tools: { listChanged: true } } });

  // Register the tools
  registerEchoTool(server);

  let syncTimeout: ReturnType<typeof setTimeout> | undefined;

  // Registered when the server is built: a 2026-07-28 client sends no initialize, so oninitialized never fires for it.
  registerConditionalTools(server);

  // Perform post-initialization operations
  // @mcp-migrate-todo(handshake/oninitialized): oninitialized never fires for a 2026-07-28 client (there is no initialize): move this work into the server factory, or do it lazily in the handler that needs it; registration here becomes unconditional in the factory. Keep it only for 2025-era connections (if (ctx.era !== 'modern') in a factory taking McpRequestContext).
  server.server.oninitialized = async () => {
    // Sync roots if the client supports them.
    syncTimeout = setTimeout(() => void syncRoots(server), 350);
  };

  return { server, cleanup: () => clearTimeout(syncTimeout) };
};
