/**
 * A workspace server (plain JS, SDK v2) that caches the client's roots per session and lists them
 * from a tool: the tool reads them through the same sync helper the handshake hook uses.
 */
import { McpServer, inputRequired, inputResponse } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 'workspace', version: '1.0.0' }, { capabilities: { tools: {} } });

/** @type {Map<string | undefined, import('@modelcontextprotocol/server').Root[]>} */
const roots = new Map();

/**
 * The client's roots for the session, requested once and cached.
 * @param {McpServer} server
 * @param {string} [sessionId]
 */
async function syncRoots(server, sessionId) {
  if (!server.server.getClientCapabilities()?.roots) return undefined;
  if (!roots.has(sessionId)) {
    try {
      // @mcp-migrate-todo(deprecated-feature/roots): Roots (listRoots) sent from `syncRoots`, which the tool `list-workspace` calls and which also runs outside any request (a hook, a notification handler, start-up), not from a request handler itself: on 2026-07-28 only the handler can ask the client, by returning inputRequired({ inputRequests: { k: inputRequired.listRoots() } }) and reading inputResponse(ctx.mcpReq.inputResponses, 'k') on the retry; a helper cannot return that for it. Have the helper tell the handler what to ask (or take the answer as an argument), and let the handler return the input request. Until then a 2026-07-28 client is never asked, and whatever the helper does for a client that cannot be asked is what every such call gets.
      const response = await server.server.listRoots();
      roots.set(sessionId, response.roots);
    } catch (error) {
      console.error('roots/list failed', error);
    }
  }
  return roots.get(sessionId);
}

server.server.oninitialized = () => {
  void syncRoots(server);
};

server.registerTool('list-workspace', { description: 'Lists the workspace folders the client shares', inputSchema: {} }, async (_args, ctx) => {
  const foldersResponse = inputResponse(ctx.mcpReq.inputResponses, 'folders');
  if (foldersResponse.kind === 'missing') {
    return inputRequired({
      inputRequests: {
        folders: inputRequired.listRoots(),
      },
    });
  }
  if (foldersResponse.kind !== 'roots') {
    return { content: [{ type: 'text', text: `Expected a roots response for "folders", got "${foldersResponse.kind}".` }], isError: true };
  }
  const folders = foldersResponse.roots;
  if (!folders || folders.length === 0) {
    return { content: [{ type: 'text', text: 'No workspace folders are shared.' }] };
  }
  return { content: [{ type: 'text', text: folders.map((root) => root.uri).join('\n') }] };
});

// What the last sync cached for this session, without asking the client again.
server.registerTool('cached-workspace', { description: 'Lists the workspace folders cached for this session', inputSchema: {} }, async (_args, ctx) => {
  const cached = roots.get(ctx.sessionId) ?? [];
  return { content: [{ type: 'text', text: cached.map((root) => root.uri).join('\n') || 'Nothing cached.' }] };
});
