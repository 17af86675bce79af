// A Next.js route on mcp-handler 1 (the vercel-labs template's shape): one handler for `/mcp` and `/sse`.
// Its config names the Redis that relays SSE sessions between function instances, so the SSE endpoint works:
// kept for 2025-era clients by default, one marker at the call saying what removes it.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpHandler } from 'mcp-handler';
import { z } from 'zod';

function registerTools(server: McpServer): void {
  server.registerTool('echo', { description: 'Echo a message', inputSchema: { message: z.string() } }, async ({ message }) => ({
    content: [{ type: 'text', text: `Tool echo: ${message}` }],
  }));
}

// @mcp-migrate-todo(session-transport/sse-transport): mcp-handler also serves the legacy HTTP+SSE endpoint (2024-11-05; one session per stream), kept for 2025-era clients: it is sessionful by design. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` sets `disableSse: true`; 2026-07-28 clients use its Streamable HTTP endpoint. The mcp-handler path: set `disableSse: true` and drop `redisUrl` now, then upgrade to mcp-handler 2 (SDK v2, stateless Streamable HTTP only).
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
