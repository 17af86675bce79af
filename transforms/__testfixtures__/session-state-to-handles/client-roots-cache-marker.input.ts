/**
 * The client's roots cached per session (the everything server's server/roots.ts shape): a tool asks the client
 * once per session and reads the cache afterwards → one marker (no handle: the roots are the client's, and
 * 2026-07-28 asks for them within the request).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Root } from '@modelcontextprotocol/sdk/types.js';

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
    const roots = await rootsOf(server, extra.sessionId);
    return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') || 'no roots' }] };
  });

  return server;
}
