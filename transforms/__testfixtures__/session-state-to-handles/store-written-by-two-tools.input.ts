/**
 * A store written by two tools: `login` stores a token, and `create_workspace` (named like a creator) reads that
 * token to create a workspace and stores its id (energychain/willi-mako-client, sweep 32 AF6). Made the minting
 * tool, `create_workspace` would read a freshly minted, empty entry, and `login` would need a handle that only
 * exists after logging in. A generated `create_transport` mints the handle instead, and all three tools take it.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type State = { token?: string; workspaceId?: string };
const transportState = new Map<string, State>();
const api = {
  async createWorkspace(token: string) { return `ws_${token.length}_${Date.now()}`; },
  async chat(token: string, workspaceId: string, message: string) { return `${workspaceId}: ${message}`; },
};

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'af6', version: '1.0.0' });

  server.registerTool('login', { description: 'Log in.', inputSchema: { token: z.string() } },
    async ({ token }, extra) => {
      const state = transportState.get(extra.sessionId!) ?? {};
      state.token = token;
      transportState.set(extra.sessionId!, state);
      return { content: [{ type: 'text' as const, text: 'logged in' }] };
    });

  server.registerTool('create_workspace', { description: 'Create a workspace and return its workspaceId.', inputSchema: {} },
    async (_args, extra) => {
      const state = transportState.get(extra.sessionId!) ?? {};
      const workspaceId = await api.createWorkspace(state.token ?? '');
      state.workspaceId = workspaceId;
      transportState.set(extra.sessionId!, state);
      return { content: [{ type: 'text' as const, text: `workspaceId: ${workspaceId}` }] };
    });

  server.registerTool('chat', { description: 'Chat in a workspace.', inputSchema: { workspaceId: z.string().optional(), message: z.string() } },
    async ({ workspaceId, message }, extra) => {
      const state = transportState.get(extra.sessionId!) ?? {};
      const ws = workspaceId ?? state.workspaceId;
      if (!ws) return { isError: true, content: [{ type: 'text' as const, text: 'call create_workspace first' }] };
      return { content: [{ type: 'text' as const, text: await api.chat(state.token ?? '', ws, message) }] };
    });

  return server;
}
