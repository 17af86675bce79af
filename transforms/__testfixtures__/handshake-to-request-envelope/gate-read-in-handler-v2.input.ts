/**
 * A gate whose capability flag is also read inside the handler (the everything server's roots tool):
 * making the registration unconditional would freeze that flag before any client exists, so it is marked.
 */
import { McpServer } from '@modelcontextprotocol/server';

export const registerRootsTool = (server: McpServer) => {
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const clientSupportsRoots: boolean = clientCapabilities.roots !== undefined;

  if (clientSupportsRoots) {
    server.registerTool('roots', { description: 'Show the roots.' }, async () => ({
      content: [{ type: 'text', text: clientSupportsRoots ? 'roots supported' : 'no roots' }],
    }));
  }
};
