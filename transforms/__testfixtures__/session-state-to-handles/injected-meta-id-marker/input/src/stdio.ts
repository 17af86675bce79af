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
    record.params = injectMcpSessionId(record.params, mcpSessionId);
    sdkOnMessage?.(message);
  };
}
