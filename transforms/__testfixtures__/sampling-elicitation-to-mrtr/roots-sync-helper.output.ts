import { McpServer, type CallToolResult, type Root, inputRequired, inputResponse, type InputRequiredResult } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 'workspace', version: '1.0.0' }, { capabilities: { tools: {} } });

// The client's roots by session: pulled after the handshake, again on each roots/list_changed.
export const roots: Map<string | undefined, Root[]> = new Map<string | undefined, Root[]>();

/** The client's roots for the session, requested once and cached. */
export const syncRoots = async (server: McpServer, sessionId?: string) => {
  const clientCapabilities = server.server.getClientCapabilities() || {};
  if (clientCapabilities.roots !== undefined) {
    const requestRoots = async () => {
      try {
        // @mcp-migrate-todo(deprecated-feature/roots): Roots (listRoots) sent from `requestRoots`, which the tool `get-roots-list` calls and which also runs outside any request (a hook, a notification handler, start-up), not from a request handler itself: on 2026-07-28 only the handler can ask the client, by returning inputRequired({ inputRequests: { k: inputRequired.listRoots() } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry; a helper cannot return that for it. Have the helper tell the handler what to ask (or take the answer as an argument), and let the handler return the input request. Until then a 2026-07-28 client is never asked, and whatever the helper does for a client that cannot be asked is what every such call gets.
        const response = await server.server.listRoots();
        if (response && 'roots' in response) {
          roots.set(sessionId, response.roots);
        }
      } catch (error) {
        console.error(`Failed to request roots from client ${sessionId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };

    if (!roots.has(sessionId)) {
      // @mcp-migrate-todo(deprecated-feature/roots): a handler of notifications/roots/list_changed, which 2026-07-28 removed: no 2026-era client sends it, so it runs only for 2025-era clients (stdio, server-legacy), whose per-connection state it refreshes. Keep it while they are served, or drop it; a tool that needs the roots asks for them within its call: return inputRequired({ inputRequests: { k: inputRequired.listRoots() } }) and read inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry.
      server.server.setNotificationHandler('notifications/roots/list_changed', requestRoots);
      await requestRoots();
    }
    return roots.get(sessionId);
  }
};

server.server.oninitialized = () => {
  void syncRoots(server);
};

server.registerTool(
  'get-roots-list',
  { description: 'Lists the roots the client shares with this server', inputSchema: {} },
  async (_args, ctx): Promise<CallToolResult | InputRequiredResult> => {
    // Fetch the current roots list from the client if need be
    const currentRootsResponse = inputResponse(ctx.mcpReq.inputResponses, 'currentRoots');
    if (currentRootsResponse.kind === 'missing') {
      return inputRequired({
        inputRequests: {
          currentRoots: inputRequired.listRoots(),
        },
      });
    }
    if (currentRootsResponse.kind !== 'roots') {
      return { content: [{ type: 'text' as const, text: `Expected a roots response for "currentRoots", got "${currentRootsResponse.kind}".` }], isError: true };
    }
    const currentRoots = currentRootsResponse.roots;

    if (
      !currentRoots || currentRoots.length === 0
    ) {
      return { content: [{ type: 'text', text: 'The client supports roots but has none configured.' }] };
    }

    const rootsList = currentRoots ? currentRoots.map((root, index) => `${index + 1}. ${root.name || 'Unnamed Root'}\n   URI: ${root.uri}`).join('\n\n') : 'No roots found';
    return { content: [{ type: 'text', text: `Current MCP Roots (${currentRoots!.length} total):\n\n${rootsList}` }] };
  },
);

// What the last sync cached for this session, without asking the client again.
server.registerTool('get-cached-roots', { description: 'Lists the roots cached for this session', inputSchema: {} }, async (_args, ctx): Promise<CallToolResult> => {
  const cached = roots.get(ctx.sessionId) ?? [];
  return { content: [{ type: 'text', text: cached.map((root) => root.uri).join('\n') || 'Nothing cached.' }] };
});
