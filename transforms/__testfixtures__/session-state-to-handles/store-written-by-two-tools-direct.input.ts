/**
 * `create_workspace` reads the `lang` that `login` stores straight off the read (`transportState.get(sid)?.lang`,
 * review 41 S41-3): a generated `create_transport` mints the handle instead.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type State = { lang?: string; workspaceId?: string };
const transportState = new Map<string, State>();
const api = {
  async createWorkspace(lang: string) { return `ws_${lang.length}_${Date.now()}`; },
  async chat(lang: string, workspaceId: string, message: string) { return `${workspaceId}: ${message}`; },
};

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'af6', version: '1.0.0' });

  server.registerTool('login', { description: 'Log in.', inputSchema: { lang: z.string() } },
    async ({ lang }, extra) => {
      const state = transportState.get(extra.sessionId!) ?? {};
      state.lang = lang;
      transportState.set(extra.sessionId!, state);
      return { content: [{ type: 'text' as const, text: 'logged in' }] };
    });

  server.registerTool('create_workspace', { description: 'Create a workspace and return its workspaceId.', inputSchema: {} },
    async (_args, extra) => {
      const workspaceId = await api.createWorkspace(transportState.get(extra.sessionId!)?.lang ?? '');
      transportState.set(extra.sessionId!, { ...transportState.get(extra.sessionId!), workspaceId });
      return { content: [{ type: 'text' as const, text: `workspaceId: ${workspaceId}` }] };
    });

  server.registerTool('chat', { description: 'Chat in a workspace.', inputSchema: { workspaceId: z.string().optional(), message: z.string() } },
    async ({ workspaceId, message }, extra) => {
      const state = transportState.get(extra.sessionId!) ?? {};
      const ws = workspaceId ?? state.workspaceId;
      if (!ws) return { isError: true, content: [{ type: 'text' as const, text: 'call create_workspace first' }] };
      return { content: [{ type: 'text' as const, text: await api.chat(state.lang ?? '', ws, message) }] };
    });

  return server;
}
