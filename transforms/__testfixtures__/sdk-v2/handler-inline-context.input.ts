// A handler whose own context parameter is typed inline with v1's context keys, passed to a helper typed
// the same way (neondatabase/mcp-server-neon's docs-only tools hand `extra: { requestInfo?: RequestInfo }` to
// the helper reading the User-Agent): the codemod renamed the handler's `extra` to `ctx` but kept the v1 type,
// so the call no longer type-checks against the helper it migrated. Both are typed as v2's context, like a
// parameter annotated with v1's context type.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { z } from 'zod';

function callerOf(extra: { authInfo?: AuthInfo }): string {
  return extra.authInfo?.clientId ?? 'anonymous';
}

export function buildServer(): McpServer {
  const server = new McpServer({ name: 'whoami', version: '1.0.0' });
  server.registerTool(
    'whoami',
    { description: 'Tells the caller', inputSchema: { verbose: z.boolean() } },
    async (_args: { verbose: boolean }, extra: { authInfo?: AuthInfo }) => ({
      content: [{ type: 'text', text: callerOf(extra) }],
    }),
  );
  return server;
}
