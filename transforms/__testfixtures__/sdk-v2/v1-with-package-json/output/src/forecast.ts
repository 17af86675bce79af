import type { McpServer, CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const forecasts: Record<string, string> = { paris: 'sunny', oslo: 'snow' };

export function registerForecast(server: McpServer): void {
  server.registerTool(
    'forecast',
    { description: "Tomorrow's weather for a city", inputSchema: z.object({ city: z.string() }) },
    async ({ city }, ctx): Promise<CallToolResult> => {
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: `forecast for ${city}` } });
      return { content: [{ type: 'text', text: forecasts[city.toLowerCase()] ?? 'unknown' }] };
    },
  );
}
