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
    // @mcp-migrate-todo(session-state/session-id-read): this copies the session id by hand into `_meta.mcpSessionId` of each request so that handlers can read it back (reads: 2 in server.ts; each marked). 2026-07-28 requests have no session id to copy: resolve those reads first (an explicit handle, authInfo or the request id), then remove this copy together with the session serving it belongs to.
    record.params = injectMcpSessionId(record.params, mcpSessionId);
    sdkOnMessage?.(message);
  };
}
