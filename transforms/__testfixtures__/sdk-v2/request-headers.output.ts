// Headers read by name from v1's record of request headers (neondatabase/mcp-server-neon reads the User-Agent
// so): v2's context has the request itself, whose headers are a `Headers` object, read with `get(name)`. The
// official codemod maps `requestInfo` to `http?.req` and keeps the index, which reads nothing there.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

function readUserAgent(ctx: ServerContext): string | undefined {
  const header = ctx.http?.req?.headers.get('user-agent') ?? undefined;
  return Array.isArray(header) ? header[0] : header;
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'ua', version: '1.0.0' });
  server.registerTool(
    'whoami',
    { description: 'Tells the user agent', inputSchema: z.object({ name: z.string() }) },
    async (_args: { name: string }, ctx: ServerContext) => ({
      content: [{ type: 'text', text: readUserAgent(ctx) ?? 'unknown' }],
    }),
  );
  server.registerTool('tenant', { description: 'Tells the tenant header' }, async (extra) => ({
    content: [{ type: 'text', text: String(extra.http?.req?.headers.get('x-tenant') ?? 'none') }],
  }));
  return server;
}
