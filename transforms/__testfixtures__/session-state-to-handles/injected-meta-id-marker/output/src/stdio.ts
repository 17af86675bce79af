import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { TaskParams } from './meta.js';
import { injectMcpSessionId } from './meta.js';
import { server } from './server.js';

export async function startStdio(): Promise<void> {
  const transport = new StdioServerTransport();
  // One id per stdio process, so the task store can tell callers apart.
  const mcpSessionId = randomUUID();
  await server.connect(transport);
  const sdkOnMessage = transport.onmessage;
  transport.onmessage = (message) => {
    const record = message as { params?: TaskParams };
    // @mcp-migrate-todo(session-state/session-id-read): this fills `_meta.mcpSessionId` of each request, which the handlers read back as the session id (reads: 2 in server.ts; each marked). A 2026-07-28 request has no MCP session id to fill it with, and an id minted here per process (as a stdio entry point does) names the process, not a client: resolve those reads first (an explicit handle, authInfo or the request id), then remove this copy together with the serving code it belongs to.
    record.params = injectMcpSessionId(record.params, mcpSessionId);
    sdkOnMessage?.(message);
  };
}
