import { McpServer, CLIENT_CAPABILITIES_META_KEY, type CallToolResult, type ClientCapabilities, type Root } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 'workspace', version: '1.0.0' }, { capabilities: { tools: {} } });

// The client's roots by session: pulled after the handshake, again on each roots/list_changed.
export const roots: Map<string | undefined, Root[]> = new Map<string | undefined, Root[]>();

/** The client's roots for the session, requested once and cached. */
export const syncRoots = async (server: McpServer, sessionId?: string) => {
  const clientCapabilities = server.server.getClientCapabilities() || {};
  if (clientCapabilities.roots !== undefined) {
    const requestRoots = async () => {
      try {
        const response = await server.server.listRoots();
        if (response && 'roots' in response) {
          roots.set(sessionId, response.roots);
        }
      } catch (error) {
        console.error(`Failed to request roots from client ${sessionId}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };

    if (!roots.has(sessionId)) {
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
  async (_args, ctx): Promise<CallToolResult> => {
    // Does the client support roots?
    const clientCapabilities = ((ctx.mcpReq.envelope as { [CLIENT_CAPABILITIES_META_KEY]?: ClientCapabilities } | undefined)?.[CLIENT_CAPABILITIES_META_KEY] ?? server.server.getClientCapabilities()) || {};
    const clientSupportsRoots: boolean = clientCapabilities.roots !== undefined;
    // Fetch the current roots list from the client if need be
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `roots`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required).
    const currentRoots = await syncRoots(server, ctx.sessionId);

    if (
      clientSupportsRoots &&
      (!currentRoots || currentRoots.length === 0)
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
