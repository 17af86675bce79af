/**
 * A gate whose capability flag is also read inside the handlers it registers (the everything server's
 * roots tool): the registration becomes unconditional, and each handler computes the flag from its own
 * request's envelope (the handshake read stays as the fallback for 2025-era connections).
 */
import {
  McpServer,
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
} from '@modelcontextprotocol/server';

export const registerRootsTool = (server: McpServer) => {
  server.registerTool('roots', { description: 'Show the roots.' }, async (ctx) => {
    const clientCapabilities =
      ((
        ctx.mcpReq.envelope as { [CLIENT_CAPABILITIES_META_KEY]?: ClientCapabilities } | undefined
      )?.[CLIENT_CAPABILITIES_META_KEY] ??
        server.server.getClientCapabilities()) ||
      {};
    const clientSupportsRoots: boolean = clientCapabilities.roots !== undefined;
    return {
      content: [{ type: 'text', text: clientSupportsRoots ? 'roots supported' : 'no roots' }],
    };
  });
};

export const registerRootsListTool = (server: McpServer) => {
  server.registerTool(
    'get-roots-list',
    { description: 'Lists the roots.', inputSchema: {} },
    async (args, ctx): Promise<CallToolResult> => {
      // Does client support roots?
      const clientCapabilities =
        ((
          ctx.mcpReq.envelope as { [CLIENT_CAPABILITIES_META_KEY]?: ClientCapabilities } | undefined
        )?.[CLIENT_CAPABILITIES_META_KEY] ??
          server.server.getClientCapabilities()) ||
        {};
      const clientSupportsRoots: boolean = clientCapabilities.roots !== undefined;
      const requestId = ctx.mcpReq.id;
      // Respond if client supports roots but doesn't have any configured
      if (clientSupportsRoots) {
        return {
          content: [
            {
              type: 'text',
              text: `Request ${String(requestId)}:
no roots are currently configured.`,
            },
          ],
        };
      }
      return { content: [{ type: 'text', text: 'no roots' }] };
    }
  );
};
