/**
 * A tool handler a wrapper builds and returns, its context parameter typed inline with v1's keys, registered
 * through a cast (iceener/spotify-streamable-mcp-server's `createWrappedHandler`): the codemod does not see the
 * returned function as a handler, so v1's `extra.signal`/`extra.requestId`/`extra._meta` would read nothing on
 * v2. Typed as the handler context, it is migrated like one.
 */
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

type ToolContext = { requestId?: string; signal?: AbortSignal; progressToken?: string | number };
type ToolHandler = (args: Record<string, unknown>, context: ToolContext) => Promise<string>;

function createWrappedHandler(handler: ToolHandler) {
  return async (
    args: Record<string, unknown>,
    extra?: ServerContext,
  ) => {
    const text = await handler(args, {
      requestId: extra?.mcpReq.id ? String(extra.mcpReq.id) : undefined,
      signal: extra?.mcpReq.signal,
      progressToken: extra?.mcpReq._meta?.progressToken,
    });
    return { content: [{ type: 'text' as const, text }] };
  };
}

const search: ToolHandler = async (args, context) => (context.signal?.aborted ? 'cancelled' : `searched ${String(args.query)}`);

export function createServer(): McpServer {
  const server = new McpServer({ name: 'music', version: '1.0.0' });
  server.registerTool('search', { inputSchema: z.object({ query: z.string() }) }, createWrappedHandler(search) as Parameters<typeof server.registerTool>[2]);
  return server;
}
