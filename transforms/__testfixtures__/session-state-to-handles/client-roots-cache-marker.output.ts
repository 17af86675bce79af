/**
 * The client's roots cached per session (the everything server's server/roots.ts shape): a tool asks the client
 * once per session and reads the cache afterwards → one marker (no handle: the roots are the client's, and
 * 2026-07-28 asks for them within the request).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Root } from '@modelcontextprotocol/sdk/types.js';

// @mcp-migrate-todo(session-state/keyed-store): `knownRoots` caches the client's roots per session: what the client said on its connection, not state a tool created, so it needs no handle. A 2026-07-28 server has no session to cache them under and cannot ask the client outside a request: ask for the roots within the tool call that needs them (an input request, inputRequired), and keep this cache only while 2025-era clients (stdio, server-legacy) are served.
const knownRoots = new Map<string | undefined, Root[]>();

async function rootsOf(server: McpServer, sessionId: string | undefined): Promise<Root[]> {
  const cached = knownRoots.get(sessionId);
  if (cached) return cached;
  const answer = await server.server.listRoots();
  knownRoots.set(sessionId, answer.roots);
  return answer.roots;
}

export function createRootsServer(): McpServer {
  const server = new McpServer({ name: 'roots', version: '1.0.0' });

  server.registerTool('list_roots', { description: 'List the roots the client shared.' }, async (extra) => {
    // @mcp-migrate-todo(session-state/session-id-read): the session id read here keys `knownRoots`, kept by apply and marked with what to do about it. A 2026-07-28 request has no session id: here it is undefined, so all such requests share one entry (or fail where the id is required). Resolve this read together with that marker: when the store goes, or is re-keyed, this read goes with it; until then it serves only 2025-era clients (stdio, server-legacy).
    const roots = await rootsOf(server, extra.sessionId);
    return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') || 'no roots' }] };
  });

  return server;
}
