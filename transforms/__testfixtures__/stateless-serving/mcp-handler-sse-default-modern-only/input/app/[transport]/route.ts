// A Next.js route on mcp-handler 1 called without its config argument: mcp-handler's defaults serve the legacy
// SSE endpoint too (relayed through the Redis named by REDIS_URL). With --modern-only no 2025-era client is
// served → a config holding only `disableSse: true` (the options argument left to its default).
import { createMcpHandler } from 'mcp-handler';
import { z } from 'zod';

const handler = createMcpHandler((server) => {
  server.registerTool(
    'roll_dice',
    { description: 'Roll a die with the given number of sides', inputSchema: { sides: z.number().int().min(2) } },
    async ({ sides }) => ({ content: [{ type: 'text', text: `🎲 ${1 + Math.floor(Math.random() * sides)}` }] }),
  );
});

export { handler as GET, handler as POST };
