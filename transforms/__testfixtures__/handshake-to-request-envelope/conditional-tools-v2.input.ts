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
  // Does the client support sampling?
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const clientSupportsSampling: boolean = clientCapabilities.sampling !== undefined;

  // If so, register the tool
  if (clientSupportsSampling) {
    server.registerTool('summarise', { description: 'Summarise with the client model.' }, async () => ({
      content: [{ type: 'text', text: 'summary' }],
    }));
  }
};

const registerElicitationTool = (server: McpServer) => {
  const clientCapabilities = server.server.getClientCapabilities() || {};
  if (clientCapabilities.elicitation !== undefined) {
    server.registerTool('confirm', { description: 'Ask the user to confirm.' }, async () => ({ content: [{ type: 'text', text: 'ok' }] }));
  }
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
  if (server.server.getClientCapabilities()?.roots === undefined) return;
  const { roots } = await server.server.listRoots();
  console.error(`${roots.length} root(s)`);
};

export const createServer = () => {
  const server = new McpServer({ name: 'everything', version: '2.0.0' }, { capabilities: { tools: { listChanged: true } } });

  // Register the tools
  registerEchoTool(server);

  let syncTimeout: ReturnType<typeof setTimeout> | undefined;

  // Perform post-initialization operations
  server.server.oninitialized = async () => {
    // Register conditional tools now that client capabilities are known.
    // This finishes before the `notifications/initialized` handler finishes.
    registerConditionalTools(server);

    // Sync roots if the client supports them.
    syncTimeout = setTimeout(() => void syncRoots(server), 350);
  };

  return { server, cleanup: () => clearTimeout(syncTimeout) };
};
