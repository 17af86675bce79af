// A Next.js route on mcp-handler 2 (SDK v2): the same call shape as mcp-handler 1 without its config argument, but
// this major serves stateless Streamable HTTP only, no SSE: nothing to change (package.json says which major).
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
