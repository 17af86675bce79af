// A Next.js route on mcp-handler 1 (the vercel-labs template's shape): one handler for `/mcp` and `/sse`.
// Its config names the Redis that relays SSE sessions between function instances, so the SSE endpoint works:
// with --modern-only no 2025-era client is served → `disableSse: true`.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpHandler } from 'mcp-handler';
import { z } from 'zod';

function registerTools(server: McpServer): void {
  server.registerTool('echo', { description: 'Echo a message', inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: `Tool echo: ${message}` }],
  }));
}

const handler = createMcpHandler(
  (server) => {
    registerTools(server);
  },
  { capabilities: { tools: {} } },
  {
    basePath: '',
    redisUrl: process.env.REDIS_URL,
    verboseLogs: true,
    maxDuration: 60,
  },
);

export { handler as GET, handler as POST, handler as DELETE };
