/**
 * `create_workspace` reads the `lang` that `login` stores by destructuring the entry (review 41 S41-3): it needs
 * `login` to have run first on the same entry, so a generated `create_ws` mints the handle instead.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

type State = { lang?: string; workspaceId?: string };
const wsState = new Map<string, State>();

/** ws_id handles (mcp-migrate): minted by create_ws, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const wsHandles = createHandleRegistry({
  prefix: 'ws',
  argument: 'ws_id',
  mintTool: 'create_ws',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => wsState.delete(id),
});

const api = {
  async createWorkspace(lang: string) { return `ws_${lang.length}_${Date.now()}`; },
  async chat(lang: string, workspaceId: string, message: string) { return `${workspaceId}: ${message}`; },
};

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'af6', version: '1.0.0' });

  server.registerTool('login', { description: 'Log in.', inputSchema: { lang: z.string(), ws_id: z.string().max(25).regex(/^ws_[A-Za-z0-9_-]{22}$/, 'Not a ws_id: call create_ws to get one.').describe('The ws_id returned by create_ws.') } },
    async ({ lang, ws_id }, extra) => {
      const wsDenied = wsHandles.check(ws_id, extra);
      if (wsDenied) return wsDenied;
      const state = wsState.get(ws_id) ?? {};
      state.lang = lang;
      wsState.set(ws_id, state);
      return { content: [{ type: 'text' as const, text: 'logged in' }] };
    });

  server.registerTool('create_workspace', { description: 'Create a workspace and return its workspaceId.', inputSchema: { ws_id: z.string().max(25).regex(/^ws_[A-Za-z0-9_-]{22}$/, 'Not a ws_id: call create_ws to get one.').describe('The ws_id returned by create_ws.') } },
    async (_args, extra) => {
      const wsDenied = wsHandles.check(_args.ws_id, extra);
      if (wsDenied) return wsDenied;
      const { lang } = wsState.get(_args.ws_id) ?? {};
      const workspaceId = await api.createWorkspace(lang ?? '');
      wsState.set(_args.ws_id, { lang, workspaceId });
      return { content: [{ type: 'text' as const, text: `workspaceId: ${workspaceId}` }] };
    });

  server.registerTool('chat', { description: 'Chat in a workspace.', inputSchema: { workspaceId: z.string().optional(), message: z.string(), ws_id: z.string().max(25).regex(/^ws_[A-Za-z0-9_-]{22}$/, 'Not a ws_id: call create_ws to get one.').describe('The ws_id returned by create_ws.') } },
    async ({ workspaceId, message, ws_id }, extra) => {
      const wsDenied = wsHandles.check(ws_id, extra);
      if (wsDenied) return wsDenied;
      const state = wsState.get(ws_id) ?? {};
      const ws = workspaceId ?? state.workspaceId;
      if (!ws) return { isError: true, content: [{ type: 'text' as const, text: 'call create_workspace first' }] };
      return { content: [{ type: 'text' as const, text: await api.chat(state.lang ?? '', ws, message) }] };
    });

  server.registerTool(
    'create_ws',
    {
      description: 'Create a new ws and return its ws_id. Pass the ws_id to login, create_workspace and chat. A ws_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_ws again.',
      inputSchema: { idempotency_key: z.string().max(128).optional().describe('Optional. Retrying with the same key returns the same ws_id instead of creating a second ws, for as long as that ws_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.') },
    },
    async ({ idempotency_key }, extra) => {
      const ws_id = wsHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `ws_id: ${ws_id}` }], structuredContent: { ws_id } };
    },
  );

  return server;
}
