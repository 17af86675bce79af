/**
 * `create_workspace` reads the `lang` that `login` stores straight off the read (`transportState.get(sid)?.lang`,
 * review 41 S41-3): a generated `create_transport` mints the handle instead.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { createHandleRegistry } from './mcp-handles.js';

type State = { lang?: string; workspaceId?: string };
const transportState = new Map<string, State>();

/** transport_id handles (mcp-migrate): minted by create_transport, bound to the caller, expire after 24 hours idle or 7 days after minting, at most 100 live per caller. */
const transportHandles = createHandleRegistry({
  prefix: 'transport',
  argument: 'transport_id',
  mintTool: 'create_transport',
  ttlMs: 24 * 60 * 60 * 1000,
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
  maxPerCaller: 100,
  onExpire: (id) => transportState.delete(id),
});

const api = {
  async createWorkspace(lang: string) { return `ws_${lang.length}_${Date.now()}`; },
  async chat(lang: string, workspaceId: string, message: string) { return `${workspaceId}: ${message}`; },
};

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'af6', version: '1.0.0' });

  server.registerTool('login', { description: 'Log in.', inputSchema: { lang: z.string(), transport_id: z.string().max(32).regex(/^transport_[A-Za-z0-9_-]{22}$/, 'Not a transport_id: call create_transport to get one.').describe('The transport_id returned by create_transport.') } },
    async ({ lang, transport_id }, extra) => {
      const transportDenied = transportHandles.check(transport_id, extra);
      if (transportDenied) return transportDenied;
      const state = transportState.get(transport_id) ?? {};
      state.lang = lang;
      transportState.set(transport_id, state);
      return { content: [{ type: 'text' as const, text: 'logged in' }] };
    });

  server.registerTool('create_workspace', { description: 'Create a workspace and return its workspaceId.', inputSchema: { transport_id: z.string().max(32).regex(/^transport_[A-Za-z0-9_-]{22}$/, 'Not a transport_id: call create_transport to get one.').describe('The transport_id returned by create_transport.') } },
    async (_args, extra) => {
      const transportDenied = transportHandles.check(_args.transport_id, extra);
      if (transportDenied) return transportDenied;
      const workspaceId = await api.createWorkspace(transportState.get(_args.transport_id)?.lang ?? '');
      transportState.set(_args.transport_id, { ...transportState.get(_args.transport_id), workspaceId });
      return { content: [{ type: 'text' as const, text: `workspaceId: ${workspaceId}` }] };
    });

  server.registerTool('chat', { description: 'Chat in a workspace.', inputSchema: { workspaceId: z.string().optional(), message: z.string(), transport_id: z.string().max(32).regex(/^transport_[A-Za-z0-9_-]{22}$/, 'Not a transport_id: call create_transport to get one.').describe('The transport_id returned by create_transport.') } },
    async ({ workspaceId, message, transport_id }, extra) => {
      const transportDenied = transportHandles.check(transport_id, extra);
      if (transportDenied) return transportDenied;
      const state = transportState.get(transport_id) ?? {};
      const ws = workspaceId ?? state.workspaceId;
      if (!ws) return { isError: true, content: [{ type: 'text' as const, text: 'call create_workspace first' }] };
      return { content: [{ type: 'text' as const, text: await api.chat(state.lang ?? '', ws, message) }] };
    });

  server.registerTool(
    'create_transport',
    {
      description: 'Create a new transport and return its transport_id. Pass the transport_id to login, create_workspace and chat. A transport_id expires after 24 hours without use, and 7 days after it was created however often it is used; then call create_transport again.',
      inputSchema: { idempotency_key: z.string().max(128).optional().describe('Optional. Retrying with the same key returns the same transport_id instead of creating a second transport, for as long as that transport_id lives. At most 128 characters. Without sign-in the key must be 16 random bytes in base64url (22 characters): a guessable key is refused.') },
    },
    async ({ idempotency_key }, extra) => {
      const transport_id = transportHandles.mint(extra, idempotency_key);
      return { content: [{ type: 'text' as const, text: `transport_id: ${transport_id}` }], structuredContent: { transport_id } };
    },
  );

  return server;
}
