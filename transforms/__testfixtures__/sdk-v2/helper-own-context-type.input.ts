// A handler hands its context to helpers typed with the project's own context type, which reads v1's
// `requestInfo` (energychain/willi-mako-client's `RequestContext`, sweep 32 AF2). On v2 the context has no
// `requestInfo` (the request is `ctx.http?.req`), yet the type still fits it: every read compiles and reads
// undefined, so the tool would refuse every caller. The reads the move leaves as they were are marked.
import type { IncomingHttpHeaders } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type RequestContext = { sessionId?: string; requestInfo?: { headers?: IncomingHttpHeaders } };

function bearerOf(context?: RequestContext): string | undefined {
  const auth = context?.requestInfo?.headers?.authorization;
  return typeof auth === 'string' ? auth.replace(/^Bearer\s+/i, '') : undefined;
}

function userAgentOf(context: RequestContext): string {
  return String(context.requestInfo?.headers?.['user-agent'] ?? 'unknown');
}

function headerCount(context: RequestContext): number {
  const { requestInfo } = context;
  return Object.keys(requestInfo?.headers ?? {}).length;
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'own-context', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Echo the caller token.', inputSchema: { verbose: z.boolean().optional() } },
    async (_args, extra?: RequestContext) => {
      const token = bearerOf(extra);
      if (!token) return { isError: true, content: [{ type: 'text' as const, text: 'Authentication required' }] };
      return { content: [{ type: 'text' as const, text: `token ${token.slice(0, 4)}… from ${extra ? `${userAgentOf(extra)} (${headerCount(extra)} headers)` : 'nobody'}` }] };
    });
  return server;
}
