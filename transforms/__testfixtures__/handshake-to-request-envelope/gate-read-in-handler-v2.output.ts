/**
 * A gate whose capability flag is also read inside the handler (the everything server's roots tool):
 * making the registration unconditional would freeze that flag before any client exists, so it is marked.
 */
import { McpServer } from '@modelcontextprotocol/server';

export const registerRootsTool = (server: McpServer) => {
  // @mcp-migrate-todo(handshake/client-capabilities): getClientCapabilities() feeds the `if` below: registration gated on the client capabilities from initialize, which 2026-07-28 does not have: register unconditionally (tool lists must not vary per connection); the SDK refuses an embedded inputRequired request the calling client did not declare with -32021, or check ctx.mcpReq.envelope in the handler.
  const clientCapabilities = server.server.getClientCapabilities() || {};
  const clientSupportsRoots: boolean = clientCapabilities.roots !== undefined;

  if (clientSupportsRoots) {
    server.registerTool('roots', { description: 'Show the roots.' }, async () => ({
      content: [{ type: 'text', text: clientSupportsRoots ? 'roots supported' : 'no roots' }],
    }));
  }
};
