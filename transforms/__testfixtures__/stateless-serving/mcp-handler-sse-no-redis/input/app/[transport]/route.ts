// A Next.js route on mcp-handler 1 (the vercel-labs template's shape): one handler for `/mcp` and `/sse`.
// Its config has no `redisUrl`, and a config object replaces mcp-handler's defaults (which read REDIS_URL),
// so every SSE request fails with "redisUrl is required": the SSE endpoint serves nobody → `disableSse: true`.
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
    verboseLogs: true,
    maxDuration: 60,
  },
);

export { handler as GET, handler as POST, handler as DELETE };
