// A Next.js route on mcp-handler 1 with server options but no config: mcp-handler's defaults serve the legacy SSE
// endpoint too (relayed through the Redis named by REDIS_URL or KV_URL), which may work: kept for 2025-era
// clients by default, one marker at the call saying what removes it.
import { createMcpHandler } from 'mcp-handler';
import { z } from 'zod';

// @mcp-migrate-todo(session-transport/sse-transport): mcp-handler also serves the legacy HTTP+SSE endpoint (2024-11-05; one session per stream), kept for 2025-era clients: it is sessionful by design. Once no 2025-era client needs it, `mcp-migrate apply --modern-only` sets `disableSse: true`; 2026-07-28 clients use its Streamable HTTP endpoint. The mcp-handler path: set `disableSse: true` and drop `redisUrl` now, then upgrade to mcp-handler 2 (SDK v2, stateless Streamable HTTP only).
const handler = createMcpHandler(
  (server) => {
    server.registerTool(
      'roll_dice',
      { description: 'Roll a die with the given number of sides', inputSchema: { sides: z.number().int().min(2) } },
      async ({ sides }) => ({ content: [{ type: 'text', text: `🎲 ${1 + Math.floor(Math.random() * sides)}` }] }),
    );
  },
  { serverInfo: { name: 'dice', version: '1.2.0' } },
);

export { handler as GET, handler as POST };
