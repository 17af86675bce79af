// Like getsentry/sentry-mcp: the project declares its own `ServerContext` (types.ts), and tools.ts
// types the SDK's request context with v1's `RequestHandlerExtra`, which v2 calls `ServerContext`.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ServerContext } from './types.js';

export function createServer(context: ServerContext): McpServer {
  const server = new McpServer({ name: 'issues', version: '1.0.0' });
  server.registerTool('whoami', { inputSchema: z.object({ verbose: z.boolean().optional() }) }, async ({ verbose }) => ({
    content: [{ type: 'text', text: verbose ? `${context.userId ?? 'anonymous'} in ${context.organizationSlug ?? 'default'}` : (context.userId ?? 'anonymous') }],
  }));
  return server;
}
