/**
 * A low-level SDK 1.x server built per session around its id (ebarron/ONTAP-MCP's shape): its one tools/call handler
 * reads the clusters kept for that session. The store is state the tools use, not serving bookkeeping: its marker
 * says so (it was "no tool reaches it"), and why the handles transform, which re-keys registered tools, leaves it.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

// @mcp-migrate-todo(session-state/keyed-store): `clusters` is keyed by the session id and read by the server's tools/call handler, which serves every tool: it is state the tools use, and a 2026-07-28 request has no session id to find it by. Not rewritten: the handles transform gives a handle argument to tools registered one by one, not to a dispatcher. Give the tools that need it a `<noun>_id` argument (in their input schemas), minted by a `create_<noun>` tool and checked against the caller on every call, and key `clusters` by it.
const clusters = new Map<string, string[]>();

export function buildServer(): Server {
  const server = new Server({ name: 'clusters', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'list_clusters', inputSchema: { type: 'object' as const, properties: {} } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `clusters`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is '' (the fallback), so all such requests share that one entry. Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    const names = clusters.get(extra.sessionId ?? '') ?? [];
    return { content: [{ type: 'text' as const, text: `${request.params.name}: ${names.join(', ') || 'none'}` }] };
  });
  return server;
}

export function addCluster(sessionId: string, name: string): void {
  clusters.set(sessionId, [...(clusters.get(sessionId) ?? []), name]);
}
