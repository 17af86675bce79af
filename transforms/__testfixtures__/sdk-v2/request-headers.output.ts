// Headers read by name from v1's record of request headers (neondatabase/mcp-server-neon reads the User-Agent
// so): v2's context has the request itself, whose headers are a `Headers` object, read with `get(name)`. The
// official codemod maps `requestInfo` to `http?.req` and keeps the index, which reads nothing there. The file
// declares a `ServerContext` of its own, as neon does: v2's is imported under an alias, and read so too.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext as McpServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** The project's own context (its name is v2's context type's). */
export interface ServerContext {
  readOnly: boolean;
}

function readUserAgent(ctx: McpServerContext): string | undefined {
  const header = ctx.http?.req?.headers.get('user-agent') ?? undefined;
  return Array.isArray(header) ? header[0] : header;
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'ua', version: '1.0.0' });
  server.registerTool(
    'whoami',
    { description: 'Tells the user agent', inputSchema: z.object({ name: z.string() }) },
    async (_args: { name: string }, ctx: McpServerContext) => ({
      content: [{ type: 'text', text: readUserAgent(ctx) ?? 'unknown' }],
    }),
  );
  server.registerTool('echo_header', { description: 'Echoes a header', inputSchema: z.object({ name: z.string() }) }, async ({ name }, ctx) => ({
    content: [{ type: 'text', text: String(ctx.http?.req?.headers.get(name) ?? 'none') }],
  }));
  // The codemod's comment about this destructured context is anchored to its node: it stays although the header
  // reads above are rewritten (an edit before the comments found their lines lost it).
  /* @mcp-codemod-error Destructuring of context parameter in signature: "{ sessionId }". Properties have been reorganized in v2 (e.g., signal is now ctx.mcpReq.signal). Manual refactoring required. */
  server.registerTool('session', { inputSchema: z.object({ label: z.string() }) }, async ({ label }, { sessionId }) => ({
    content: [{ type: 'text', text: `${label}: ${sessionId ?? 'none'}` }],
  }));
  return server;
}
