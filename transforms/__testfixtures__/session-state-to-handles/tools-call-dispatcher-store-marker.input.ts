/**
 * A low-level SDK 1.x server built per session around its id (ebarron/ONTAP-MCP's shape): its one tools/call handler
 * reads the clusters kept for that session. The store is state the tools use, not serving bookkeeping: its marker
 * says so (it was "no tool reaches it"), and why the handles transform, which re-keys registered tools, leaves it.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

const clusters = new Map<string, string[]>();

export function buildServer(): Server {
  const server = new Server({ name: 'clusters', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'list_clusters', inputSchema: { type: 'object' as const, properties: {} } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
    const names = clusters.get(extra.sessionId ?? '') ?? [];
    return { content: [{ type: 'text' as const, text: `${request.params.name}: ${names.join(', ') || 'none'}` }] };
  });
  return server;
}

export function addCluster(sessionId: string, name: string): void {
  clusters.set(sessionId, [...(clusters.get(sessionId) ?? []), name]);
}
